/**
 * mosaic1 (rows of photos of different widths) and mosaiceven (an even grid with 2x2 large photos,
 * layouts A–O). Settings: numberVert = rows (mosaic1) or columns (mosaiceven), numberHor = rows
 * (mosaiceven), borderCM = spacing, marginCM = outer margin, layout, hasText.
 *
 * mosaic1 geometry (the spec gives only the row limits): rows of equal height; every other row
 * holds one photo more, so the seams never line up (a brick bond); widths inside a row follow a
 * repeating 3:2:2:3:2:3:3:2 weight pattern shifted per row (and shifted on when a seam would
 * come within 1 cm of a seam in the row above; a seam still too close is nudged away), so seams
 * never line up and no two rows look alike. Photos aim
 * at about 4:3 landscape. It is not random: the same settings give the same mosaic.
 */
import type { Rect, Size } from '../layout/types';
import {
  MIN_SLOT_CM,
  contentArea,
  control,
  controlValues,
  hasTextControl,
  insetRect,
  layoutFromRects,
  marginControl,
  spacingControl,
  splitLine,
  textBands,
} from './common';
import { maxCells } from './grid';
import { LARGE_CELL_LAYOUTS, largeCellRects } from './large-cells';
import type { Generator, GeneratorInput, GeneratorResult } from './types';

/** The spec's table of maximum rows per standard size (width x height). */
const MOSAIC1_MAX_ROWS: Record<string, number> = {
  '50x40': 7,
  '70x50': 6,
  '50x70': 10,
  '50x50': 8,
  '60x60': 8,
  '80x60': 7,
  '60x80': 10,
  '80x80': 8,
  '70x100': 10,
  '100x70': 6,
  '80x120': 12,
  '120x80': 6,
  '100x100': 8,
  '100x150': 8,
  '150x100': 5,
  '90x30': 4,
  '120x40': 4,
};

export const MOSAIC1_MIN_ROWS = 2;

/**
 * Maximum rows of mosaic1: the table; "30 tall" read as a height of 30 cm (40x30, 60x30, …) → 4;
 * otherwise, from 50 cm wide, rows of about width/8 high (at least 2); narrower, rows of 5 cm.
 */
export function mosaic1MaxRows(size: Size): number {
  const listed = MOSAIC1_MAX_ROWS[`${size.widthCm}x${size.heightCm}`];
  if (listed !== undefined) return listed;
  if (size.heightCm === 30) return 4;
  if (size.widthCm >= 50)
    return Math.max(MOSAIC1_MIN_ROWS, Math.floor(size.heightCm / (size.widthCm / 8)));
  return Math.max(MOSAIC1_MIN_ROWS, Math.floor(size.heightCm / 5));
}

const WIDTH_WEIGHTS = [3, 2, 2, 3, 2, 3, 3, 2];
const PHOTO_ASPECT = 4 / 3;

/** Photos per row: the 4:3 count, one more on odd rows, never narrower than the minimum slot. */
export function mosaic1RowCounts(inner: Rect, rows: number, spacing: number): number[] {
  const rowHeight = (inner.height - (rows - 1) * spacing) / rows;
  const base = Math.max(
    1,
    Math.round((inner.width + spacing) / (rowHeight * PHOTO_ASPECT + spacing)),
  );
  const fitting = Math.max(1, Math.floor((inner.width + spacing) / (1.5 * MIN_SLOT_CM + spacing)));
  return Array.from({ length: rows }, (_, row) => Math.min(fitting, base + (row % 2)));
}

/** Seam distance below which two rows look aligned. */
export const SEAM_CLEARANCE_CM = 1;

function rowRects(
  inner: Rect,
  y: number,
  height: number,
  count: number,
  spacing: number,
  shift: number,
): Rect[] {
  const weights = Array.from(
    { length: count },
    (_, k) => WIDTH_WEIGHTS[(shift + k) % WIDTH_WEIGHTS.length]!,
  );
  const total = weights.reduce((a, b) => a + b, 0);
  const free = inner.width - (count - 1) * spacing;
  let x = inner.x;
  return weights.map((weight) => {
    const width = (free * weight) / total;
    const rect = { x, y, width, height };
    x += width + spacing;
    return rect;
  });
}

const seamsOf = (row: Rect[]) => row.slice(0, -1).map((r) => r.x + r.width);

function nearestSeam(row: Rect[], previous: number[]): number {
  let nearest = Infinity;
  for (const seam of seamsOf(row))
    for (const other of previous) nearest = Math.min(nearest, Math.abs(seam - other));
  return nearest;
}

/**
 * Move seams that come within `clearance` of a seam above to exactly `clearance` away. Only the
 * two photos either side change width; clearance stays under a third of the narrowest photo, so
 * widths stay positive and a moved seam cannot land near another seam above.
 */
export function nudgeSeams(row: Rect[], previous: number[], clearance: number): Rect[] {
  const out = row.map((r) => ({ ...r }));
  for (let k = 0; k < out.length - 1; k++) {
    const seam = out[k]!.x + out[k]!.width;
    const near = previous.find((p) => Math.abs(seam - p) < clearance);
    if (near === undefined) continue;
    const shift = (seam >= near ? near + clearance : near - clearance) - seam;
    out[k]!.width += shift;
    out[k + 1]!.x += shift;
    out[k + 1]!.width -= shift;
  }
  return out;
}

/** Each row takes the first weight shift whose seams keep clear of the row above, else is nudged. */
function mosaic1Rects(inner: Rect, rows: number, spacing: number): Rect[] {
  const counts = mosaic1RowCounts(inner, rows, spacing);
  let previous: Rect[] = [];
  return splitLine(inner.y, inner.height, rows, spacing).flatMap(([y, height], row) => {
    let best: Rect[] = [];
    let bestDistance = -1;
    const above = seamsOf(previous);
    for (
      let attempt = 0;
      attempt < WIDTH_WEIGHTS.length && bestDistance < SEAM_CLEARANCE_CM;
      attempt++
    ) {
      const candidate = rowRects(inner, y, height, counts[row]!, spacing, 3 * row + attempt);
      const distance = nearestSeam(candidate, above);
      if (distance > bestDistance) [best, bestDistance] = [candidate, distance];
    }
    const narrowest = Math.min(...best.map((r) => r.width), ...previous.map((r) => r.width));
    const clearance = Math.min(SEAM_CLEARANCE_CM, narrowest / 3.5);
    if (bestDistance < clearance) best = nudgeSeams(best, above, clearance);
    previous = best;
    return best;
  });
}

export const mosaic1: Generator = {
  name: 'mosaic1',
  defaults: () => ({ numberVert: '4', borderCM: '0.5', marginCM: '0.5', hasText: '0' }),
  controls(settings, size) {
    const text = hasTextControl(settings);
    const rows = control(
      {
        name: 'numberVert',
        label: 'controls.rows',
        min: MOSAIC1_MIN_ROWS,
        max: mosaic1MaxRows(size),
        step: 1,
      },
      settings,
      4,
    );
    return [rows, spacingControl(settings), marginControl(settings, 0.5, text.current !== 0), text];
  },
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const content = contentArea(input);
    const { texts, photoArea } = textBands(content, v.hasText!);
    const rects = mosaic1Rects(insetRect(photoArea, v.marginCM!), v.numberVert!, v.borderCM!);
    return layoutFromRects(input, rects, { texts, content });
  },
};

export const mosaiceven: Generator = {
  name: 'mosaiceven',
  defaults: () => ({
    layout: '2',
    numberVert: '4',
    numberHor: '4',
    borderCM: '0.5',
    marginCM: '0.5',
    hasText: '0',
  }),
  controls(settings, size) {
    const text = hasTextControl(settings);
    return [
      control(
        {
          name: 'layout',
          label: 'controls.layout',
          type: 'arrow',
          min: 0,
          max: LARGE_CELL_LAYOUTS - 1,
          step: 1,
        },
        settings,
        2,
      ),
      control(
        {
          name: 'numberVert',
          label: 'controls.columns',
          min: 1,
          max: maxCells(size.widthCm),
          step: 1,
        },
        settings,
        4,
      ),
      control(
        {
          name: 'numberHor',
          label: 'controls.rows',
          min: 1,
          max: maxCells(size.heightCm),
          step: 1,
        },
        settings,
        4,
      ),
      spacingControl(settings),
      marginControl(settings, 0.5, text.current !== 0),
      text,
    ];
  },
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const content = contentArea(input);
    const { texts, photoArea } = textBands(content, v.hasText!);
    const rects = largeCellRects(
      photoArea,
      v.numberVert!,
      v.numberHor!,
      v.borderCM!,
      v.marginCM!,
      v.layout!,
    );
    return layoutFromRects(input, rects, { texts, content });
  },
};
