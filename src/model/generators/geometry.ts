/** Plain rectangle arithmetic in cm: rounding, insets, equal splits with spacing, reading order. */
import type { Rect } from '../layout/types';

/** Output coordinates are rounded to 1e-4 cm: far below the 0.01 cm the layouts promise. */
export function round(value: number, decimals = 4): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** Snap to the nearest step counted from min (steps like 0.1 drift in floating point). */
export function snapToStep(value: number, min: number, step: number): number {
  if (step <= 0) return value;
  return round(min + Math.round((value - min) / step) * step, 6);
}

export function insetRect(rect: Rect, by: number): Rect {
  return {
    x: rect.x + by,
    y: rect.y + by,
    width: rect.width - 2 * by,
    height: rect.height - 2 * by,
  };
}

export function roundRect(rect: Rect): Rect {
  const x = round(rect.x);
  const y = round(rect.y);
  return { x, y, width: round(rect.x + rect.width) - x, height: round(rect.y + rect.height) - y };
}

/** Split a length into `count` equal parts with `spacing` between them: [start, length] pairs. */
export function splitLine(
  start: number,
  length: number,
  count: number,
  spacing: number,
): Array<[number, number]> {
  const part = (length - (count - 1) * spacing) / count;
  return Array.from(
    { length: count },
    (_, i) => [start + i * (part + spacing), part] as [number, number],
  );
}

/** rows x cols equal cells in reading order inside rect, `margin` from its edges. */
export function splitGrid(
  rect: Rect,
  cols: number,
  rows: number,
  spacing: number,
  margin = 0,
): Rect[] {
  const inner = insetRect(rect, margin);
  const xs = splitLine(inner.x, inner.width, cols, spacing);
  const ys = splitLine(inner.y, inner.height, rows, spacing);
  return ys.flatMap(([y, height]) => xs.map(([x, width]) => roundRect({ x, y, width, height })));
}

/** The rectangle covering grid cells [col, col+colSpan) x [row, row+rowSpan) of a spaced grid. */
export function gridBlock(
  cells: { xs: Array<[number, number]>; ys: Array<[number, number]> },
  col: number,
  row: number,
  colSpan: number,
  rowSpan: number,
): Rect {
  const [x0] = cells.xs[col]!;
  const [x1, w1] = cells.xs[col + colSpan - 1]!;
  const [y0] = cells.ys[row]!;
  const [y1, h1] = cells.ys[row + rowSpan - 1]!;
  return roundRect({ x: x0, y: y0, width: x1 + w1 - x0, height: y1 + h1 - y0 });
}

/** Sort rectangles top to bottom, then left to right (0.01 cm tolerance on the rows). */
export function readingOrder<T extends Rect>(rects: T[]): T[] {
  return [...rects].sort((a, b) => (Math.abs(a.y - b.y) > 0.01 ? a.y - b.y : a.x - b.x));
}

/** Seeded PRNG (mulberry32): the same seed gives the same sequence in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
