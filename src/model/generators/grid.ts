/**
 * The grid family: alleven (equal grid), onelarge (one large photo in a grid) and instagram (the
 * social-photo grid of square cells). Settings: numberVert = columns, numberHor = rows,
 * borderCM = spacing between photos, marginCM = outer margin, layout, hasText.
 *
 * onelarge layouts (the spec names the design, not its geometry): 0 centre (the large photo fills
 * the inner cells, small photos ring it: needs an inner block of two cells or more, so 4x3), 1 left, 2 top, 3 right, 4 bottom (the large
 * photo spans about two thirds of the columns or rows, the small photos fill the rest). A grid too
 * small for the chosen layout uses the next one that fits (centre → left → top → whole sheet).
 */
import type { MaterialCode } from '../catalog/types';
import type { Rect, Size } from '../layout/types';
import {
  contentArea,
  control,
  controlValues,
  gridBlock,
  hasTextControl,
  insetRect,
  layoutFromRects,
  marginControl,
  spacingControl,
  splitGrid,
  splitLine,
  textBands,
} from './common';
import type {
  Control,
  Generator,
  GeneratorInput,
  GeneratorResult,
  GeneratorSettings,
} from './types';

/** Columns or rows of a grid: 1 to min(12, floor(side / 5)). */
export function maxCells(sideCm: number): number {
  return Math.max(1, Math.min(12, Math.floor(sideCm / 5)));
}

function gridControls(
  settings: GeneratorSettings,
  size: Size,
  defaults: { cols: number; rows: number },
): Control[] {
  const text = hasTextControl(settings);
  return [
    control(
      {
        name: 'numberVert',
        label: 'controls.columns',
        min: 1,
        max: maxCells(size.widthCm),
        step: 1,
      },
      settings,
      defaults.cols,
    ),
    control(
      { name: 'numberHor', label: 'controls.rows', min: 1, max: maxCells(size.heightCm), step: 1 },
      settings,
      defaults.rows,
    ),
    spacingControl(settings),
    marginControl(settings, 0.5, text.current !== 0),
    text,
  ];
}

/** Text band first, then the photo area the grid fills. */
function areas(
  input: GeneratorInput,
  hasText: number,
): { content: Rect; texts: ReturnType<typeof textBands>['texts']; photoArea: Rect } {
  const content = contentArea(input);
  return { content, ...textBands(content, hasText) };
}

export const alleven: Generator = {
  name: 'alleven',
  defaults: () => ({
    numberVert: '3',
    numberHor: '4',
    borderCM: '0.5',
    marginCM: '0.5',
    hasText: '0',
  }),
  controls: (settings, size) => gridControls(settings, size, { cols: 3, rows: 4 }),
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const { content, texts, photoArea } = areas(input, v.hasText!);
    const rects = splitGrid(photoArea, v.numberVert!, v.numberHor!, v.borderCM!, v.marginCM!);
    return layoutFromRects(input, rects, { texts, content });
  },
};

export const ONELARGE_LAYOUTS = 5;

interface Block {
  col: number;
  row: number;
  cols: number;
  rows: number;
}

/** The cells the large photo spans for a layout, falling back when the grid is too small. */
export function largeBlock(layout: number, cols: number, rows: number): Block {
  const side = (n: number) => n - Math.max(1, Math.floor(n / 3));
  if (layout === 0 && cols >= 3 && rows >= 3 && (cols - 2) * (rows - 2) >= 2)
    return { col: 1, row: 1, cols: cols - 2, rows: rows - 2 };
  const horizontal = layout === 1 || layout === 3 || layout === 0;
  if (horizontal && cols >= 2) {
    const span = side(cols);
    return { col: layout === 3 ? cols - span : 0, row: 0, cols: span, rows };
  }
  if (rows >= 2) {
    const span = side(rows);
    return { col: 0, row: layout === 4 ? rows - span : 0, cols, rows: span };
  }
  if (cols >= 2) return largeBlock(1, cols, rows);
  return { col: 0, row: 0, cols, rows };
}

export const onelarge: Generator = {
  name: 'onelarge',
  defaults: () => ({
    numberVert: '4',
    numberHor: '4',
    borderCM: '0.5',
    marginCM: '0.5',
    layout: '0',
    hasText: '0',
  }),
  controls(settings, size) {
    const [cols, rows, ...rest] = gridControls(settings, size, { cols: 4, rows: 4 });
    const layout = control(
      {
        name: 'layout',
        label: 'controls.layout',
        type: 'arrow',
        min: 0,
        max: ONELARGE_LAYOUTS - 1,
        step: 1,
      },
      settings,
      0,
    );
    return [cols!, rows!, layout, ...rest];
  },
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const cols = v.numberVert!;
    const rows = v.numberHor!;
    const { content, texts, photoArea } = areas(input, v.hasText!);
    const inner = insetRect(photoArea, v.marginCM!);
    const cells = {
      xs: splitLine(inner.x, inner.width, cols, v.borderCM!),
      ys: splitLine(inner.y, inner.height, rows, v.borderCM!),
    };
    const block = largeBlock(v.layout!, cols, rows);
    const rects: Rect[] = [gridBlock(cells, block.col, block.row, block.cols, block.rows)];
    for (let row = 0; row < rows; row++) {
      for (let col = 0; col < cols; col++) {
        const inside =
          col >= block.col &&
          col < block.col + block.cols &&
          row >= block.row &&
          row < block.row + block.rows;
        if (!inside) rects.push(gridBlock(cells, col, row, 1, 1));
      }
    }
    return layoutFromRects(input, rects, { texts, content });
  },
};

export function instagramColumnRange(widthCm: number): { min: number; max: number } {
  const max = Math.max(1, Math.min(12, Math.floor(widthCm / 5)));
  return { min: Math.min(max, Math.max(1, Math.ceil(widthCm / 28))), max };
}

/** Rows that keep the cells as close to square as the height allows. */
export function squareRows(area: Rect, cols: number, spacing: number): number {
  const cell = (area.width - (cols - 1) * spacing) / cols;
  return Math.max(1, Math.round((area.height + spacing) / (cell + spacing)));
}

function instagramArea(
  input: { settings: GeneratorSettings; size: Size; material: MaterialCode },
  hasText: number,
  margin: number,
): Rect {
  const content = contentArea(input);
  return insetRect(textBands(content, hasText).photoArea, margin);
}

export const instagram: Generator = {
  name: 'instagram',
  defaults: () => ({ numberVert: '4', borderCM: '0.5', marginCM: '0.5', hasText: '0' }),
  controls(settings, size, material) {
    const range = instagramColumnRange(size.widthCm);
    const text = hasTextControl(settings);
    const cols = control(
      { name: 'numberVert', label: 'controls.columns', min: range.min, max: range.max, step: 1 },
      settings,
      4,
    );
    const spacing = spacingControl(settings);
    const margin = marginControl(settings, 0.5, text.current !== 0);
    const rows = squareRows(
      instagramArea({ settings, size, material }, text.current, margin.current),
      cols.current,
      spacing.current,
    );
    const rowsControl: Control = {
      name: 'numberHor',
      label: 'controls.rows',
      type: 'number',
      current: rows,
      min: rows,
      max: rows,
      step: 1,
      hidden: true,
    };
    return [cols, rowsControl, spacing, margin, text];
  },
  generate(input: GeneratorInput): GeneratorResult {
    const v = controlValues(this.controls(input.settings, input.size, input.material));
    const { content, texts, photoArea } = areas(input, v.hasText!);
    const rects = splitGrid(photoArea, v.numberVert!, v.numberHor!, v.borderCM!, v.marginCM!);
    return layoutFromRects(input, rects, { texts, content });
  },
};
