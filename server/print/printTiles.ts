/**
 * The plan of a tiled print master (pure; printMaster.ts runs it): the sheet is cut into tiles of
 * whole rows, one per worker thread, and each tile is drawn and encoded in bands of rows (jpegBands.ts),
 * so no thread ever holds more of the sheet than one band. The photos' part of the plan (which
 * photo each slot decodes, at what size, for which rows) is printTilePhotos.ts.
 */
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import { borderReachCm } from '../../src/render/border';
import { turnedBounds } from '../../src/render/geometry';
import { pxRect } from '../../src/render/layers';
import { MCU_PX } from './jpegMcuRows';

/** Rows drawn and encoded at once: 16 MCU rows; 6 MB of pixels at 50 cm and 300 dpi, 18 MB at 150 cm. */
export const BAND_ROWS = 16 * MCU_PX;
/** Rows drawn above and below each band and thrown away (printTileRender.ts overlapped). */
export const BAND_OVERLAP_ROWS = 8;
/** Rows a slot's photo may reach beyond its shown rect (antialiasing, cubic sampling). */
export const BOUNDS_MARGIN_PX = 4;

export interface RowRange {
  top: number;
  bottom: number;
}

/**
 * `count` tiles of whole MCU rows, as even as MCU rows allow (fewer when the sheet is short); a tile
 * edge that would cut `unsplit` rows moves to the nearest row that cuts none (unsplitRows).
 */
export function tileRows(
  heightPx: number,
  count: number,
  unsplit: readonly RowRange[] = [],
): RowRange[] {
  const mcuRows = Math.ceil(heightPx / MCU_PX);
  const tiles = Math.max(1, Math.min(count, mcuRows));
  const edges = [0];
  for (let i = 1; i < tiles; i += 1) {
    const even = Math.round((i * mcuRows) / tiles) * MCU_PX;
    const edge = nearestCut(even, unsplit, edges[edges.length - 1]!, heightPx);
    if (edge !== null) edges.push(edge);
  }
  edges.push(heightPx);
  return edges.slice(1).map((bottom, i) => ({ top: edges[i]!, bottom }));
}

/** The MCU row nearest `row`, strictly between `above` and `below`, that cuts no `unsplit` rows. */
function nearestCut(
  row: number,
  unsplit: readonly RowRange[],
  above: number,
  below: number,
): number | null {
  for (let step = 0; row - step > above || row + step < below; step += MCU_PX) {
    for (const cut of [row - step, row + step])
      if (cut > above && cut < below && cuts(cut, unsplit) === false) return cut;
  }
  return null;
}

/** Whether a band edge at `cut` (drawn with its overlap on both sides) meets any of `ranges`. */
function cuts(cut: number, ranges: readonly RowRange[]): boolean {
  const drawn = { top: cut - BAND_OVERLAP_ROWS, bottom: cut + BAND_OVERLAP_ROWS };
  return ranges.some((range) => reaches(range, drawn));
}

/**
 * The bands of a tile, top to bottom, at most `height` rows each unless `unsplit` rows make one
 * taller (an edge never cuts them). With the photos' rows given, a band ends early in a gap
 * between photos when one lies in it (a band may be one MCU row): the band reaching across the gap
 * would hold the photos above and below it at once.
 */
export function bandRows(
  { top, bottom }: RowRange,
  height = BAND_ROWS,
  photos: readonly RowRange[] = [],
  unsplit: readonly RowRange[] = [],
): RowRange[] {
  const bands: RowRange[] = [];
  for (let y = top; y < bottom;) {
    const end = bandEnd(y, Math.min(bottom, y + height), bottom, photos, unsplit);
    bands.push({ top: y, bottom: end });
    y = end;
  }
  return bands;
}

/** The last MCU row up to `end` that cuts neither photos nor unsplit rows, else unsplit rows only, else the first below `end` that cuts none. */
function bandEnd(
  top: number,
  end: number,
  bottom: number,
  photos: readonly RowRange[],
  unsplit: readonly RowRange[],
): number {
  if (end >= bottom) return bottom;
  for (let cut = end; cut > top; cut -= MCU_PX)
    if (!cuts(cut, unsplit) && !cuts(cut, photos)) return cut;
  for (let cut = end; cut > top; cut -= MCU_PX) if (!cuts(cut, unsplit)) return cut;
  for (let cut = end + MCU_PX; cut < bottom; cut += MCU_PX) if (!cuts(cut, unsplit)) return cut;
  return bottom;
}

/** A drawing taller than this is cut by band edges anyway: a band holds at most this many rows more. */
export const MAX_UNSPLIT_ROWS = 2048;

/**
 * Rows no band or tile edge may cut: the drawings of slots and overlays turned by other than a
 * quarter turn. Skia starts the antialiased edges of a slanted shape cut by a band's clip at the
 * clip, rounding them apart from the untiled sheet's (up to 15/255 along the edges); a band that
 * holds the whole drawing rasterises it as the untiled sheet does. Overlapping drawings are joined.
 */
export function unsplitRows(layout: Layout, slots: SlotData, pxPerCm: number): RowRange[] {
  const ranges: RowRange[] = [];
  for (const layer of layout.layers) {
    if (
      (layer.kind !== 'photo' && layer.kind !== 'text' && layer.kind !== 'overlay') ||
      layer.rotation % 90 === 0
    )
      continue;
    const fontSize =
      layer.kind === 'text'
        ? Math.max(layer.style.fontSize, slots.texts[layer.slot]?.fontSize ?? 0)
        : 0;
    // the outsets SceneRenderer gives these drawings' bounds
    const outset =
      layer.kind === 'photo'
        ? (layer.border && !layout.isFlat ? borderReachCm(layer.border) * pxPerCm : 0) + 1
        : layer.kind === 'text'
          ? (layer.height + 2 * fontSize) * pxPerCm
          : 0;
    const bounds = turnedBounds(pxRect(layer, pxPerCm), layer.rotation, outset);
    ranges.push({
      top: Math.floor(bounds.y) - BOUNDS_MARGIN_PX,
      bottom: Math.ceil(bounds.y + bounds.height) + BOUNDS_MARGIN_PX,
    });
  }
  ranges.sort((a, b) => a.top - b.top);
  const joined: RowRange[] = [];
  for (const range of ranges) {
    const last = joined[joined.length - 1];
    if (last && range.top <= last.bottom) last.bottom = Math.max(last.bottom, range.bottom);
    else joined.push({ ...range });
  }
  return joined.filter((range) => range.bottom - range.top <= MAX_UNSPLIT_ROWS);
}

export function reaches(photo: RowRange, rows: RowRange): boolean {
  return photo.top < rows.bottom && photo.bottom > rows.top;
}
