/**
 * Turning a number setting into characters and the characters into grid cells, and the spec's
 * format suggestion: digits look best when the photo area has about their own proportions.
 */
import { genericSizeAllowed, SIZE_LIMITS } from '../catalog/customSize';
import type { Rect, Size } from '../layout/types';
import type { Fontset, ShapeRect } from './numberShapes';
import type { GeneratorWarning } from './types';

export type NumberKind = 'digit' | 'year' | 'date';

export const NUMBER_DEFAULTS: Record<NumberKind, string> = {
  digit: '50',
  year: '2025',
  date: '01-01-2025',
};
/** Digit type: at most 3 digits (999); other types 4 (9999). A date is at most dd-mm-yyyy long. */
export const NUMBER_MAX: Record<'digit' | 'year', number> = { digit: 999, year: 9999 };
export const DATE_MAX_LENGTH = 10;
export const DATE_SEPARATORS = '-./';

/** The characters to draw: whole numbers clamped to the type's range, dates as digits and separators. */
export function numberChars(kind: NumberKind, raw: string | undefined): string {
  const text = (raw ?? '').trim();
  if (kind === 'date') {
    const kept = [...text]
      .filter((c) => /\d/.test(c) || DATE_SEPARATORS.includes(c))
      .join('')
      .slice(0, DATE_MAX_LENGTH);
    return /\d/.test(kept) ? kept : NUMBER_DEFAULTS.date;
  }
  if (!/^\d+$/.test(text)) return NUMBER_DEFAULTS[kind];
  return String(Math.min(Number(text), NUMBER_MAX[kind]));
}

/**
 * A typed date that exists on the calendar: day, month and year (2 or 4 digits; 2 digits mean
 * 20yy) with one separator ('-', '.' or '/') used twice, e.g. 24-12-2025 or 1.2.25. 32-13-2024
 * and 29-02-2023 are refused (undefined): the input then restores the old value, as the spec does
 * for invalid numbers. The text is kept as typed (trimmed), so the customer's style stays.
 */
export function validDate(typed: string): string | undefined {
  const text = typed.trim();
  const match = /^(\d{1,2})([-./])(\d{1,2})\2(\d{2}|\d{4})$/.exec(text);
  if (!match) return undefined;
  const day = Number(match[1]);
  const month = Number(match[3]);
  const year = match[4]!.length === 2 ? 2000 + Number(match[4]) : Number(match[4]);
  if (month < 1 || month > 12 || day < 1) return undefined;
  // Day 0 of the next month is the last day of this one (UTC: no time-zone surprises).
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= daysInMonth ? text : undefined;
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
 * own (inclusive bounds pass). It proposes a size the shop can make (the default size rules: at
 * least 20 x 20, within 140 x 100 either way, ratio at least 1 : 7): the width that gives the
 * digits their proportions at the current height when that size is allowed, else the allowed size
 * closest to those proportions (then closest in height, then in width to the current size). No
 * suggestion when no allowed size comes closer than the current one.
 */
export function formatSuggestion(
  size: Size,
  photoArea: Rect,
  idealRatio: number,
): GeneratorWarning | undefined {
  if (NO_SUGGESTION_SIZES.includes(`${size.widthCm}x${size.heightCm}`)) return undefined;
  if (photoArea.width <= 0 || photoArea.height <= 0 || idealRatio <= 0) return undefined;
  // Rounded so a ratio exactly on a bound is not pushed out by floating point.
  const relative = Math.round((photoArea.width / photoArea.height / idealRatio) * 1e9) / 1e9;
  if (relative >= SUGGESTION_TOLERANCE.min && relative <= SUGGESTION_TOLERANCE.max)
    return undefined;
  const best = closestAllowedSize(size, photoArea, idealRatio);
  if (!best) return undefined;
  return { key: formatSuggestionKey, values: { width: best.widthCm, height: best.heightCm } };
}

/** How far a photo area's proportions are from the ideal, on a log scale (0 = exact). */
function proportionError(widthCm: number, heightCm: number, idealRatio: number): number {
  return widthCm > 0 && heightCm > 0
    ? Math.abs(Math.log(widthCm / heightCm / idealRatio))
    : Infinity;
}

/**
 * The allowed whole-cm size whose photo area comes closest to the ideal proportions. The parts of
 * the sheet that are not photo area (margins, text band) are taken as fixed: close enough for a tip.
 */
function closestAllowedSize(size: Size, photoArea: Rect, idealRatio: number): Size | undefined {
  const extraWidth = size.widthCm - photoArea.width;
  const extraHeight = size.heightCm - photoArea.height;
  const keepHeight = Math.max(1, Math.round(photoArea.height * idealRatio + extraWidth));
  if (genericSizeAllowed(keepHeight, size.heightCm))
    return { widthCm: keepHeight, heightCm: size.heightCm };
  const errorOf = (widthCm: number, heightCm: number) =>
    proportionError(widthCm - extraWidth, heightCm - extraHeight, idealRatio);
  // Two decimals: sizes that differ only in the noise count as equally close.
  const rounded = (error: number) => Math.round(error * 100) / 100;
  let best: Size | undefined;
  let bestKey = [Infinity, Infinity, Infinity];
  for (let heightCm = SIZE_LIMITS.minCm; heightCm <= SIZE_LIMITS.longMaxCm; heightCm++) {
    for (let widthCm = SIZE_LIMITS.minCm; widthCm <= SIZE_LIMITS.longMaxCm; widthCm++) {
      if (!genericSizeAllowed(widthCm, heightCm)) continue;
      const key = [
        rounded(errorOf(widthCm, heightCm)),
        Math.abs(heightCm - size.heightCm),
        Math.abs(widthCm - size.widthCm),
      ];
      if (
        key[0]! < bestKey[0]! ||
        (key[0] === bestKey[0] &&
          (key[1]! < bestKey[1]! || (key[1] === bestKey[1] && key[2]! < bestKey[2]!)))
      ) {
        best = { widthCm, heightCm };
        bestKey = key;
      }
    }
  }
  if (!best || bestKey[0]! >= rounded(errorOf(size.widthCm, size.heightCm))) return undefined;
  return best;
}
