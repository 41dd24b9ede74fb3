/**
 * The plan of a tiled print master (pure; printMaster.ts runs it): the sheet is cut into tiles of
 * whole rows, one per worker thread, and each tile is drawn and encoded in bands of rows (jpegBands.ts),
 * so no thread ever holds more of the sheet than one band. Each photo is decoded at the one DCT
 * scale its most demanding slot needs on the whole sheet (the same pixels an untiled print would
 * draw, so the tiles meet without a seam), for each slot the tile's rows reach, kept only as the
 * part that slot shows and only while the bands being drawn reach the slot.
 */
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout, Rect } from '../../src/model/layout/types';
import { borderReachCm } from '../../src/render/border';
import { cover, turnedBounds } from '../../src/render/geometry';
import { pxRect } from '../../src/render/layers';
import type { PhotoEffect } from '../../src/render/scene';
import { sceneFromSlots } from '../../src/render/slotScene';
import type { JpegHeader } from '../../workers/codec/codecTypes';
import type { SlotView } from './slotCrop';
import { MCU_PX } from './jpegBands';

/** Rows drawn and encoded at once: 16 MCU rows; 6 MB of pixels at 50 cm and 300 dpi, 18 MB at 150 cm. */
export const BAND_ROWS = 16 * MCU_PX;
/** Rows drawn above and below each band and thrown away (printTileRender.ts overlapped). */
export const BAND_OVERLAP_ROWS = 8;
/** Rows a slot's photo may reach beyond its shown rect (antialiasing, cubic sampling). */
const BOUNDS_MARGIN_PX = 4;

/**
 * One slot's photo: decoded when the first band its slot reaches comes, cut to the part the slot
 * shows (slotCrop.ts) and freed after the slot's last band, so a thread holds only the parts of
 * photos its current rows show. Two slots of one photo are two decodes (the decode is the same).
 */
export interface PhotoDecode {
  /** The tile's image key for this slot (slotImageKey). */
  id: string;
  photoId: string;
  slot: string;
  /** Decoded pixels needed (upright photo, before the slot's turn): the largest over every slot that shows the photo, so each slot gets the same pixels. */
  width: number;
  height: number;
  orientation: number;
  effect: PhotoEffect;
  /** How the slot places the photo, to cut out what it shows. */
  view: SlotView;
  /** The sheet rows the slot may touch, [top, bottom). */
  top: number;
  bottom: number;
}

/** The reasons a photo cannot be printed, as PrintError codes. */
export class PhotoProblem extends Error {
  constructor(
    readonly code: 'MISSING_PHOTO' | 'BAD_PHOTO',
    message: string,
  ) {
    super(message);
  }
}

export interface PhotoPlanInput {
  layout: Layout;
  slots: SlotData;
  originals: Record<string, Uint8Array>;
  orientations: Record<string, number>;
  pxPerCm: number;
  /** The codec's header reader. */
  probe(jpeg: Uint8Array): { ok: true; value: JpegHeader } | { ok: false; error: { code: string; message: string } };
}

/** Orientations 5-8 turn the photo a quarter: width and height trade places. */
function uprightSize(width: number, height: number, orientation: number): { width: number; height: number } {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** The image key a tile draws a slot's photo under: each slot its own cut of the photo. */
export function slotImageKey(photoId: string, slot: string): string {
  return `${photoId}\u0001${slot}`;
}

/** The slots' photo data with each slot's photo under its own image key (what the tile draws). */
export function slotKeyedPhotos(slots: SlotData): SlotData {
  const photos = Object.fromEntries(Object.entries(slots.photos).map(([slot, photo]) => [slot, photo && photo.id ? { ...photo, id: slotImageKey(photo.id, slot) } : photo]));
  return { ...slots, photos } as SlotData;
}

/** Every slot's photo: its decode size over the whole sheet, the part the slot shows and the rows it reaches. */
export function planPhotos({ layout, slots, originals, orientations, pxPerCm, probe }: PhotoPlanInput): PhotoDecode[] {
  const scene = sceneFromSlots(layout, slots);
  const clips = new Map(layout.layers.flatMap((layer) => (layer.kind === 'clip' ? [[layer.name, layer] as const] : [])));
  const decodes: PhotoDecode[] = [];
  const sizes = new Map<string, { width: number; height: number }>();
  for (const layer of layout.layers) {
    if (layer.kind !== 'photo') continue;
    const photo = scene.photos[layer.slot];
    if (!photo || photo.imageKey === '') continue;
    const bytes = originals[photo.imageKey];
    if (!bytes) throw new PhotoProblem('MISSING_PHOTO', `Photo ${photo.imageKey} (slot ${layer.slot}) is missing`);
    const header = probe(bytes);
    if (!header.ok) throw new PhotoProblem('BAD_PHOTO', `Photo ${photo.imageKey}: ${header.error.code} ${header.error.message}`);
    const orientation = orientations[photo.imageKey] ?? 1;
    const { width, height } = uprightSize(header.value.width, header.value.height, orientation);
    const own = pxRect({ ...layer, x: 0, y: 0 }, pxPerCm);
    const placed = cover({ slotWidth: own.width, slotHeight: own.height, imageWidth: width, imageHeight: height, zoom: photo.zoom, focusX: 0.5, focusY: 0.5, rotation: photo.rotation });
    const size = sizes.get(photo.imageKey) ?? { width: 0, height: 0 };
    size.width = Math.max(size.width, Math.min(width, Math.ceil(width * placed.scale)));
    size.height = Math.max(size.height, Math.min(height, Math.ceil(height * placed.scale)));
    sizes.set(photo.imageKey, size);
    const clip = layer.clip !== undefined ? clips.get(layer.clip) : undefined;
    const shown = clip ? pxRect({ ...clip, x: clip.x - layer.x, y: clip.y - layer.y }, pxPerCm) : own;
    const view: SlotView = { own, shown, zoom: photo.zoom, focusX: photo.focusX, focusY: photo.focusY, rotation: photo.rotation };
    const rows = shownRows(pxRect(layer, pxPerCm), shown, layer.rotation);
    decodes.push({ id: slotImageKey(photo.imageKey, layer.slot), photoId: photo.imageKey, slot: layer.slot, width: 0, height: 0, orientation, effect: photo.effect, view, top: Math.floor(rows.top) - BOUNDS_MARGIN_PX, bottom: Math.ceil(rows.bottom) + BOUNDS_MARGIN_PX });
  }
  return decodes.map((decode) => ({ ...decode, ...sizes.get(decode.photoId)! }));
}

/**
 * The sheet rows a slot's photo is drawn on: what its clip shows (`shown`, in the slot's frame),
 * turned with the slot round the slot's centre. The slot's border needs no photo: a band that
 * meets only the border of a slot does not hold its photo.
 */
function shownRows(slot: Rect, shown: Rect, degrees: number): RowRange {
  const radians = (degrees * Math.PI) / 180;
  const [cos, sin] = [Math.cos(radians), Math.abs(Math.sin(radians))];
  const ys: number[] = [];
  for (const x of [shown.x, shown.x + shown.width]) {
    for (const y of [shown.y, shown.y + shown.height]) {
      // either way round (the turn's sense does not matter for a bound)
      const [dx, dy] = [x - slot.width / 2, y - slot.height / 2];
      ys.push(dy * cos + dx * sin, dy * cos - dx * sin);
    }
  }
  const centreY = slot.y + slot.height / 2;
  return { top: centreY + Math.min(...ys), bottom: centreY + Math.max(...ys) };
}

export interface RowRange {
  top: number;
  bottom: number;
}

/**
 * `count` tiles of whole MCU rows, as even as MCU rows allow (fewer when the sheet is short); a tile
 * edge that would cut `unsplit` rows moves to the nearest row that cuts none (unsplitRows).
 */
export function tileRows(heightPx: number, count: number, unsplit: readonly RowRange[] = []): RowRange[] {
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
function nearestCut(row: number, unsplit: readonly RowRange[], above: number, below: number): number | null {
  for (let step = 0; row - step > above || row + step < below; step += MCU_PX) {
    for (const cut of [row - step, row + step]) if (cut > above && cut < below && cuts(cut, unsplit) === false) return cut;
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
export function bandRows({ top, bottom }: RowRange, height = BAND_ROWS, photos: readonly RowRange[] = [], unsplit: readonly RowRange[] = []): RowRange[] {
  const bands: RowRange[] = [];
  for (let y = top; y < bottom; ) {
    const end = bandEnd(y, Math.min(bottom, y + height), bottom, photos, unsplit);
    bands.push({ top: y, bottom: end });
    y = end;
  }
  return bands;
}

/** The last MCU row up to `end` that cuts neither photos nor unsplit rows, else unsplit rows only, else the first below `end` that cuts none. */
function bandEnd(top: number, end: number, bottom: number, photos: readonly RowRange[], unsplit: readonly RowRange[]): number {
  if (end >= bottom) return bottom;
  for (let cut = end; cut > top; cut -= MCU_PX) if (!cuts(cut, unsplit) && !cuts(cut, photos)) return cut;
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
    if ((layer.kind !== 'photo' && layer.kind !== 'text' && layer.kind !== 'overlay') || layer.rotation % 90 === 0) continue;
    const fontSize = layer.kind === 'text' ? Math.max(layer.style.fontSize, slots.texts[layer.slot]?.fontSize ?? 0) : 0;
    // the outsets SceneRenderer gives these drawings' bounds
    const outset = layer.kind === 'photo' ? (layer.border && !layout.isFlat ? borderReachCm(layer.border) * pxPerCm : 0) + 1 : layer.kind === 'text' ? (layer.height + 2 * fontSize) * pxPerCm : 0;
    const bounds = turnedBounds(pxRect(layer, pxPerCm), layer.rotation, outset);
    ranges.push({ top: Math.floor(bounds.y) - BOUNDS_MARGIN_PX, bottom: Math.ceil(bounds.y + bounds.height) + BOUNDS_MARGIN_PX });
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
