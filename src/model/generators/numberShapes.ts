/**
 * Reader of the shapes file (catalog/shapes.xml) that the number designs draw their digits from.
 * Parsed once by whoever loads the file (the catalog store in the page, `loadNumberShapes` in
 * Node); the number generators take the parsed fontsets, so they stay pure.
 */
import { XMLParser } from 'fast-xml-parser';

/** A photo of a character, in grid cells relative to the character's top-left. */
export interface ShapeRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface CharShape {
  value: string;
  /** Width in grid cells. */
  width: number;
  rects: ShapeRect[];
}

export interface Fontset {
  id: number;
  /** What the customer sees: the spec orders the four fontsets A, C, D, B. */
  label: string;
  name: string;
  /** Height of every character in grid cells. */
  height: number;
  /** Empty grid columns between two characters. */
  spacing: number;
  chars: ReadonlyMap<string, CharShape>;
}

/** Fontsets by id (index = the saved 'fontset' setting). */
export type NumberShapes = readonly Fontset[];

export const SHAPES_PARSE_ERROR = "Couldn't parse the shapes xml";

export class ShapesParseError extends Error {
  constructor(detail: string) {
    super(`${SHAPES_PARSE_ERROR}: ${detail}`);
    this.name = 'ShapesParseError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['fontset', 'char', 'row', 'rect'].includes(name),
});

type RawNode = Record<string, unknown>;

function wholeNumber(node: RawNode, key: string, where: string, min = 0): number {
  const raw = node[key];
  const value = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min)
    throw new ShapesParseError(`${where}: ${key} must be a whole number of at least ${min}`);
  return value;
}

function rowsToRects(rows: unknown[], width: number, height: number, where: string): ShapeRect[] {
  if (rows.length !== height)
    throw new ShapesParseError(`${where}: ${rows.length} rows, the fontset is ${height} high`);
  return rows.flatMap((row, y) => {
    const line = typeof row === 'string' ? row.trim() : '';
    if (line.length !== width || /[^#.]/.test(line))
      throw new ShapesParseError(`${where}: row ${y + 1} must be ${width} of '#' or '.'`);
    return [...line].flatMap((mark, x) => (mark === '#' ? [{ x, y, width: 1, height: 1 }] : []));
  });
}

function overlaps(a: ShapeRect, b: ShapeRect): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

function parseChar(node: RawNode, height: number, where: string): CharShape {
  const value = typeof node.value === 'string' ? node.value : '';
  if ([...value].length !== 1)
    throw new ShapesParseError(`${where}: a char needs a one-character value`);
  const here = `${where} char '${value}'`;
  const width = wholeNumber(node, 'width', here, 1);
  const rows = node.row as unknown[] | undefined;
  const rects = [
    ...(rows ? rowsToRects(rows, width, height, here) : []),
    ...((node.rect as RawNode[] | undefined) ?? []).map((rect) => ({
      x: wholeNumber(rect, 'x', here),
      y: wholeNumber(rect, 'y', here),
      width: wholeNumber(rect, 'w', here, 1),
      height: wholeNumber(rect, 'h', here, 1),
    })),
  ];
  if (rects.length === 0) throw new ShapesParseError(`${here}: no cells`);
  rects.forEach((rect, i) => {
    if (rect.x + rect.width > width || rect.y + rect.height > height)
      throw new ShapesParseError(`${here}: a rect leaves the character box`);
    if (rects.slice(0, i).some((other) => overlaps(rect, other)))
      throw new ShapesParseError(`${here}: rects overlap`);
  });
  return { value, width, rects };
}

function parseFontset(node: RawNode, index: number): Fontset {
  const where = `fontset ${index + 1}`;
  const id = wholeNumber(node, 'id', where);
  const height = wholeNumber(node, 'height', where, 1);
  const spacing = wholeNumber(node, 'spacing', where);
  const chars = new Map<string, CharShape>();
  for (const charNode of (node.char as RawNode[] | undefined) ?? []) {
    const shape = parseChar(charNode, height, where);
    if (chars.has(shape.value)) throw new ShapesParseError(`${where}: char '${shape.value}' twice`);
    chars.set(shape.value, shape);
  }
  for (const digit of '0123456789')
    if (!chars.has(digit)) throw new ShapesParseError(`${where}: digit ${digit} is missing`);
  const label = typeof node.label === 'string' ? node.label : String(id);
  const name = typeof node.name === 'string' ? node.name : label;
  return { id, label, name, height, spacing, chars };
}

/** Parse the shapes file; every fontset must draw all ten digits. Ids must run 0, 1, 2, … */
export function parseNumberShapes(xml: string): NumberShapes {
  let document: RawNode;
  try {
    document = parser.parse(xml, true) as RawNode;
  } catch (error) {
    throw new ShapesParseError(error instanceof Error ? error.message : String(error));
  }
  const root = document.shapes as RawNode | undefined;
  const nodes = (root?.fontset as RawNode[] | undefined) ?? [];
  if (nodes.length === 0) throw new ShapesParseError('no fontsets');
  const fontsets = nodes.map(parseFontset).sort((a, b) => a.id - b.id);
  fontsets.forEach((fontset, index) => {
    if (fontset.id !== index)
      throw new ShapesParseError(`fontset ids must run 0 to ${fontsets.length - 1}`);
  });
  return fontsets;
}
