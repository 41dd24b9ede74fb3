/**
 * Turning a number setting into characters and the characters into grid cells, and the spec's
 * format suggestion: digits look best when the photo area has about their own proportions.
 */
import type { Rect, Size } from '../layout/types';
import type { Fontset, ShapeRect } from './numberShapes';
import type { GeneratorWarning } from './types';

export type NumberKind = 'digit' | 'year' | 'date';

export const NUMBER_DEFAULTS: Record<NumberKind, string> = { digit: '50', year: '2025', date: '01-01-2025' };
/** Digit type: at most 3 digits (999); other types 4 (9999). A date is at most dd-mm-yyyy long. */
export const NUMBER_MAX: Record<'digit' | 'year', number> = { digit: 999, year: 9999 };
export const DATE_MAX_LENGTH = 10;
export const DATE_SEPARATORS = '-./';

/** The characters to draw: whole numbers clamped to the type's range, dates as digits and separators. */
export function numberChars(kind: NumberKind, raw: string | undefined): string {
  const text = (raw ?? '').trim();
  if (kind === 'date') {
    const kept = [...text].filter((c) => /\d/.test(c) || DATE_SEPARATORS.includes(c)).join('').slice(0, DATE_MAX_LENGTH);
    return /\d/.test(kept) ? kept : NUMBER_DEFAULTS.date;
  }
  if (!/^\d+$/.test(text)) return NUMBER_DEFAULTS[kind];
  return String(Math.min(Number(text), NUMBER_MAX[kind]));
}

export interface CharCells {
  /** Total size in grid cells. */
  cols: number;
  rows: number;
  /** Every photo of every character, in grid cells from the text's top-left, character by character. */
  rects: ShapeRect[];
}

/** Lay the characters side by side with the fontset's spacing; characters it cannot draw are skipped. */
export function charCells(chars: string, fontset: Fontset): CharCells {
  const rects: ShapeRect[] = [];
  let x = 0;
  for (const char of chars) {
    const shape = fontset.chars.get(char);
    if (!shape) continue;
    if (x > 0) x += fontset.spacing;
    for (const rect of shape.rects) rects.push({ ...rect, x: rect.x + x });
    x += shape.width;
  }
  return { cols: x, rows: fontset.height, rects };
}

/** Sizes the spec never bothers with a format suggestion. */
export const NO_SUGGESTION_SIZES: readonly string[] = ['30x30', '30x40', '40x30'];
export const SUGGESTION_TOLERANCE = { min: 0.8, max: 1.2 } as const;
export const formatSuggestionKey = 'generators.number.formatSuggestion';

/**
 * The format suggestion when the photo area's proportions are outside 0.8–1.2 of the digits'
 * own (inclusive bounds pass). It proposes the width that gives the digits their proportions at
 * the current height, to the whole cm.
 */
export function formatSuggestion(size: Size, photoArea: Rect, idealRatio: number): GeneratorWarning | undefined {
  if (NO_SUGGESTION_SIZES.includes(`${size.widthCm}x${size.heightCm}`)) return undefined;
  if (photoArea.width <= 0 || photoArea.height <= 0 || idealRatio <= 0) return undefined;
  // Rounded so a ratio exactly on a bound is not pushed out by floating point.
  const relative = Math.round((photoArea.width / photoArea.height / idealRatio) * 1e9) / 1e9;
  if (relative >= SUGGESTION_TOLERANCE.min && relative <= SUGGESTION_TOLERANCE.max) return undefined;
  const width = Math.max(1, Math.round(photoArea.height * idealRatio + (size.widthCm - photoArea.width)));
  return { key: formatSuggestionKey, values: { width, height: size.heightCm } };
}
