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
 *
 * A sprite's opaque core (opaqueCore.ts) is copied rather than blended where the caller allows it
 * (`copyArea`: where the canvas is fully covered, so copying and blending agree byte for byte);
 * only its rim is blended. Blending was most of a full redraw's cost at 4x CPU.
 */
import type { Canvas, CanvasKit, Image, Paint, SkPicture } from 'canvaskit-wasm';
import type { Rect } from '../model/layout/types';
import { makeRasterSurface } from './canvaskit';
import { opaqueCore } from './opaqueCore';

/** Larger layers stay pictures: their sprite would cost more memory than their redraw costs time. */
export const MAX_SPRITE_PIXELS = 1024 * 1024;

interface SpriteEntry {
  signature: string;
  /** Null until the layer is drawn a second time with the same signature. */
  image: Image | null;
  x: number;
  y: number;
  /** The sprite's opaque pixels, in canvas pixels (null: none found). */
  core: Rect | null;
}

/** True when `canvas` maps x, y to whole device pixels without scaling or turning. */
export function isPixelAligned(canvas: Canvas): boolean {
  const m = canvas.getTotalMatrix();
  return (
    m[0] === 1 &&
    m[1] === 0 &&
    m[3] === 0 &&
    m[4] === 1 &&
    m[6] === 0 &&
    m[7] === 0 &&
    m[8] === 1 &&
    Number.isInteger(m[2]) &&
    Number.isInteger(m[5])
  );
}

export class LayerSprites {
  private readonly entries = new Map<number, SpriteEntry>();
  /** Copies instead of blending; deleted by dispose(). */
  private copy: Paint | null = null;
  /** Pixels copied rather than blended so far (tests, support). */
  copiedPixels = 0;

  constructor(private readonly ck: CanvasKit) {}

  /**
   * Blits the layer's sprite and returns true, or returns false when the caller must draw it
   * (first sight of this signature, or too large). `copyArea`: the whole pixels of the canvas
   * that every frame covers with opaque paint before the layers (the sheet), where the sprite's
   * opaque core may be copied.
   */
  draw(
    canvas: Canvas,
    index: number,
    signature: string,
    bounds: Rect,
    picture: SkPicture,
    copyArea?: Rect,
  ): boolean {
    const entry = this.entries.get(index);
    if (!entry || entry.signature !== signature) {
      entry?.image?.delete();
      this.entries.set(index, { signature, image: null, x: 0, y: 0, core: null });
      return false;
    }
    if (!entry.image) {
      const made = this.rasterise(bounds, picture);
      if (!made) return false;
      Object.assign(entry, made);
    }
    const image = entry.image!;
    const core = entry.core && copyArea ? intersection(entry.core, copyArea) : null;
    if (!core) {
      canvas.drawImage(image, entry.x, entry.y);
      return true;
    }
    this.copiedPixels += core.width * core.height;
    const ck = this.ck;
    const coreRect = ck.XYWHRect(core.x, core.y, core.width, core.height);
    const count = canvas.save();
    canvas.clipRect(coreRect, ck.ClipOp.Intersect, false);
    canvas.drawImage(image, entry.x, entry.y, this.copyPaint());
    canvas.restoreToCount(count);
    canvas.save();
    canvas.clipRect(coreRect, ck.ClipOp.Difference, false);
    canvas.drawImage(image, entry.x, entry.y);
    canvas.restoreToCount(count);
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
    for (const entry of this.entries.values())
      if (entry.image) bytes += entry.image.width() * entry.image.height() * 4;
    return bytes;
  }

  dispose(): void {
    for (const entry of this.entries.values()) entry.image?.delete();
    this.entries.clear();
    this.copy?.delete();
    this.copy = null;
  }

  private copyPaint(): Paint {
    if (!this.copy) {
      this.copy = new this.ck.Paint();
      this.copy.setBlendMode(this.ck.BlendMode.Src);
    }
    return this.copy;
  }

  private rasterise(
    bounds: Rect,
    picture: SkPicture,
  ): { image: Image; x: number; y: number; core: Rect | null } | null {
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
      raster.surface.flush();
      const core = opaqueCore(raster.pixelView(), width, height);
      // The raster's memory is ours and freed below: the snapshot is a copy.
      return {
        image: raster.surface.makeImageSnapshot(),
        x,
        y,
        core: core && { ...core, x: core.x + x, y: core.y + y },
      };
    } finally {
      raster.delete();
    }
  }
}

function intersection(a: Rect, b: Rect): Rect | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const width = Math.min(a.x + a.width, b.x + b.width) - x;
  const height = Math.min(a.y + a.height, b.y + b.height) - y;
  return width > 0 && height > 0 ? { x, y, width, height } : null;
}
