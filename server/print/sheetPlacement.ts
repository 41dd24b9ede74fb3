/**
 * A slot's photo resampled by the codec straight onto the print sheet's pixel grid (pure; the
 * codec's placed_open / placed_rows do the resampling, a band of rows at a time): the renderer then copies those pixels 1:1 instead
 * of filtering every sheet pixel the photo covers through CanvasKit's bicubic sampler, which is
 * scalar in its wasm build and took most of a print's time (issue 27 item 4: 2.2 s of a 3 s print
 * thread in bicubic_clamp_8888, node --cpu-prof of tests/bench/printBench.ts).
 *
 * Only for a slot that stands unturned (a quarter turn of the photo in it is folded into the decode's
 * EXIF orientation, composedOrientation): its drawing on the sheet is then the photo scaled and
 * moved, which a separable resampler reproduces. A slot turned on the sheet is drawn as before, from
 * the part of the photo it shows (slotCrop.ts), filtered by CanvasKit.
 */
import type { Rect } from '../../src/model/layout/types';
import { cover, isQuarterTurned } from '../../src/render/geometry';
import type { QuarterTurn } from '../../src/render/scene';
import type { PhotoCrop, SlotView } from './slotCrop';

/** Lanczos-3 reads 3 source pixels either side of a sample point, times the reduction. */
const LANCZOS_LOBES = 3;
/** The codec's resampler has 64 taps a row: reductions up to 10x (src/placed.rs MAX_RATIO). */
export const MAX_PLACED_RATIO = 10;

export interface SheetPlacement {
  /** The part of the decode (at its DCT scale) the resampler reads. */
  crop: PhotoCrop;
  /** The sheet pixels the placed image covers: its top-left on the sheet and its size. */
  sheetX: number;
  sheetY: number;
  width: number;
  height: number;
  /** Output pixel (i, j) samples the crop at ((i + 0.5) * ratio + offsetX, (j + 0.5) * ratio + offsetY). */
  ratio: number;
  offsetX: number;
  offsetY: number;
}

/**
 * The EXIF orientation that decodes a photo stored with `orientation` already turned clockwise by
 * `turn` (the customer's quarter turn in the slot): the dihedral group's product, by orientation
 * and quarter turns (checked against the codec's own orientation in sheetPlacement.test.ts).
 */
const TURNED: Record<number, readonly [number, number, number, number]> = {
  1: [1, 6, 3, 8],
  2: [2, 7, 4, 5],
  3: [3, 8, 1, 6],
  4: [4, 5, 2, 7],
  5: [5, 2, 7, 4],
  6: [6, 3, 8, 1],
  7: [7, 4, 5, 2],
  8: [8, 1, 6, 3],
};

export function composedOrientation(orientation: number, turn: QuarterTurn): number {
  return (TURNED[orientation] ?? TURNED[1]!)[turn / 90]!;
}

/**
 * Where an unturned slot's photo lies on the sheet, for a decode of `imageWidth` x `imageHeight`
 * (the photo as the slot shows it: upright, turned by the slot's quarter turn, at its DCT scale): the whole sheet pixels its shown rect touches (an edge
 * pixel partly covered is drawn by the clip's antialiasing), the mapping from those pixels back
 * to the decode, and the decode's part the mapping reads. Null when the placement reduces past the
 * resampler's reach, or nothing of the photo is on the sheet.
 */
export function sheetPlacement(
  view: SlotView,
  slotOnSheet: { x: number; y: number },
  imageWidth: number,
  imageHeight: number,
  sheet: { widthPx: number; heightPx: number },
): SheetPlacement | null {
  // placed as drawCover places the photo before its turn: the extents and centre are the turned photo's
  const turned = isQuarterTurned(view.rotation);
  const placed = cover({
    slotWidth: view.own.width,
    slotHeight: view.own.height,
    imageWidth: turned ? imageHeight : imageWidth,
    imageHeight: turned ? imageWidth : imageHeight,
    zoom: view.zoom,
    focusX: view.focusX,
    focusY: view.focusY,
    rotation: view.rotation,
  });
  const ratio = 1 / placed.scale;
  if (!(ratio <= MAX_PLACED_RATIO)) return null;
  // the whole photo's top-left on the sheet, as drawCover places it
  const photoX = slotOnSheet.x + placed.centerX - placed.width / 2;
  const photoY = slotOnSheet.y + placed.centerY - placed.height / 2;
  // the clip's edge pixels are drawn partly covered (antialiased), while the photo, drawn without
  // antialiasing, covers the pixels whose centres it covers
  const span = (
    shownFrom: number,
    shownSize: number,
    photoFrom: number,
    photoSize: number,
    sheetSize: number,
  ) => ({
    from: Math.max(Math.floor(shownFrom), Math.round(photoFrom), 0),
    to: Math.min(Math.ceil(shownFrom + shownSize), Math.round(photoFrom + photoSize), sheetSize),
  });
  const shown: Rect = view.shown;
  const xs = span(slotOnSheet.x + shown.x, shown.width, photoX, placed.width, sheet.widthPx);
  const ys = span(slotOnSheet.y + shown.y, shown.height, photoY, placed.height, sheet.heightPx);
  if (xs.to <= xs.from || ys.to <= ys.from) return null;
  const reach = LANCZOS_LOBES * Math.max(1, ratio) + 1;
  const cut = (from: number, to: number, photoFrom: number, size: number) => {
    const first = Math.min(size - 1, Math.max(0, Math.floor((from - photoFrom) * ratio - reach)));
    const last = Math.max(first + 1, Math.min(size, Math.ceil((to - photoFrom) * ratio + reach)));
    return { first, length: last - first };
  };
  const cx = cut(xs.from, xs.to, photoX, imageWidth);
  const cy = cut(ys.from, ys.to, photoY, imageHeight);
  return {
    crop: { x: cx.first, y: cy.first, width: cx.length, height: cy.length },
    sheetX: xs.from,
    sheetY: ys.from,
    width: xs.to - xs.from,
    height: ys.to - ys.from,
    ratio,
    offsetX: (xs.from - photoX) * ratio - cx.first,
    offsetY: (ys.from - photoY) * ratio - cy.first,
  };
}

/**
 * The part of `placement.crop` the placed image's rows `from .. to` read (every Lanczos-3 tap of
 * theirs), and the vertical offset that maps those rows into it: opened on that part, the codec
 * decodes only the photo's rows they need (its region decode keeps just the MCUs the part reaches)
 * and places exactly those rows of the whole placement, whose taps are clipped only at the whole
 * part's edges, which this part keeps.
 */
export function placementRows(
  placement: SheetPlacement,
  from: number,
  to: number,
): { crop: PhotoCrop; offsetY: number } {
  const { crop, ratio, offsetY } = placement;
  const reach = LANCZOS_LOBES * Math.max(1, ratio) + 1;
  const first = Math.min(
    crop.height - 1,
    Math.max(0, Math.floor((from + 0.5) * ratio + offsetY - reach)),
  );
  const last = Math.max(
    first + 1,
    Math.min(crop.height, Math.ceil((to - 0.5) * ratio + offsetY + reach)),
  );
  return { crop: { ...crop, y: crop.y + first, height: last - first }, offsetY: offsetY - first };
}
