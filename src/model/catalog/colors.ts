/**
 * Colours: the 112-colour palette of the colour picker, conversions between the model's '#rrggbb'
 * and the documents' 0x-prefixed hex, and the background colour rule of §4.
 */

export const PALETTE_COLUMNS = 16;
export const PALETTE_ROWS = 7;

/**
 * 16 x 7 swatches, row by row: neutral greys (white to black, with the static background #dcddde),
 * then sixteen hues in four tones (pastel, light, vivid, deep, dark), then earth tones for prints
 * (cream to espresso, olive, sage, slate, navy, burgundy, plum). Hues: red, vermilion, orange,
 * amber, yellow, lime, green, emerald, teal, cyan, sky, blue, indigo, violet, purple, pink.
 */
export const PALETTE: readonly string[] = [
  '#ffffff', '#f4f4f4', '#e9e9ea', '#dcddde', '#cccccd', '#bbbbbc', '#a7a7a8', '#939394',
  '#7f7f80', '#6b6b6c', '#58585a', '#454547', '#333334', '#222223', '#111112', '#000000',
  '#fad6d6', '#fadfd6', '#fae8d6', '#faefd6', '#faf7d6', '#f1fad6', '#d6fadc', '#d6faeb',
  '#d6faf6', '#d6f6fa', '#d6eefa', '#d6e5fa', '#d6d9fa', '#e2d6fa', '#f1d6fa', '#fad6e8',
  '#f09494', '#f0ab94', '#f0c294', '#f0d494', '#f0e794', '#d9f094', '#94f0a3', '#94f0c9',
  '#94f0e3', '#94e3f0', '#94d1f0', '#94baf0', '#949cf0', '#b394f0', '#d994f0', '#f094c2',
  '#e42525', '#e45525', '#e48525', '#e4ab25', '#e4d125', '#b4e425', '#25e445', '#25e495',
  '#25e4cb', '#25cbe4', '#25a4e4', '#2575e4', '#2535e4', '#6525e4', '#b425e4', '#e42585',
  '#aa1818', '#aa3d18', '#aa6118', '#aa7e18', '#aa9b18', '#85aa18', '#18aa30', '#18aa6d',
  '#18aa96', '#1896aa', '#1879aa', '#1855aa', '#1824aa', '#4918aa', '#8518aa', '#aa1861',
  '#611515', '#612815', '#613b15', '#614a15', '#615915', '#4e6115', '#156121', '#156141',
  '#156157', '#155761', '#154761', '#153461', '#151b61', '#2e1561', '#4e1561', '#61153b',
  '#f6efe0', '#e8dcc4', '#d8c3a0', '#c19a6b', '#a8703a', '#7b4a26', '#4e2f1c', '#2e1d14',
  '#b5a86a', '#7a7a33', '#4b5320', '#9caf88', '#6b7b8c', '#1f2a44', '#6d1a2c', '#5a2d4f',
];

export const WHITE = '#ffffff';
export const BLACK = '#000000';
/** Background of static templates, and of generated ones whose colour the customer chose not to follow. */
export const STATIC_BACKGROUND = '#dcddde';

const HEX_DIGITS = /^[0-9a-f]{1,6}$/;

/**
 * '#rrggbb' from '#rrggbb' or '0xrrggbb' (case-insensitive). Short values are numbers written without
 * leading zeros, so they are padded on the left: '0xff' is blue, '#0000ff'. Undefined when not a colour.
 */
export function normalizeColor(value: string): string | undefined {
  const trimmed = value.trim().toLowerCase();
  const digits = trimmed.startsWith('#') ? trimmed.slice(1) : trimmed.startsWith('0x') ? trimmed.slice(2) : undefined;
  if (digits === undefined || !HEX_DIGITS.test(digits)) return undefined;
  return `#${digits.padStart(6, '0')}`;
}

/** '#rrggbb' → '0xrrggbb' as the XML documents store colours; undefined when not a colour. */
export function toOxColor(value: string): string | undefined {
  const color = normalizeColor(value);
  return color && `0x${color.slice(1)}`;
}

/** '0xrrggbb' (or '#…') → '#rrggbb'; undefined when not a colour. */
export function fromOxColor(value: string): string | undefined {
  return normalizeColor(value);
}

export type ColorResult = { ok: true; color: string } | { ok: false; error: string };

/** '#rrggbb' from components 0-255; fails for a component above 255 (or not a whole number ≥ 0). */
export function colorFromComponents(red: number, green: number, blue: number): ColorResult {
  const components = [red, green, blue];
  const bad = components.find((component) => !Number.isInteger(component) || component < 0 || component > 255);
  if (bad !== undefined) return { ok: false, error: `Colour component ${bad} is outside 0-255` };
  return { ok: true, color: `#${components.map((component) => component.toString(16).padStart(2, '0')).join('')}` };
}

export function colorComponents(value: string): { red: number; green: number; blue: number } | undefined {
  const color = normalizeColor(value);
  if (!color) return undefined;
  const number = Number.parseInt(color.slice(1), 16);
  return { red: (number >> 16) & 0xff, green: (number >> 8) & 0xff, blue: number & 0xff };
}

const paletteSet = new Set(PALETTE);

export function isPaletteColor(value: string): boolean {
  const color = normalizeColor(value);
  return color !== undefined && paletteSet.has(color);
}

/** The picker accepts only palette colours: the normalised colour, or undefined for anything else. */
export function acceptPaletteColor(value: string): string | undefined {
  const color = normalizeColor(value);
  return color && paletteSet.has(color) ? color : undefined;
}

/** Generators whose photos carry a photo border, plus those the spec lists with them. */
const WHITE_WHEN_AUTOMATIC = new Set(['heart', 'pilealleven', 'pileonelarge', 'bordersplit']);

export function followsPhotoBorderRule(generatorName: string): boolean {
  return WHITE_WHEN_AUTOMATIC.has(generatorName) || generatorName.startsWith('number');
}

export interface BackgroundInput {
  templateType: 'static' | 'generated';
  /** Generator name (source after 'gen:'); ignored for static templates. */
  generatorName: string;
  photoBorderAutomatic: boolean;
  /** Colour of the generated layout's background overlay shape (white by default). */
  overlayColor?: string;
}

/**
 * The background colour rule of §4: static → #dcddde; heart, number types, pilealleven, pileonelarge,
 * bordersplit → white when the border is automatic, else #dcddde; other generated designs → the
 * overlay shape colour when automatic, else #dcddde.
 */
export function backgroundColor(input: BackgroundInput): string {
  if (input.templateType === 'static' || !input.photoBorderAutomatic) return STATIC_BACKGROUND;
  if (followsPhotoBorderRule(input.generatorName)) return WHITE;
  return (input.overlayColor && normalizeColor(input.overlayColor)) || WHITE;
}

export interface BackgroundState {
  photoBorderAutomatic: boolean;
  color: string;
}

/**
 * On a layout or template change: a collage that was already saved keeps its flag and colour;
 * otherwise the border becomes automatic and the colour follows the rule for the new template.
 */
export function backgroundAfterTemplateChange(
  previous: BackgroundState,
  isSaved: boolean,
  next: Omit<BackgroundInput, 'photoBorderAutomatic'>,
): BackgroundState {
  if (isSaved) return previous;
  return { photoBorderAutomatic: true, color: backgroundColor({ ...next, photoBorderAutomatic: true }) };
}
