import type { GeneratorWarning } from '../generators/types';

/**
 * Custom size rules of templates-photos-text.md §5. Input is what the customer typed (comma or
 * point); sides are rounded to the nearest 0.5 cm before any check, so 19.75 becomes 20 and passes.
 */

export type SizeRule = 'generic' | 'heart' | 'number' | 'square' | 'mosaicinsta';

export const SIZE_LIMITS = {
  minCm: 20,
  /** The two boxes a generic size must fit in: 140 x 100 or 100 x 140. */
  longMaxCm: 140,
  shortMaxCm: 100,
  /** Shorter side / longer side at least this (about 1 : 7). */
  minRatio: 0.1427,
  heartMinCm: 30,
  heartMaxCm: 100,
  squareMinCm: 20,
  squareMaxCm: 100,
  squareMinRatio: 0.98,
  squareMaxRatio: 1.02,
  mosaicMinRows: 2,
  mosaicMaxRows: 19,
  mosaicMinCellCm: 5,
  /** A mosaic grid must have fewer cells than this. */
  mosaicMaxCells: 144,
} as const;

/** 'Must be at least 20 x 20 and fit 140 x 100' (either way round). */
export const DEFAULT_SIZE_WARNING: GeneratorWarning = {
  key: 'sizes.warning.default',
  values: {
    min: SIZE_LIMITS.minCm,
    maxWidth: SIZE_LIMITS.longMaxCm,
    maxHeight: SIZE_LIMITS.shortMaxCm,
  },
};

/** 'Must be at least min x min, fit 100 x 100 and have equal sides'. */
export function squareWarning(minCm: number): GeneratorWarning {
  return { key: 'sizes.warning.square', values: { min: minCm, max: SIZE_LIMITS.squareMaxCm } };
}

/**
 * Number designs: the spec's square advice (30 x 30 to 100 x 100) plus the limit of what the shop
 * prints at all, 140 x 100 either way, as every other design: a number design may go past the
 * advice behind 'Toch dit formaat', never past the shop's largest print.
 */
export const NUMBER_SIZE_WARNING: GeneratorWarning = {
  key: 'sizes.warning.number',
  values: {
    min: SIZE_LIMITS.heartMinCm,
    max: SIZE_LIMITS.squareMaxCm,
    maxWidth: SIZE_LIMITS.longMaxCm,
    maxHeight: SIZE_LIMITS.shortMaxCm,
  },
};

/** Mosaic of square photos: no grid of square cells fits this width and height. */
export const MOSAIC_GRID_WARNING: GeneratorWarning = { key: 'sizes.warning.mosaicGrid' };

/** The rule a generator's custom sizes follow; static templates and other generators use the generic rule. */
export function sizeRuleFor(generatorName: string): SizeRule {
  if (generatorName === 'heart') return 'heart';
  if (generatorName.startsWith('number')) return 'number';
  if (generatorName === 'instagram') return 'square';
  if (generatorName === 'mosaicinsta') return 'mosaicinsta';
  return 'generic';
}

/** The warning a rule shows; the number rule's is the square one with 30 (heart's, as the spec says) plus the shop's largest print. */
export function warningOfRule(rule: SizeRule): GeneratorWarning {
  switch (rule) {
    case 'heart':
      return squareWarning(SIZE_LIMITS.heartMinCm);
    case 'number':
      return NUMBER_SIZE_WARNING;
    case 'square':
      return squareWarning(SIZE_LIMITS.squareMinCm);
    default:
      return DEFAULT_SIZE_WARNING;
  }
}

const CENTIMETRES = /^(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/** Centimetres as typed: digits with an optional comma or point; anything else is undefined. */
export function parseCm(text: string): number | undefined {
  const trimmed = text.trim();
  if (!CENTIMETRES.test(trimmed)) return undefined;
  return Number(trimmed.replace(',', '.'));
}

/** Nearest 0.5 cm, halves upwards: 0.25 → 0.5, 20.24 → 20, 20.25 → 20.5. */
export function roundHalfCm(value: number): number {
  return Math.round(value * 2) / 2;
}

/** Shorter over longer side at least 0.1427. */
export function ratioAllowed(widthCm: number, heightCm: number): boolean {
  return Math.min(widthCm, heightCm) / Math.max(widthCm, heightCm) >= SIZE_LIMITS.minRatio;
}

/** At least 20 per side, inside 140 x 100 or 100 x 140, ratio allowed. */
export function genericSizeAllowed(widthCm: number, heightCm: number): boolean {
  const { minCm, longMaxCm, shortMaxCm } = SIZE_LIMITS;
  if (widthCm < minCm || heightCm < minCm) return false;
  const fitsLandscape = widthCm <= longMaxCm && heightCm <= shortMaxCm;
  const fitsPortrait = widthCm <= shortMaxCm && heightCm <= longMaxCm;
  return (fitsLandscape || fitsPortrait) && ratioAllowed(widthCm, heightCm);
}

export function heartSizeAllowed(widthCm: number, heightCm: number): boolean {
  return (
    widthCm === heightCm && widthCm >= SIZE_LIMITS.heartMinCm && widthCm <= SIZE_LIMITS.heartMaxCm
  );
}

export function squareSizeAllowed(widthCm: number, heightCm: number): boolean {
  const { squareMinCm, squareMaxCm, squareMinRatio, squareMaxRatio } = SIZE_LIMITS;
  const inRange = (side: number) => side >= squareMinCm && side <= squareMaxCm;
  const ratio = widthCm / heightCm;
  return (
    inRange(widthCm) && inRange(heightCm) && ratio >= squareMinRatio && ratio <= squareMaxRatio
  );
}

export interface MosaicGrid {
  rows: number;
  cols: number;
  cellCm: number;
}

/** Grids of square cells that fill the size exactly: 2-19 rows, whole columns, cells of 5 cm or more, fewer than 144 cells. */
export function mosaicGrids(widthCm: number, heightCm: number): MosaicGrid[] {
  const grids: MosaicGrid[] = [];
  const { mosaicMinRows, mosaicMaxRows, mosaicMinCellCm, mosaicMaxCells } = SIZE_LIMITS;
  for (let rows = mosaicMinRows; rows <= mosaicMaxRows; rows++) {
    const cellCm = heightCm / rows;
    if (cellCm < mosaicMinCellCm) break;
    const exactCols = (widthCm * rows) / heightCm;
    const cols = Math.round(exactCols);
    if (cols < 1 || Math.abs(exactCols - cols) > 1e-9) continue;
    if (rows * cols >= mosaicMaxCells) continue;
    grids.push({ rows, cols, cellCm });
  }
  return grids;
}

export type SizeCheck =
  { ok: true; warning?: GeneratorWarning } | { ok: false; warning: GeneratorWarning };

/** Checks rounded sizes in cm against a rule. */
export function checkSize(rule: SizeRule, widthCm: number, heightCm: number): SizeCheck {
  switch (rule) {
    case 'generic':
      return genericSizeAllowed(widthCm, heightCm)
        ? { ok: true }
        : { ok: false, warning: DEFAULT_SIZE_WARNING };
    case 'heart':
      return heartSizeAllowed(widthCm, heightCm)
        ? { ok: true }
        : { ok: false, warning: warningOfRule(rule) };
    case 'number':
      // Within what the shop prints any size may be chosen; the square advice shows when it is not a 30-100 square.
      if (!genericSizeAllowed(widthCm, heightCm))
        return { ok: false, warning: NUMBER_SIZE_WARNING };
      return heartSizeAllowed(widthCm, heightCm)
        ? { ok: true }
        : { ok: true, warning: NUMBER_SIZE_WARNING };
    case 'square':
      return squareSizeAllowed(widthCm, heightCm)
        ? { ok: true }
        : { ok: false, warning: warningOfRule(rule) };
    case 'mosaicinsta':
      if (!genericSizeAllowed(widthCm, heightCm))
        return { ok: false, warning: DEFAULT_SIZE_WARNING };
      return mosaicGrids(widthCm, heightCm).length > 0
        ? { ok: true }
        : { ok: false, warning: MOSAIC_GRID_WARNING };
  }
}

export type CustomSizeResult =
  | { ok: true; widthCm: number; heightCm: number; warning?: GeneratorWarning }
  /** 'unparsable': the form silently refuses to submit; 'rule': the warning shows. */
  | { ok: false; reason: 'unparsable' | 'rule'; warning: GeneratorWarning };

/** Validates typed width and height: parse (comma or point), round to 0.5 cm, check the rule. */
export function validateCustomSize(
  rule: SizeRule,
  widthText: string,
  heightText: string,
): CustomSizeResult {
  const width = parseCm(widthText);
  const height = parseCm(heightText);
  if (width === undefined || height === undefined)
    return { ok: false, reason: 'unparsable', warning: warningOfRule(rule) };
  const widthCm = roundHalfCm(width);
  const heightCm = roundHalfCm(height);
  // A zero side cannot be printed, whatever the rule (the number rule accepts "any" size).
  if (widthCm <= 0 || heightCm <= 0)
    return { ok: false, reason: 'rule', warning: warningOfRule(rule) };
  const check = checkSize(rule, widthCm, heightCm);
  if (!check.ok) return { ok: false, reason: 'rule', warning: check.warning };
  return check.warning
    ? { ok: true, widthCm, heightCm, warning: check.warning }
    : { ok: true, widthCm, heightCm };
}
