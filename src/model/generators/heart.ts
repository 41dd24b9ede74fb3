/**
 * gen:heart — photos laid out as a heart of square cells (layouts A–C: coarse to fine), optionally
 * playful (tilted by the spec's rotation list), with the modern photo border on every photo.
 * Square sizes of 30 to 100 cm are the heart's sizes; other sizes still get a heart, centred, plus
 * the size warning, so a saved collage never fails to open.
 */
import { MODERN_PHOTO_BORDER, type Rect, type Size } from '../layout/types';
import type { MaterialCode } from '../catalog/types';
import {
  buildLayout,
  contentArea,
  control,
  hasTextControl,
  insetRect,
  photoSlot,
  readNumber,
  textBands,
} from './common';
import { HEART_LAYOUT_COUNT, heartGrid, type GridCell } from './heartShape';
import {
  BORDERED_GAP_CM,
  BORDER_REACH_CM,
  PLAYFUL_MAX_DEGREES,
  fitForRotation,
  playfulRotation,
  withModernBorder,
} from './playful';
import type {
  Control,
  Generator,
  GeneratorInput,
  GeneratorResult,
  GeneratorSettings,
  GeneratorWarning,
} from './types';

export const HEART_MIN_CM = 30;
export const HEART_MAX_CM = 100;
export const HEART_DEFAULT_LAYOUT = 1;

/** Heart sizes are square, 30 to 100 cm inclusive (templates-photos-text.md §5, §9). */
export function isHeartSize(size: Size): boolean {
  return (
    size.widthCm === size.heightCm && size.widthCm >= HEART_MIN_CM && size.widthCm <= HEART_MAX_CM
  );
}

export const heartSizeWarning: GeneratorWarning = {
  key: 'generators.heart.size',
  values: { min: HEART_MIN_CM, max: HEART_MAX_CM },
};

function heartControls(settings: GeneratorSettings): Control[] {
  return [
    control(
      {
        name: 'layout',
        label: 'controls.layout',
        type: 'arrow',
        min: 0,
        max: HEART_LAYOUT_COUNT - 1,
        step: 1,
      },
      settings,
      HEART_DEFAULT_LAYOUT,
    ),
    control(
      { name: 'playfull', label: 'controls.playful', type: 'arrow', min: 0, max: 1, step: 1 },
      settings,
      0,
    ),
    hasTextControl(settings, 0),
  ];
}

/**
 * Square cells on a pitch that fits the mask into `area`, centred. Neighbouring photos keep the
 * width of two border cards between them, less on very small hearts so a photo never vanishes.
 */
export function placeCells(area: Rect, cols: number, rows: number, cells: GridCell[]): Rect[] {
  const pitchFor = (gap: number) => Math.min((area.width + gap) / cols, (area.height + gap) / rows);
  const gap = Math.min(BORDERED_GAP_CM, pitchFor(0) / 4);
  const pitch = pitchFor(gap);
  const side = pitch - gap;
  const x0 = area.x + (area.width - (cols * pitch - gap)) / 2;
  const y0 = area.y + (area.height - (rows * pitch - gap)) / 2;
  return cells.map(({ col, row }) => ({
    x: x0 + col * pitch,
    y: y0 + row * pitch,
    width: side,
    height: side,
  }));
}

function generateHeart(input: GeneratorInput): GeneratorResult {
  const values = Object.fromEntries(heartControls(input.settings).map((c) => [c.name, c.current]));
  const playful = values.playfull === 1;
  const content = contentArea(input);
  const { texts, photoArea } = textBands(content, values.hasText!);
  const grid = heartGrid(values.layout!);
  const cells = placeCells(insetRect(photoArea, BORDER_REACH_CM), grid.cols, grid.rows, grid.cells);
  const photos = withModernBorder(
    cells.map((cell, index) =>
      playful
        ? photoSlot(fitForRotation(cell, PLAYFUL_MAX_DEGREES), index, playfulRotation(index))
        : photoSlot(cell, index),
    ),
  );
  const layout = {
    ...buildLayout(input, { photos, texts, content }),
    photoBorder: { ...MODERN_PHOTO_BORDER },
  };
  return { ok: true, layout, warnings: isHeartSize(input.size) ? [] : [heartSizeWarning] };
}

export const heartGenerator: Generator = {
  name: 'heart',
  defaults: (): GeneratorSettings => ({
    layout: String(HEART_DEFAULT_LAYOUT),
    playfull: '0',
    hasText: '0',
  }),
  controls: (settings: GeneratorSettings, _size: Size, _material: MaterialCode) =>
    heartControls(settings),
  generate: generateHeart,
};

/** The photo count of a heart layout (for the UI and the tests). */
export function heartPhotoCount(settings: GeneratorSettings): number {
  return heartGrid(readNumber(settings, 'layout', HEART_DEFAULT_LAYOUT)).cells.length;
}
