/**
 * The compositor's backing in pixels (compositor.ts): its size and key, the sheet's opaque core,
 * and the dirty rects of a frame, snapped to whole pixels and merged. Pure.
 */
import type { Rect } from '../model/layout/types';
import { intersects, union } from './geometry';
import { sceneBackground, type Scene } from './scene';

/** The sheet's whole pixels, where the backing is opaque. */
export function sheetCore(scene: Scene, pxPerCm: number): Rect {
  return {
    x: 0,
    y: 0,
    width: Math.floor(scene.layout.widthCm * pxPerCm),
    height: Math.floor(scene.layout.heightCm * pxPerCm),
  };
}

export function contains(outer: Rect, inner: Rect): boolean {
  return (
    inner.x >= outer.x &&
    inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height
  );
}

export function snapOut(rect: Rect): Rect {
  const x = Math.floor(rect.x) - 1;
  const y = Math.floor(rect.y) - 1;
  return {
    x,
    y,
    width: Math.ceil(rect.x + rect.width) + 1 - x,
    height: Math.ceil(rect.y + rect.height) + 1 - y,
  };
}

/** Merges rects that overlap until none do (a handful per frame: quadratic is fine). */
export function mergeRects(rects: Rect[]): Rect[] {
  const merged = [...rects];
  for (let i = 0; i < merged.length; i += 1) {
    for (let j = i + 1; j < merged.length; j += 1) {
      if (!intersects(merged[i]!, merged[j]!)) continue;
      merged[i] = union(merged[i]!, merged[j]!);
      merged.splice(j, 1);
      j = i;
    }
  }
  return merged;
}

/** The backing's pixels: the sheet at pxPerCm, rounded up. */
export function backingSize(scene: Scene, pxPerCm: number): { width: number; height: number } {
  return {
    width: Math.ceil(scene.layout.widthCm * pxPerCm),
    height: Math.ceil(scene.layout.heightCm * pxPerCm),
  };
}

/** What a backing was drawn for apart from its layers' signatures: a new key redraws it whole. */
export function backingKey(
  scene: Scene,
  pxPerCm: number,
  width: number,
  height: number,
  layerCount: number,
): string {
  return JSON.stringify([
    width,
    height,
    pxPerCm,
    sceneBackground(scene),
    scene.layout.widthCm,
    scene.layout.heightCm,
    layerCount,
  ]);
}
