/**
 * The plan of a tiled print master (pure; printMaster.ts runs it): the sheet is cut into tiles of
 * whole rows, one per worker thread, and each tile is drawn and encoded in bands of rows (jpegBands.ts),
 * so no thread ever holds more of the sheet than one band. Each photo is decoded at the one DCT
 * scale its most demanding slot needs on the whole sheet (the same pixels an untiled print would
 * draw, so the tiles meet without a seam), by the tiles its slots reach only, and only while the
 * bands being drawn reach it.
 */
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import { borderReachCm } from '../../src/render/border';
import { cover, turnedBounds } from '../../src/render/geometry';
import { pxRect } from '../../src/render/layers';
import type { PhotoEffect } from '../../src/render/scene';
import { sceneFromSlots } from '../../src/render/slotScene';
import type { JpegHeader } from '../../workers/codec/codecTypes';
import { MCU_PX } from './jpegBands';

/** Rows drawn and encoded at once: 16 MCU rows; 6 MB of pixels at 50 cm and 300 dpi, 18 MB at 150 cm. */
export const BAND_ROWS = 16 * MCU_PX;
/** Rows a slot's drawing may reach beyond its bounds (antialiasing, cubic sampling). */
const BOUNDS_MARGIN_PX = 4;

export interface PhotoDecode {
  id: string;
  /** Decoded pixels needed (upright photo, before the slot's turn), the largest over the slots that show it. */
  width: number;
  height: number;
  orientation: number;
  effects: PhotoEffect[];
  /** The sheet rows its slots may touch, [top, bottom). */
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

/** Every photo the collage shows: its decode size over the whole sheet and the rows it reaches. */
export function planPhotos({ layout, slots, originals, orientations, pxPerCm, probe }: PhotoPlanInput): PhotoDecode[] {
  const scene = sceneFromSlots(layout, slots);
  const plans = new Map<string, PhotoDecode>();
  for (const layer of layout.layers) {
    if (layer.kind !== 'photo') continue;
    const photo = scene.photos[layer.slot];
    if (!photo) continue;
    const bytes = originals[photo.imageKey];
    if (!bytes) throw new PhotoProblem('MISSING_PHOTO', `Photo ${photo.imageKey} (slot ${layer.slot}) is missing`);
    const header = probe(bytes);
    if (!header.ok) throw new PhotoProblem('BAD_PHOTO', `Photo ${photo.imageKey}: ${header.error.code} ${header.error.message}`);
    const orientation = orientations[photo.imageKey] ?? 1;
    const { width, height } = uprightSize(header.value.width, header.value.height, orientation);
    const placed = cover({ slotWidth: layer.width * pxPerCm, slotHeight: layer.height * pxPerCm, imageWidth: width, imageHeight: height, zoom: photo.zoom, focusX: 0.5, focusY: 0.5, rotation: photo.rotation });
    // the bounds SceneRenderer gives the slot's drawing (border reach included)
    const reach = layer.border && !layout.isFlat ? borderReachCm(layer.border) * pxPerCm : 0;
    const bounds = turnedBounds(pxRect(layer, pxPerCm), layer.rotation, reach + 1);
    const plan = plans.get(photo.imageKey) ?? { id: photo.imageKey, width: 0, height: 0, orientation, effects: [], top: Number.POSITIVE_INFINITY, bottom: Number.NEGATIVE_INFINITY };
    plan.width = Math.max(plan.width, Math.min(width, Math.ceil(width * placed.scale)));
    plan.height = Math.max(plan.height, Math.min(height, Math.ceil(height * placed.scale)));
    if (!plan.effects.includes(photo.effect)) plan.effects.push(photo.effect);
    plan.top = Math.min(plan.top, Math.floor(bounds.y) - BOUNDS_MARGIN_PX);
    plan.bottom = Math.max(plan.bottom, Math.ceil(bounds.y + bounds.height) + BOUNDS_MARGIN_PX);
    plans.set(photo.imageKey, plan);
  }
  return [...plans.values()];
}

export interface RowRange {
  top: number;
  bottom: number;
}

/** `count` tiles of whole MCU rows, as even as MCU rows allow (fewer when the sheet is short). */
export function tileRows(heightPx: number, count: number): RowRange[] {
  const mcuRows = Math.ceil(heightPx / MCU_PX);
  const tiles = Math.max(1, Math.min(count, mcuRows));
  return Array.from({ length: tiles }, (_, i) => ({
    top: Math.round((i * mcuRows) / tiles) * MCU_PX,
    bottom: Math.min(heightPx, Math.round(((i + 1) * mcuRows) / tiles) * MCU_PX),
  }));
}

/** The bands of a tile, top to bottom. */
export function bandRows({ top, bottom }: RowRange, height = BAND_ROWS): RowRange[] {
  const bands: RowRange[] = [];
  for (let y = top; y < bottom; y += height) bands.push({ top: y, bottom: Math.min(bottom, y + height) });
  return bands;
}

export function reaches(photo: PhotoDecode, rows: RowRange): boolean {
  return photo.top < rows.bottom && photo.bottom > rows.top;
}
