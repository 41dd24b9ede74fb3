/**
 * LayerSprites: a layer drawn once into an image at the very pixels it is shown at, then blitted.
 *
 * Why (issue 13, a phone at 4x CPU): replaying a photo slot's picture samples its photo, blurs its
 * border and clips its tilted edge again on every full redraw (215 ms for 150 slots, where Canvas2D
 * took 37 ms). A sprite is the slot's finished pixels: a full redraw becomes one unscaled blit per
 * slot. Only for a canvas whose matrix is a whole-pixel move (the editor's backing), so the blit
 * lands on the pixels the drawing would have touched; the sprite keeps the drawing's sub-pixel
 * position inside it.
 *
 * A layer becomes a sprite the second time it is drawn unchanged: the first frame after an edit
 * draws it straight (no extra cost on the frame the customer waits for), and a slot being dragged,
 * whose signature changes every frame, is never rasterised at all.
 */
import type { Canvas, CanvasKit, Image, SkPicture } from 'canvaskit-wasm';
import type { Rect } from '../model/layout/types';
import { makeRasterSurface } from './canvaskit';

/** Larger layers stay pictures: their sprite would cost more memory than their redraw costs time. */
export const MAX_SPRITE_PIXELS = 1024 * 1024;

interface SpriteEntry {
  signature: string;
  /** Null until the layer is drawn a second time with the same signature. */
  image: Image | null;
  x: number;
  y: number;
}

/** True when `canvas` maps x, y to whole device pixels without scaling or turning. */
export function isPixelAligned(canvas: Canvas): boolean {
  const m = canvas.getTotalMatrix();
  return m[0] === 1 && m[1] === 0 && m[3] === 0 && m[4] === 1 && m[6] === 0 && m[7] === 0 && m[8] === 1 && Number.isInteger(m[2]) && Number.isInteger(m[5]);
}

export class LayerSprites {
  private readonly entries = new Map<number, SpriteEntry>();

  constructor(private readonly ck: CanvasKit) {}

  /**
   * Blits the layer's sprite and returns true, or returns false when the caller must draw it
   * (first sight of this signature, or too large).
   */
  draw(canvas: Canvas, index: number, signature: string, bounds: Rect, picture: SkPicture): boolean {
    const entry = this.entries.get(index);
    if (!entry || entry.signature !== signature) {
      entry?.image?.delete();
      this.entries.set(index, { signature, image: null, x: 0, y: 0 });
      return false;
    }
    if (!entry.image) {
      const made = this.rasterise(bounds, picture);
      if (!made) return false;
      Object.assign(entry, made);
    }
    canvas.drawImage(entry.image!, entry.x, entry.y);
    return true;
  }

  /** Drops layers beyond `count` (the layout got shorter). */
  trim(count: number): void {
    for (const [index, entry] of this.entries) {
      if (index < count) continue;
      entry.image?.delete();
      this.entries.delete(index);
    }
  }

  /** Pixel memory the sprites hold. */
  get byteSize(): number {
    let bytes = 0;
    for (const entry of this.entries.values()) if (entry.image) bytes += entry.image.width() * entry.image.height() * 4;
    return bytes;
  }

  dispose(): void {
    for (const entry of this.entries.values()) entry.image?.delete();
    this.entries.clear();
  }

  private rasterise(bounds: Rect, picture: SkPicture): { image: Image; x: number; y: number } | null {
    const x = Math.floor(bounds.x);
    const y = Math.floor(bounds.y);
    const width = Math.ceil(bounds.x + bounds.width) - x;
    const height = Math.ceil(bounds.y + bounds.height) - y;
    if (width <= 0 || height <= 0 || width * height > MAX_SPRITE_PIXELS) return null;
    const raster = makeRasterSurface(this.ck, width, height);
    try {
      const canvas = raster.getCanvas();
      canvas.clear(this.ck.TRANSPARENT);
      canvas.translate(-x, -y);
      canvas.drawPicture(picture);
      // The raster's memory is ours and freed below: the snapshot is a copy.
      return { image: raster.surface.makeImageSnapshot(), x, y };
    } finally {
      raster.delete();
    }
  }
}
