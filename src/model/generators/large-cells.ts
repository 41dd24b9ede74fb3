/**
 * Layouts A–O of mosaiceven and mosaicinsta: where the large photos (2x2 cells) sit in a grid.
 * The spec names the layouts, not their geometry; these are the patterns a designer would pick,
 * from calm to busy:
 *   A all small · B top-left · C centre · D top-right · E bottom-right · F diagonal ↘ ·
 *   G diagonal ↙ · H left and right middle · I top and bottom middle · J four corners ·
 *   K three on the diagonal · L centre and four corners · M a band along the top ·
 *   N a checkerboard of large photos · O mostly large photos, small ones in diagonal clusters.
 * Anchors are fractions of the free range, so a pattern scales to any grid; a block that would
 * overlap an earlier one is left out, and grids under 2x2 have no large photos.
 */
import type { Rect } from '../layout/types';
import { gridBlock, insetRect, splitLine } from './common';

export const LARGE_CELL_LAYOUTS = 15;
export const LAYOUT_LETTERS = 'ABCDEFGHIJKLMNO';

interface Cell {
  col: number;
  row: number;
}

type Pattern = (cols: number, rows: number) => Cell[];

const anchors =
  (...points: Array<[number, number]>): Pattern =>
  (cols, rows) =>
    points.map(([fx, fy]) => ({
      col: Math.round(fx * (cols - 2)),
      row: Math.round(fy * (rows - 2)),
    }));

/** Blocks on a 2-cell lattice: `keep` decides which lattice points get a large photo. */
const lattice =
  (keep: (i: number, j: number) => boolean): Pattern =>
  (cols, rows) => {
    const cells: Cell[] = [];
    for (let j = 0; 2 * j + 2 <= rows; j++) {
      for (let i = 0; 2 * i + 2 <= cols; i++)
        if (keep(i, j)) cells.push({ col: 2 * i, row: 2 * j });
    }
    return cells;
  };

const PATTERNS: readonly Pattern[] = [
  () => [],
  anchors([0, 0]),
  anchors([0.5, 0.5]),
  anchors([1, 0]),
  anchors([1, 1]),
  anchors([0, 0], [1, 1]),
  anchors([1, 0], [0, 1]),
  anchors([0, 0.5], [1, 0.5]),
  anchors([0.5, 0], [0.5, 1]),
  anchors([0, 0], [1, 0], [0, 1], [1, 1]),
  anchors([0, 0], [0.5, 0.5], [1, 1]),
  anchors([0.5, 0.5], [0, 0], [1, 0], [0, 1], [1, 1]),
  lattice((_i, j) => j === 0),
  lattice((i, j) => (i + j) % 2 === 0),
  lattice((i, j) => (i + 2 * j) % 3 !== 2),
];

/** Top-left cells of the 2x2 large photos for a layout, without overlaps. */
export function largeCells(layout: number, cols: number, rows: number): Cell[] {
  if (cols < 2 || rows < 2) return [];
  const pattern = PATTERNS[Math.max(0, Math.min(LARGE_CELL_LAYOUTS - 1, Math.round(layout)))]!;
  const taken = new Set<string>();
  const placed: Cell[] = [];
  for (const cell of pattern(cols, rows)) {
    const covered = [0, 1].flatMap((dc) => [0, 1].map((dr) => `${cell.col + dc},${cell.row + dr}`));
    if (covered.some((key) => taken.has(key))) continue;
    covered.forEach((key) => taken.add(key));
    placed.push(cell);
  }
  return placed;
}

/** Rectangles of a cols x rows grid inside `area` (margin, spacing) with the layout's large photos. */
export function largeCellRects(
  area: Rect,
  cols: number,
  rows: number,
  spacing: number,
  margin: number,
  layout: number,
): Rect[] {
  const inner = insetRect(area, margin);
  const cells = {
    xs: splitLine(inner.x, inner.width, cols, spacing),
    ys: splitLine(inner.y, inner.height, rows, spacing),
  };
  const large = largeCells(layout, cols, rows);
  const covered = new Set(
    large.flatMap((c) => [
      `${c.col},${c.row}`,
      `${c.col + 1},${c.row}`,
      `${c.col},${c.row + 1}`,
      `${c.col + 1},${c.row + 1}`,
    ]),
  );
  const rects = large.map((c) => gridBlock(cells, c.col, c.row, 2, 2));
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++)
      if (!covered.has(`${col},${row}`)) rects.push(gridBlock(cells, col, row, 1, 1));
  }
  return rects;
}

/** Photos a layout gives: each large photo takes the place of four cells. */
export function largeCellCount(layout: number, cols: number, rows: number): number {
  return cols * rows - 3 * largeCells(layout, cols, rows).length;
}
