/**
 * The pile designs: photos tossed on a table, each tilted and nudged by a seeded random draw.
 * pilealleven: a grid of equal photos; pileonelarge: one large photo (img1, at the bottom of the
 * pile) over the inner cells with a ring of photos around it. Settings: numberVert = columns,
 * numberHor = rows, borderCM = margin (pile has no spacing: the photos overlap), hasText.
 * Every photo has the modern border; the margin runs from the sheet's printable edge to the outside
 * of the border card, and every tilted photo's bounding box stays inside it.
 */
import type { MaterialCode } from '../catalog/types';
import { MODERN_PHOTO_BORDER, type PhotoSlotLayer, type Rect, type Size } from '../layout/types';
import {
  buildLayout,
  contentArea,
  control,
  controlValues,
  gridBlock,
  hasTextControl,
  insetRect,
  mulberry32,
  photoSlot,
  splitLine,
  textBands,
} from './common';
import { rotatedBounds, withModernBorder } from './playful';
import type {
  Control,
  Generator,
  GeneratorInput,
  GeneratorResult,
  GeneratorSettings,
} from './types';

export const PILE_DEFAULT = { cols: 4, rows: 4, margin: 0.5 } as const;
/** Largest tilt of a pile photo, and of the large photo of pileonelarge, in degrees. */
export const PILE_MAX_TILT = 8;
export const PILE_LARGE_MAX_TILT = 3;
/** Photos are this much larger than their cell, so neighbours overlap like a real pile. */
export const PILE_OVERLAP_SCALE = 1.15;
/** Largest nudge of a photo's centre, as a share of its cell. */
export const PILE_JITTER = 0.06;

/** Columns or rows: at least 1 when all photos are equal (else 3, to ring the large photo), at most min(12, floor(side / 6)). */
export function pileCellRange(sideCm: number, allEven: boolean): { min: number; max: number } {
  const min = allEven ? 1 : 3;
  return { min, max: Math.max(min, Math.min(12, Math.floor(sideCm / 6))) };
}

function pileControls(settings: GeneratorSettings, size: Size, allEven: boolean): Control[] {
  const cols = pileCellRange(size.widthCm, allEven);
  const rows = pileCellRange(size.heightCm, allEven);
  const text = hasTextControl(settings);
  return [
    control(
      { name: 'numberVert', label: 'controls.columns', min: cols.min, max: cols.max, step: 1 },
      settings,
      PILE_DEFAULT.cols,
    ),
    control(
      { name: 'numberHor', label: 'controls.rows', min: rows.min, max: rows.max, step: 1 },
      settings,
      PILE_DEFAULT.rows,
    ),
    control(
      {
        name: 'borderCM',
        label: 'controls.margin',
        min: 0.5,
        max: 2,
        step: 0.1,
        hidden: text.current !== 0,
      },
      settings,
      PILE_DEFAULT.margin,
    ),
    text,
  ];
}

/**
 * A photo the size of its cell times `scale`, tilted and nudged by `random`, then shrunk and
 * moved as little as needed to keep its tilted bounding box inside `bounds`.
 */
export function tossPhoto(
  cell: Rect,
  bounds: Rect,
  random: () => number,
  scale: number,
  maxTilt: number,
): { rect: Rect; rotation: number } {
  const rotation = Math.round((random() * 2 - 1) * maxTilt * 10) / 10;
  const jitterX = (random() * 2 - 1) * PILE_JITTER * cell.width;
  const jitterY = (random() * 2 - 1) * PILE_JITTER * cell.height;
  let width = cell.width * scale;
  let height = cell.height * scale;
  const box = rotatedBounds({ x: 0, y: 0, width, height }, rotation);
  const shrink = Math.min(1, bounds.width / box.width, bounds.height / box.height);
  width *= shrink;
  height *= shrink;
  const halfW = (box.width * shrink) / 2;
  const halfH = (box.height * shrink) / 2;
  const cx = Math.min(
    Math.max(cell.x + cell.width / 2 + jitterX, bounds.x + halfW),
    bounds.x + bounds.width - halfW,
  );
  const cy = Math.min(
    Math.max(cell.y + cell.height / 2 + jitterY, bounds.y + halfH),
    bounds.y + bounds.height - halfH,
  );
  return { rect: { x: cx - width / 2, y: cy - height / 2, width, height }, rotation };
}

function generatePile(
  input: GeneratorInput,
  allEven: boolean,
  controls: Control[],
): GeneratorResult {
  const v = controlValues(controls);
  const cols = v.numberVert!;
  const rows = v.numberHor!;
  const content = contentArea(input);
  const { texts, photoArea } = textBands(content, v.hasText!);
  // The margin ends at the outside of the border card.
  const bounds = insetRect(photoArea, v.borderCM! + MODERN_PHOTO_BORDER.cardWidthCm);
  const cells = {
    xs: splitLine(bounds.x, bounds.width, cols, 0),
    ys: splitLine(bounds.y, bounds.height, rows, 0),
  };
  const random = mulberry32(input.seed);
  const tossed: Array<{ rect: Rect; rotation: number }> = [];
  const inLarge = (col: number, row: number) =>
    !allEven && col > 0 && col < cols - 1 && row > 0 && row < rows - 1;
  if (!allEven)
    tossed.push(
      tossPhoto(gridBlock(cells, 1, 1, cols - 2, rows - 2), bounds, random, 1, PILE_LARGE_MAX_TILT),
    );
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      if (!inLarge(col, row))
        tossed.push(
          tossPhoto(
            gridBlock(cells, col, row, 1, 1),
            bounds,
            random,
            PILE_OVERLAP_SCALE,
            PILE_MAX_TILT,
          ),
        );
    }
  }
  const photos: PhotoSlotLayer[] = withModernBorder(
    tossed.map(({ rect, rotation }, index) => photoSlot(rect, index, rotation)),
  );
  const layout = {
    ...buildLayout(input, { photos, texts, content }),
    photoBorder: { ...MODERN_PHOTO_BORDER },
  };
  return { ok: true, layout, warnings: [] };
}

function pileGenerator(name: string, allEven: boolean): Generator {
  return {
    name,
    defaults: (): GeneratorSettings => ({
      numberVert: String(PILE_DEFAULT.cols),
      numberHor: String(PILE_DEFAULT.rows),
      borderCM: String(PILE_DEFAULT.margin),
      hasText: '0',
    }),
    controls: (settings: GeneratorSettings, size: Size, _material: MaterialCode) =>
      pileControls(settings, size, allEven),
    generate: (input) =>
      generatePile(input, allEven, pileControls(input.settings, input.size, allEven)),
  };
}

export const pilealleven = pileGenerator('pilealleven', true);
export const pileonelarge = pileGenerator('pileonelarge', false);
