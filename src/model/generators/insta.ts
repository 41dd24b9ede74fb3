/**
 * mosaicinsta: square social photos on a grid of square cells, with 2x2 large photos (layouts
 * A–O of large-cells.ts). Settings: layout, borderCM = spacing, marginCM = outer margin.
 *
 * Grids (the spec: "predefined grids for standard sizes, e.g. 40x30 gives 4x3 or 8x6"; a custom
 * size needs one valid grid: 2 to 19 rows, whole columns, cells of 5 cm or more, under 144 cells).
 * We derive them from that rule instead of listing them: every valid grid of the size, then
 * - the coarse grid: the valid grid with the most cells up to 35 (else the one with fewest cells);
 * - the fine grid: twice as many columns and rows as the coarse one when valid, else the next
 *   finer valid grid, else the coarse one.
 * Layouts A–H use the coarse grid, I–O the fine one (their busier patterns need more cells).
 * 40x30 → 4x3 and 8x6; 50x40 → 5x4 and 10x8; 50x50 → 5x5 and 10x10. A size without a valid grid
 * (only reachable with a custom size the size rules refuse) gets about 10 cm cells and a warning.
 * Cells stay square inside the margins: the grid takes the largest square cell that fits and is
 * centred, so the margin is the setting on one axis and a little more on the other.
 */
import type { Rect, Size } from '../layout/types';
import {
  contentArea,
  control,
  controlValues,
  insetRect,
  layoutFromRects,
  marginControl,
  spacingControl,
} from './common';
import { LARGE_CELL_LAYOUTS, largeCellRects } from './large-cells';
import type {
  Control,
  Generator,
  GeneratorInput,
  GeneratorResult,
  GeneratorSettings,
} from './types';

export interface InstaGrid {
  cols: number;
  rows: number;
}

export const INSTA_MIN_ROWS = 2;
export const INSTA_MAX_ROWS = 19;
export const INSTA_MIN_CELL_CM = 5;
export const INSTA_MAX_CELLS = 144;
export const COARSE_MAX_CELLS = 35;
/** Layouts from this index on use the fine grid. */
export const FINE_GRID_FROM_LAYOUT = 8;

/** Every grid of square cells that divides the size exactly, coarse to fine. */
export function instaGrids(size: Size): InstaGrid[] {
  const grids: InstaGrid[] = [];
  for (let rows = INSTA_MIN_ROWS; rows <= INSTA_MAX_ROWS; rows++) {
    const cell = size.heightCm / rows;
    const cols = Math.round(size.widthCm / cell);
    const whole = cols >= 1 && Math.abs(size.widthCm / cell - cols) < 1e-6;
    if (whole && cell >= INSTA_MIN_CELL_CM - 1e-9 && cols * rows < INSTA_MAX_CELLS)
      grids.push({ cols, rows });
  }
  return grids;
}

export function hasInstaGrid(size: Size): boolean {
  return instaGrids(size).length > 0;
}

/** The coarse and fine grids of a size, or undefined when no square grid divides it. */
export function coarseAndFine(size: Size): { coarse: InstaGrid; fine: InstaGrid } | undefined {
  const grids = instaGrids(size);
  if (grids.length === 0) return undefined;
  const cells = (g: InstaGrid) => g.cols * g.rows;
  const small = grids.filter((g) => cells(g) <= COARSE_MAX_CELLS);
  const coarse = small.length > 0 ? small[small.length - 1]! : grids[0]!;
  const finer = grids.filter((g) => cells(g) > cells(coarse));
  const fine =
    finer.find((g) => g.cols === 2 * coarse.cols && g.rows === 2 * coarse.rows) ??
    finer[0] ??
    coarse;
  return { coarse, fine };
}

export function instaGridFor(size: Size, layout: number): { grid: InstaGrid; exact: boolean } {
  const grids = coarseAndFine(size);
  if (!grids) {
    return {
      grid: {
        cols: Math.max(1, Math.round(size.widthCm / 10)),
        rows: Math.max(1, Math.round(size.heightCm / 10)),
      },
      exact: false,
    };
  }
  return { grid: layout >= FINE_GRID_FROM_LAYOUT ? grids.fine : grids.coarse, exact: true };
}

/** The largest grid of square cells that fits the area, centred: the margin grows on one axis. */
export function squareGridArea(area: Rect, cols: number, rows: number, spacing: number): Rect {
  const cell = Math.min(
    (area.width - (cols - 1) * spacing) / cols,
    (area.height - (rows - 1) * spacing) / rows,
  );
  const width = cols * cell + (cols - 1) * spacing;
  const height = rows * cell + (rows - 1) * spacing;
  return {
    x: area.x + (area.width - width) / 2,
    y: area.y + (area.height - height) / 2,
    width,
    height,
  };
}

export const mosaicinsta: Generator = {
  name: 'mosaicinsta',
  defaults: () => ({ layout: '1', borderCM: '0.5', marginCM: '0.5' }),
  controls(settings: GeneratorSettings, size: Size): Control[] {
    const layout = control(
      {
        name: 'layout',
        label: 'controls.layout',
        type: 'arrow',
        min: 0,
        max: LARGE_CELL_LAYOUTS - 1,
        step: 1,
      },
      settings,
      1,
    );
    const { grid } = instaGridFor(size, layout.current);
    const fixed = (name: string, label: string, value: number): Control => ({
      name,
      label,
      type: 'number',
      current: value,
      min: value,
      max: value,
      step: 1,
      hidden: true,
    });
    return [
      layout,
      fixed('numberVert', 'controls.columns', grid.cols),
      fixed('numberHor', 'controls.rows', grid.rows),
      spacingControl(settings),
      marginControl(settings),
    ];
  },
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const { exact } = instaGridFor(input.size, v.layout!);
    const content = contentArea(input);
    const grid = squareGridArea(
      insetRect(content, v.marginCM!),
      v.numberVert!,
      v.numberHor!,
      v.borderCM!,
    );
    const rects = largeCellRects(grid, v.numberVert!, v.numberHor!, v.borderCM!, 0, v.layout!);
    const result = layoutFromRects(input, rects, { content });
    if (result.ok && !exact)
      result.warnings.push({
        key: 'generators.noSquareGrid',
        values: { width: input.size.widthCm, height: input.size.heightCm },
      });
    return result;
  },
};
