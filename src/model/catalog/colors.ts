/**
 * Colours: the 112-colour palette of the colour picker, conversions between the model's '#rrggbb'
 * and the documents' 0x-prefixed hex, and the background colour rule of §4.
 */

export const PALETTE_COLUMNS = 16;
export const PALETTE_ROWS = 7;

/**
 * 16 x 7 swatches, row by row: neutral greys from white to black in even steps of CIE lightness
 * (holding the static background #dcddde), then sixteen hues in five tones (pastel, light, vivid,
 * deep, dark), then earth tones that prints need (cream to espresso, khaki, olive, army, sage,
 * slate, navy, burgundy, plum). Hues: red, vermilion, orange, amber, yellow, chartreuse, lime,
 * green, emerald, turquoise, sky, azure, blue, violet, purple, pink. Any two swatches differ by a
 * CIE76 ΔE of at least 5.5 (colors.test.ts), so every swatch is told apart on screen and on paper.
 */
export const PALETTE: readonly string[] = [
  '#ffffff',
  '#eeeeee',
  '#dcddde',
  '#cbcbcb',
  '#b8b8b8',
  '#a5a5a5',
  '#949494',
  '#828282',
  '#717171',
  '#606060',
  '#505050',
  '#404040',
  '#313131',
  '#232323',
  '#151515',
  '#000000',
  '#fac6c6',
  '#fad3c6',
  '#fadfc6',
  '#fae9c6',
  '#faf3c6',
  '#f3fac6',
  '#dcfac6',
  '#c6facf',
  '#c6fae7',
  '#c6faf9',
  '#c6edfa',
  '#c6dffa',
  '#c6cdfa',
  '#d9c6fa',
  '#f2c6fa',
  '#fac6e5',
  '#f08989',
  '#f0a189',
  '#f0b989',
  '#f0ce89',
  '#f0e389',
  '#e3f089',
  '#b4f089',
  '#89f09a',
  '#89f0ca',
  '#89f0ed',
  '#89d7f0',
  '#89b9f0',
  '#8997f0',
  '#af89f0',
  '#df89f0',
  '#f089c5',
  '#e42525',
  '#e45225',
  '#e47e25',
  '#e4a425',
  '#e4cb25',
  '#cbe425',
  '#75e425',
  '#25e445',
  '#25e49e',
  '#25e4de',
  '#25b4e4',
  '#257ee4',
  '#253fe4',
  '#6b25e4',
  '#c425e4',
  '#e42595',
  '#aa1818',
  '#aa3a18',
  '#aa5c18',
  '#aa7918',
  '#aa9618',
  '#96aa18',
  '#55aa18',
  '#18aa30',
  '#18aa74',
  '#18aaa5',
  '#1885aa',
  '#185caa',
  '#182caa',
  '#4e18aa',
  '#9118aa',
  '#aa186d',
  '#611515',
  '#612615',
  '#613815',
  '#614715',
  '#615715',
  '#576115',
  '#346115',
  '#156121',
  '#156145',
  '#15615e',
  '#154e61',
  '#153861',
  '#151f61',
  '#301561',
  '#541561',
  '#611541',
  '#f6efe0',
  '#e6d2b0',
  '#d4bb94',
  '#c19a6b',
  '#a8703a',
  '#7b4a26',
  '#4e2f1c',
  '#2e1d14',
  '#b5a86a',
  '#7a7a33',
  '#4b5320',
  '#9caf88',
  '#6b7b8c',
  '#1f2a44',
  '#6d1a2c',
  '#5a2d4f',
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
  const digits = trimmed.startsWith('#')
    ? trimmed.slice(1)
    : trimmed.startsWith('0x')
      ? trimmed.slice(2)
      : undefined;
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
  const bad = components.find(
    (component) => !Number.isInteger(component) || component < 0 || component > 255,
  );
  if (bad !== undefined) return { ok: false, error: `Colour component ${bad} is outside 0-255` };
  return {
    ok: true,
    color: `#${components.map((component) => component.toString(16).padStart(2, '0')).join('')}`,
  };
}

export function colorComponents(
  value: string,
): { red: number; green: number; blue: number } | undefined {
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
  return {
    photoBorderAutomatic: true,
    color: backgroundColor({ ...next, photoBorderAutomatic: true }),
  };
}
