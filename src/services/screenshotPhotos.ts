/**
 * Which pixels the screenshot needs: each used photo (per effect) at the size its largest slot
 * shows it in the 500x500 picture. Pure; the service caches what these name.
 */
import { cover } from '../render/geometry';
import { viewportFit, type PhotoEffect, type Scene } from '../render/scene';
import { SCREENSHOT_SIZE } from '../render/screenshot';
import type { ScreenshotCollage, ScreenshotPhotoSource } from './screenshotTypes';

/**
 * Long sides the photos are decoded at. Steps rather than the exact size, so a small change of
 * the layout (a border, a zoom click) finds the pixels it needs already decoded. At most the
 * screenshot's own size: a slot zoomed in beyond that is a little soft in a quality-50 thumbnail.
 */
export const PHOTO_LEVELS = [64, 128, 256, SCREENSHOT_SIZE] as const;

export interface PhotoNeed {
  photo: ScreenshotPhotoSource;
  effect: PhotoEffect;
  /** Long side to decode at (one of PHOTO_LEVELS). */
  box: number;
}

export function photoLevel(longSidePx: number): number {
  return PHOTO_LEVELS.find((level) => level >= longSidePx) ?? SCREENSHOT_SIZE;
}

/** One need per (photo, effect) the scene's photo slots show; photos that have no image (loading, failed) are left out. */
export function photoNeeds(collage: ScreenshotCollage, scene: Scene): PhotoNeed[] {
  const { pxPerCm } = viewportFit(collage.layout, SCREENSHOT_SIZE, SCREENSHOT_SIZE);
  const sources = new Map(collage.photos.map((photo) => [photo.id, photo]));
  const needs = new Map<string, PhotoNeed>();
  for (const layer of collage.layout.layers) {
    if (layer.kind !== 'photo') continue;
    const shown = scene.photos[layer.slot];
    const photo = shown ? sources.get(shown.imageKey) : undefined;
    if (!shown || !photo || photo.state !== 'IMAGE' || photo.width <= 0 || photo.height <= 0)
      continue;
    const placed = cover({
      slotWidth: layer.width * pxPerCm,
      slotHeight: layer.height * pxPerCm,
      imageWidth: photo.width,
      imageHeight: photo.height,
      zoom: shown.zoom,
      focusX: 0.5,
      focusY: 0.5,
      rotation: shown.rotation,
    });
    const box = photoLevel(Math.ceil(Math.max(placed.width, placed.height)));
    const key = `${photo.id}\u0000${shown.effect}`;
    const known = needs.get(key);
    if (!known || known.box < box) needs.set(key, { photo, effect: shown.effect, box });
  }
  return [...needs.values()];
}

/** What the service caches a photo's pixels by: a new image (src) or another effect or size is another entry. */
export function photoCacheKey(need: PhotoNeed): string {
  return [need.photo.id, need.photo.src, need.effect, need.box].join('\u0000');
}
