/**
 * tiles: square photo tiles hung apart on the wall; 1..10 columns x 1..10 rows, default 3x3.
 * Settings: numberVert = columns, numberHor = rows. Each tile is 18.4 cm (an 18 x 18 cm product
 * with 2 mm bleed round it), 1 cm apart, 0.5 cm from the sheet's edge; the layout is flat (no
 * shadows or borders between parts). The sheet follows the tile count, whatever size was asked:
 * width = cols x 18.4 + (cols - 1) x 1 + 2 x 0.5 (plus a material margin, normally none).
 */
import { materialMarginCm } from '../catalog/materials';
import type { MaterialCode } from '../catalog/types';
import type { Size } from '../layout/types';
import { contentArea, control, controlValues, layoutFromRects, round, splitGrid } from './common';
import type { Generator, GeneratorInput, GeneratorResult } from './types';

export const TILE_CM = 18.4;
export const TILE_SPACING_CM = 1;
export const TILE_MARGIN_CM = 0.5;
export const TILES_MAX = 10;

export function tilesSheet(
  cols: number,
  rows: number,
  material: MaterialCode | string = 'TILES',
): Size {
  const edge = 2 * (TILE_MARGIN_CM + materialMarginCm(material));
  return {
    widthCm: round(cols * TILE_CM + (cols - 1) * TILE_SPACING_CM + edge),
    heightCm: round(rows * TILE_CM + (rows - 1) * TILE_SPACING_CM + edge),
  };
}

export const tiles: Generator = {
  name: 'tiles',
  defaults: () => ({ numberVert: '3', numberHor: '3' }),
  controls: (settings) => [
    control(
      { name: 'numberVert', label: 'controls.columns', min: 1, max: TILES_MAX, step: 1 },
      settings,
      3,
    ),
    control(
      { name: 'numberHor', label: 'controls.rows', min: 1, max: TILES_MAX, step: 1 },
      settings,
      3,
    ),
  ],
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const size = tilesSheet(v.numberVert!, v.numberHor!, input.material);
    const sized = {
      ...input,
      size,
      designer: undefined,
      settings: { ...input.settings, box: '0' },
    };
    const rects = splitGrid(
      contentArea(sized),
      v.numberVert!,
      v.numberHor!,
      TILE_SPACING_CM,
      TILE_MARGIN_CM,
    );
    return layoutFromRects(sized, rects, { size, isFlat: true });
  },
};
