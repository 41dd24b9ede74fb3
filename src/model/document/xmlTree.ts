import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * A small element tree over fast-xml-parser, shared by the collage and template formats. Order of
 * children and attributes is kept (layers and slots are in drawing order), so writing is
 * deterministic. Works the same in the page, in workers and in Node.
 */
export interface XmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text, CDATA included; whitespace kept as it is. */
  text: string;
}

type FxpNode = Record<string, unknown> & { ':@'?: Record<string, string> };

const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseAttributeValue: false,
  parseTagValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: true,
  suppressEmptyNode: true,
  format: false,
} as const;

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

export type ParseXmlResult = { ok: true; root: XmlElement } | { ok: false; detail: string };

export function element(tag: string, attrs: Record<string, string> = {}, children: XmlElement[] = [], text = ''): XmlElement {
  return { tag, attrs, children, text };
}

/**
 * Parses a document with one root element. A DOCTYPE is refused: entity declarations can expand
 * without bound, and none of our formats needs one.
 */
export function parseXml(xml: unknown): ParseXmlResult {
  if (typeof xml !== 'string') return { ok: false, detail: 'not a string' };
  if (/<!DOCTYPE/i.test(xml)) return { ok: false, detail: 'DOCTYPE is not allowed' };
  const valid = XMLValidator.validate(xml);
  if (valid !== true) return { ok: false, detail: `${valid.err.msg} (line ${valid.err.line})` };
  let nodes: FxpNode[];
  try {
    // The validator lets a few malformed inputs through (an unclosed declaration) that the parser
    // then throws on.
    nodes = new XMLParser(OPTIONS).parse(xml) as FxpNode[];
  } catch (error) {
    return { ok: false, detail: error instanceof Error ? error.message : String(error) };
  }
  const roots = nodes.map(toElement).filter((node): node is XmlElement => node !== null);
  if (roots.length !== 1) return { ok: false, detail: 'expected one root element' };
  return { ok: true, root: roots[0]! };
}

function tagOf(node: FxpNode): string {
  return Object.keys(node).find((key) => key !== ':@') ?? '';
}

function toElement(node: FxpNode): XmlElement | null {
  const tag = tagOf(node);
  if (tag === '' || tag === '#text' || tag.startsWith('?')) return null;
  const content = (node[tag] as FxpNode[] | undefined) ?? [];
  const result = element(tag, { ...(node[':@'] ?? {}) });
  for (const child of content) {
    if (tagOf(child) === '#text') result.text += String(child['#text']);
    else {
      const childElement = toElement(child);
      if (childElement) result.children.push(childElement);
    }
  }
  return result;
}

function toFxp(node: XmlElement): FxpNode {
  const content: FxpNode[] = node.text === '' ? [] : [{ '#text': node.text }];
  content.push(...node.children.map(toFxp));
  const fxp: FxpNode = { [node.tag]: content };
  if (Object.keys(node.attrs).length > 0) fxp[':@'] = node.attrs;
  return fxp;
}

/** Compact XML (no indentation: whitespace would become part of texts) with a declaration. */
export function buildXml(root: XmlElement): string {
  return XML_DECLARATION + (new XMLBuilder(OPTIONS).build([toFxp(root)]) as string);
}

export function childrenNamed(parent: XmlElement, tag: string): XmlElement[] {
  return parent.children.filter((child) => child.tag === tag);
}

export function childNamed(parent: XmlElement, tag: string): XmlElement | undefined {
  return parent.children.find((child) => child.tag === tag);
}
