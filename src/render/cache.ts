/**
 * ImageCache, by identity and version (DESIGN.md convention 4): one SkImage per (photo key,
 * effect, level of detail), LRU within a byte budget. The renderer asks for the smallest level at
 * least as large as the slot needs on screen and falls back to the largest it has; a missing
 * larger level is reported once through onMissing so the page can decode it. It owns what it holds
 * and deletes it on eviction and dispose(). The layers' recorded pictures are in layerPictures.ts.
 */
import type { CanvasKit, Image } from 'canvaskit-wasm';
import { makeRasterSurface } from './canvaskit';
import type { PhotoEffect } from './scene';

/** What the renderer reads images from. */
export interface ImageSource {
  /** The photo with `effect` applied, at least `minLongSidePx` on its longer side when available; null while none is loaded. */
  photo(key: string, effect: PhotoEffect, minLongSidePx: number): Image | null;
  /** Overlay artwork and mask images, by catalog URL. */
  artwork(url: string): Image | null;
}

export interface RgbaPixels {
  width: number;
  height: number;
  /** Straight (unpremultiplied) RGBA, 4 bytes a pixel. */
  rgba: Uint8Array | Uint8ClampedArray;
}

/** Where an image that is only part of a photo lies in the whole photo (pixels of the whole). */
export interface PhotoPart {
  x: number;
  y: number;
  fullWidth: number;
  fullHeight: number;
  /**
   * The print's photo already resampled onto the sheet's pixel grid (server/print/sheetPlacement.ts):
   * its top-left sheet pixel. The renderer copies it there 1:1 instead of placing the photo.
   */
  onSheet?: { x: number; y: number };
}

const photoParts = new WeakMap<Image, PhotoPart>();

/**
 * Marks `image` as the part `part` of a larger photo: the renderer places and crops the whole
 * photo as usual and draws this part where it lies (the print keeps only what a slot shows).
 */
export function markPhotoPart(image: Image, part: PhotoPart): Image {
  photoParts.set(image, part);
  return image;
}

/** Where `image` lies in its photo: the whole photo unless marked by markPhotoPart. */
export function photoPart(image: Image): PhotoPart {
  return (
    photoParts.get(image) ?? { x: 0, y: 0, fullWidth: image.width(), fullHeight: image.height() }
  );
}

export const EMPTY_IMAGES: ImageSource = { photo: () => null, artwork: () => null };

interface Entry {
  image: Image;
  bytes: number;
  lastUse: number;
  /** Made by the cache from a larger level (not given by the page). */
  derived: boolean;
}

/** The smallest level the cache derives. */
const MIN_DERIVED_LEVEL = 32;

export interface ImageCacheOptions {
  /** Pixel memory the cache may hold (default 256 MiB). */
  maxBytes?: number;
  /** A slot needs more pixels than any cached level of this photo. */
  onMissing?(key: string, effect: PhotoEffect, minLongSidePx: number): void;
  /**
   * Make smaller levels (powers of two) from a larger one when a slot needs less than half of it,
   * so every draw samples within a factor 2 of 1:1 and needs no mipmaps (default true; the print
   * draws its exactly decoded originals with cubic sampling instead).
   */
  deriveLevels?: boolean;
}

function photoId(key: string, effect: PhotoEffect): string {
  return `${key}\u0000${effect}`;
}

export function imageFromPixels(
  ck: CanvasKit,
  pixels: RgbaPixels,
  { opaque = false }: { opaque?: boolean } = {},
): Image {
  const image = ck.MakeImage(
    {
      width: pixels.width,
      height: pixels.height,
      // an opaque image (a decoded JPEG) needs no premultiplying, and covers what it is drawn on
      alphaType: opaque ? ck.AlphaType.Opaque : ck.AlphaType.Unpremul,
      colorType: ck.ColorType.RGBA_8888,
      colorSpace: ck.ColorSpace.SRGB,
    },
    pixels.rgba,
    pixels.width * 4,
  );
  if (!image) throw new Error(`CanvasKit: cannot make a ${pixels.width}x${pixels.height} image`);
  return image;
}

export class ImageCache implements ImageSource {
  private readonly photos = new Map<string, Map<number, Entry>>();
  private readonly artworks = new Map<string, Entry>();
  private readonly reported = new Set<string>();
  private bytes = 0;
  private clock = 0;
  private readonly maxBytes: number;

  constructor(
    private readonly ck: CanvasKit,
    private readonly options: ImageCacheOptions = {},
  ) {
    this.maxBytes = options.maxBytes ?? 256 * 1024 * 1024;
  }

  get byteSize(): number {
    return this.bytes;
  }

  /** Adds a level of detail of a photo; the cache owns `image` from now on. */
  putPhoto(key: string, effect: PhotoEffect, image: Image): void {
    const id = photoId(key, effect);
    const levels = this.photos.get(id) ?? new Map<number, Entry>();
    this.photos.set(id, levels);
    const level = Math.max(image.width(), image.height());
    // Levels derived from the old images give way to the new one.
    for (const [size, entry] of [...levels]) {
      if (entry.derived || size === level) {
        this.drop(entry);
        levels.delete(size);
      }
    }
    levels.set(level, this.entry(image, false));
    for (const reported of [...this.reported])
      if (reported.startsWith(`${id}\u0000`)) this.reported.delete(reported);
    this.evict();
  }

  putPhotoPixels(key: string, effect: PhotoEffect, pixels: RgbaPixels): void {
    this.putPhoto(key, effect, imageFromPixels(this.ck, pixels));
  }

  /** Adds overlay artwork or a mask image; the cache owns `image` from now on. */
  putArtwork(url: string, image: Image): void {
    const old = this.artworks.get(url);
    if (old) this.drop(old);
    this.artworks.set(url, this.entry(image, false));
    this.evict();
  }

  photo(key: string, effect: PhotoEffect, minLongSidePx: number): Image | null {
    const levels = this.photos.get(photoId(key, effect));
    if (!levels || levels.size === 0) {
      this.report(key, effect, minLongSidePx);
      return null;
    }
    let best: [number, Entry] | null = null;
    let largest: [number, Entry] | null = null;
    for (const candidate of levels) {
      if (!largest || candidate[0] > largest[0]) largest = candidate;
      if (candidate[0] >= minLongSidePx && (!best || candidate[0] < best[0])) best = candidate;
    }
    const chosen = best ?? largest!;
    if (!best) this.report(key, effect, minLongSidePx);
    const target = Math.max(
      MIN_DERIVED_LEVEL,
      2 ** Math.ceil(Math.log2(Math.max(1, minLongSidePx))),
    );
    if (this.options.deriveLevels !== false && minLongSidePx > 0 && chosen[0] > target) {
      const derived = this.derive(chosen[1].image, target / chosen[0]);
      levels.set(target, derived);
      this.evict();
      return derived.image;
    }
    chosen[1].lastUse = ++this.clock;
    return chosen[1].image;
  }

  /** A smaller copy, scaled once with mipmaps: later draws of it need none. */
  private derive(source: Image, scale: number): Entry {
    const width = Math.max(1, Math.round(source.width() * scale));
    const height = Math.max(1, Math.round(source.height() * scale));
    const raster = makeRasterSurface(this.ck, width, height);
    try {
      const canvas = raster.getCanvas();
      canvas.clear(this.ck.TRANSPARENT);
      canvas.drawImageRectOptions(
        source,
        this.ck.XYWHRect(0, 0, source.width(), source.height()),
        this.ck.XYWHRect(0, 0, width, height),
        this.ck.FilterMode.Linear,
        this.ck.MipmapMode.Linear,
      );
      return this.entry(raster.surface.makeImageSnapshot(), true);
    } finally {
      raster.delete();
    }
  }

  artwork(url: string): Image | null {
    const entry = this.artworks.get(url);
    if (!entry) return null;
    entry.lastUse = ++this.clock;
    return entry.image;
  }

  /** Forgets every level of a photo (it was removed from the collage). */
  deletePhoto(key: string): void {
    for (const [id, levels] of this.photos) {
      if (!id.startsWith(`${key}\u0000`)) continue;
      for (const entry of levels.values()) this.drop(entry);
      this.photos.delete(id);
    }
  }

  dispose(): void {
    for (const levels of this.photos.values())
      for (const entry of levels.values()) this.drop(entry);
    for (const entry of this.artworks.values()) this.drop(entry);
    this.photos.clear();
    this.artworks.clear();
  }

  private entry(image: Image, derived: boolean): Entry {
    const bytes = image.width() * image.height() * 4;
    this.bytes += bytes;
    return { image, bytes, lastUse: ++this.clock, derived };
  }

  private drop(entry: Entry): void {
    this.bytes -= entry.bytes;
    entry.image.delete();
  }

  /** Reports a missing level once per photo and power-of-two size bucket. */
  private report(key: string, effect: PhotoEffect, minLongSidePx: number): void {
    if (!this.options.onMissing || !(minLongSidePx > 0)) return;
    const bucket = 2 ** Math.ceil(Math.log2(Math.max(1, minLongSidePx)));
    const id = `${photoId(key, effect)}\u0000${bucket}`;
    if (this.reported.has(id)) return;
    this.reported.add(id);
    this.options.onMissing(key, effect, minLongSidePx);
  }

  /** Least recently used first; the image a frame just used stays (lastUse is newest). */
  private evict(): void {
    while (this.bytes > this.maxBytes) {
      let oldest: { entry: Entry; remove(): void } | null = null;
      for (const [id, levels] of this.photos) {
        for (const [level, entry] of levels) {
          if (!oldest || entry.lastUse < oldest.entry.lastUse)
            oldest = {
              entry,
              remove: () => (levels.delete(level), levels.size === 0 && this.photos.delete(id)),
            };
        }
      }
      for (const [url, entry] of this.artworks) {
        if (!oldest || entry.lastUse < oldest.entry.lastUse)
          oldest = { entry, remove: () => this.artworks.delete(url) };
      }
      if (!oldest || oldest.entry.lastUse === this.clock) return;
      oldest.remove();
      this.drop(oldest.entry);
    }
  }
}
