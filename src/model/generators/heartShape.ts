/**
 * The heart of the heart design: a mask of square cells per layout, each cell one photo.
 * Drawn by hand rather than sampled from a curve, so every density keeps two round lobes, a notch
 * between them and a single-cell tip (sampling at 9 or 11 columns loses the notch or the tip).
 */

/** Layouts A, B and C: coarse (27 photos), medium (49) and fine (91). '#' is a photo cell. */
export const HEART_MASKS: readonly (readonly string[])[] = [
  ['.##.##.', '#######', '#######', '.#####.', '..###..', '...#...'],
  [
    '.###.###.',
    '#########',
    '#########',
    '#########',
    '.#######.',
    '..#####..',
    '...###...',
    '....#....',
  ],
  [
    '..###...###..',
    '.#####.#####.',
    '#############',
    '#############',
    '#############',
    '.###########.',
    '..#########..',
    '...#######...',
    '....#####....',
    '.....###.....',
    '......#......',
  ],
];

export const HEART_LAYOUT_COUNT = HEART_MASKS.length;

export interface GridCell {
  col: number;
  row: number;
}

export interface HeartGrid {
  cols: number;
  rows: number;
  /** Photo cells in reading order. */
  cells: GridCell[];
}

export function heartGrid(layout: number): HeartGrid {
  const mask = HEART_MASKS[Math.min(Math.max(0, Math.round(layout)), HEART_MASKS.length - 1)]!;
  const cells = mask.flatMap((line, row) =>
    [...line].flatMap((mark, col) => (mark === '#' ? [{ col, row }] : [])),
  );
  return { cols: mask[0]!.length, rows: mask.length, cells };
}
