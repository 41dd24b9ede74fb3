/**
 * Checks every generated layout must pass, as plain functions that list what is wrong: the
 * property tests of each generator and the contact sheet use them.
 */
import type { Layout, PhotoSlotLayer, Rect, TextSlotLayer } from '../../../src/model/layout/types';
import { printableArea } from '../../../src/model/generators/common';

export const TOLERANCE_CM = 0.01;

export function photoLayers(layout: Layout): PhotoSlotLayer[] {
  return layout.layers.filter((l): l is PhotoSlotLayer => l.kind === 'photo');
}

export function textLayers(layout: Layout): TextSlotLayer[] {
  return layout.layers.filter((l): l is TextSlotLayer => l.kind === 'text');
}

export function inside(inner: Rect, outer: Rect, tolerance = TOLERANCE_CM): boolean {
  return (
    inner.x >= outer.x - tolerance &&
    inner.y >= outer.y - tolerance &&
    inner.x + inner.width <= outer.x + outer.width + tolerance &&
    inner.y + inner.height <= outer.y + outer.height + tolerance
  );
}

/** Overlap deeper than the tolerance on both axes. */
export function overlaps(a: Rect, b: Rect, tolerance = TOLERANCE_CM): boolean {
  const dx = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const dy = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return dx > tolerance && dy > tolerance;
}

/** Gap between two rectangles that face each other across one axis (negative when they overlap). */
export function gapBetween(a: Rect, b: Rect): number {
  const gx = Math.max(b.x - (a.x + a.width), a.x - (b.x + b.width));
  const gy = Math.max(b.y - (a.y + a.height), a.y - (b.y + b.height));
  return Math.max(gx, gy);
}

/** The smallest gap between any two of the rectangles. */
export function smallestGap(rects: Rect[]): number {
  let smallest = Infinity;
  for (let i = 0; i < rects.length; i++) {
    for (let j = i + 1; j < rects.length; j++)
      smallest = Math.min(smallest, gapBetween(rects[i]!, rects[j]!));
  }
  return smallest;
}

export function boundingBox(rects: Rect[]): Rect {
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x, y, width: right - x, height: bottom - y };
}

export interface CheckOptions {
  /** Rotated photos (pile, playful) may overlap each other; grids promise they do not. */
  allowPhotoOverlap?: boolean;
  /** Photos may bleed past the printable area up to the sheet's edge (single: full bleed, wrap). */
  allowBleed?: boolean;
}

/** Everything wrong with a layout, empty when it is sound. */
export function layoutProblems(layout: Layout, options: CheckOptions = {}): string[] {
  const problems: string[] = [];
  const printable = printableArea(
    { widthCm: layout.widthCm, heightCm: layout.heightCm },
    layout.material,
  );
  const photos = photoLayers(layout);
  const texts = textLayers(layout);
  photos.forEach((p, i) => {
    if (p.slot !== `img${i + 1}`) problems.push(`slot ${i} is named ${p.slot}`);
    if (!(p.width > 0 && p.height > 0)) problems.push(`${p.slot} has no area`);
  });
  const sheet = { x: 0, y: 0, width: layout.widthCm, height: layout.heightCm };
  for (const layer of texts)
    if (!inside(layer, printable)) problems.push(`${layer.slot} leaves the printable area`);
  for (const layer of photos) {
    if (!inside(layer, options.allowBleed ? sheet : printable))
      problems.push(`${layer.slot} leaves the printable area`);
  }
  if (!options.allowPhotoOverlap) {
    for (let i = 0; i < photos.length; i++) {
      for (let j = i + 1; j < photos.length; j++) {
        if (overlaps(photos[i]!, photos[j]!))
          problems.push(`${photos[i]!.slot} overlaps ${photos[j]!.slot}`);
      }
    }
  }
  for (const text of texts) {
    for (const photo of photos)
      if (overlaps(text, photo)) problems.push(`${text.slot} overlaps ${photo.slot}`);
  }
  const background = layout.layers[0];
  if (background?.kind !== 'shape' || background.role !== 'background')
    problems.push('the first layer is not the background');
  const hasFrame = layout.layers.some((l) => l.kind === 'frame');
  if (hasFrame !== layout.marginCm > 0)
    problems.push('frame layer does not match the material margin');
  return problems;
}
