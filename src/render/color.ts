/**
 * Colours as the model writes them ('#rrggbb'; '0x…' from saved XML and short values are accepted
 * too, zero-padded like the spec's storage). Pure: the renderer turns the result into CanvasKit colours.
 */

export interface Rgba {
  r: number;
  g: number;
  b: number;
  /** 0..1 */
  a: number;
}

/** Parses '#rrggbb', '#rgb', '0xrrggbb' or a short hex ('0xff' is 0x0000ff); null when unreadable. */
export function parseColor(value: string | undefined | null): Rgba | null {
  if (!value) return null;
  const text = value.trim().toLowerCase();
  let hex: string;
  if (text.startsWith('#')) {
    hex = text.slice(1);
    if (hex.length === 3) hex = [...hex].map((digit) => digit + digit).join('');
  } else if (text.startsWith('0x')) {
    hex = text.slice(2).padStart(6, '0');
  } else {
    return null;
  }
  if (!/^[0-9a-f]{6}$/.test(hex)) return null;
  const n = Number.parseInt(hex, 16);
  return { r: (n >> 16) & 0xff, g: (n >> 8) & 0xff, b: n & 0xff, a: 1 };
}

/** The colour, or `fallback` when it cannot be read: a typo in a template must not stop a print. */
export function colorOr(value: string | undefined | null, fallback: Rgba): Rgba {
  return parseColor(value) ?? fallback;
}

export const BLACK: Rgba = { r: 0, g: 0, b: 0, a: 1 };
export const WHITE: Rgba = { r: 255, g: 255, b: 255, a: 1 };

export function withAlpha(color: Rgba, a: number): Rgba {
  return { ...color, a };
}
