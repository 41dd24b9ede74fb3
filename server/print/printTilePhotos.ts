/**
 * The photos of a tiled print master's plan (printTiles.ts plans the tiles and bands): each photo
 * is decoded at the one DCT scale its most demanding slot needs on the whole sheet (the same pixels
 * an untiled print would draw, so the tiles meet without a seam), for each slot the tile's rows
 * reach, kept only as the part that slot shows and only while the bands being drawn reach the slot.
 */
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout, Rect } from '../../src/model/layout/types';
import { cover } from '../../src/render/geometry';
import { pxRect } from '../../src/render/layers';
import type { PhotoEffect } from '../../src/render/scene';
import { sceneFromSlots } from '../../src/render/slotScene';
import type { JpegHeader } from '../../workers/codec/codecTypes';
import type { SlotView } from './slotCrop';
import { BOUNDS_MARGIN_PX, type RowRange } from './printTiles';

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
  /** The slot's top-left on the sheet (px) when it stands unturned: its photo may be placed on the sheet's pixels (sheetPlacement.ts). */
  slotOnSheet?: { x: number; y: number };
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
  probe(
    jpeg: Uint8Array,
  ): { ok: true; value: JpegHeader } | { ok: false; error: { code: string; message: string } };
}

/** Orientations 5-8 turn the photo a quarter: width and height trade places. */
function uprightSize(
  width: number,
  height: number,
  orientation: number,
): { width: number; height: number } {
  return orientation >= 5 ? { width: height, height: width } : { width, height };
}

/** The image key a tile draws a slot's photo under: each slot its own cut of the photo. */
export function slotImageKey(photoId: string, slot: string): string {
  return `${photoId}\u0001${slot}`;
}

/** The slots' photo data with each slot's photo under its own image key (what the tile draws). */
export function slotKeyedPhotos(slots: SlotData): SlotData {
  const photos = Object.fromEntries(
    Object.entries(slots.photos).map(([slot, photo]) => [
      slot,
      photo && photo.id ? { ...photo, id: slotImageKey(photo.id, slot) } : photo,
    ]),
  );
  return { ...slots, photos } as SlotData;
}

/** Every slot's photo: its decode size over the whole sheet, the part the slot shows and the rows it reaches. */
export function planPhotos({
  layout,
  slots,
  originals,
  orientations,
  pxPerCm,
  probe,
}: PhotoPlanInput): PhotoDecode[] {
  const scene = sceneFromSlots(layout, slots);
  const clips = new Map(
    layout.layers.flatMap((layer) => (layer.kind === 'clip' ? [[layer.name, layer] as const] : [])),
  );
  const decodes: PhotoDecode[] = [];
  const sizes = new Map<string, { width: number; height: number }>();
  for (const layer of layout.layers) {
    if (layer.kind !== 'photo') continue;
    const photo = scene.photos[layer.slot];
    if (!photo || photo.imageKey === '') continue;
    const bytes = originals[photo.imageKey];
    if (!bytes)
      throw new PhotoProblem(
        'MISSING_PHOTO',
        `Photo ${photo.imageKey} (slot ${layer.slot}) is missing`,
      );
    const header = probe(bytes);
    if (!header.ok)
      throw new PhotoProblem(
        'BAD_PHOTO',
        `Photo ${photo.imageKey}: ${header.error.code} ${header.error.message}`,
      );
    const orientation = orientations[photo.imageKey] ?? 1;
    const { width, height } = uprightSize(header.value.width, header.value.height, orientation);
    const own = pxRect({ ...layer, x: 0, y: 0 }, pxPerCm);
    const placed = cover({
      slotWidth: own.width,
      slotHeight: own.height,
      imageWidth: width,
      imageHeight: height,
      zoom: photo.zoom,
      focusX: 0.5,
      focusY: 0.5,
      rotation: photo.rotation,
    });
    const size = sizes.get(photo.imageKey) ?? { width: 0, height: 0 };
    size.width = Math.max(size.width, Math.min(width, Math.ceil(width * placed.scale)));
    size.height = Math.max(size.height, Math.min(height, Math.ceil(height * placed.scale)));
    sizes.set(photo.imageKey, size);
    const clip = layer.clip !== undefined ? clips.get(layer.clip) : undefined;
    const shown = clip
      ? pxRect({ ...clip, x: clip.x - layer.x, y: clip.y - layer.y }, pxPerCm)
      : own;
    const view: SlotView = {
      own,
      shown,
      zoom: photo.zoom,
      focusX: photo.focusX,
      focusY: photo.focusY,
      rotation: photo.rotation,
    };
    const onSheet = pxRect(layer, pxPerCm);
    const rows = shownRows(onSheet, shown, layer.rotation);
    decodes.push({
      id: slotImageKey(photo.imageKey, layer.slot),
      photoId: photo.imageKey,
      slot: layer.slot,
      width: 0,
      height: 0,
      orientation,
      effect: photo.effect,
      view,
      ...(layer.rotation % 360 === 0 ? { slotOnSheet: { x: onSheet.x, y: onSheet.y } } : {}),
      top: Math.floor(rows.top) - BOUNDS_MARGIN_PX,
      bottom: Math.ceil(rows.bottom) + BOUNDS_MARGIN_PX,
    });
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
