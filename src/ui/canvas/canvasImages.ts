/**
 * The editor canvas's image source: the renderer asks for a photo at the size a slot needs, and
 * this asks the pixel loader (the photo worker's codec, off the main thread) for that level of
 * the photo's web version, with its effect. Until it arrives the renderer draws the placeholder
 * (or the plain photo while an effect is computed); its arrival schedules a frame.
 */
import type { CanvasKit } from 'canvaskit-wasm';
import { ImageCache, imageFromPixels, type ImageSource } from '../../render/cache';
import type { PhotoEffect } from '../../render/scene';
import type { CanvasPixelLoader } from '../../services/canvasPixels';

/** A photo the collage shows: its web image and that image's size. */
export interface CanvasPhoto {
  src: string;
  width: number;
  height: number;
}

/**
 * The first level asked for a photo, before the renderer knows how large its slot draws it: small,
 * as the slots of a full collage are (150 photos on a phone: about 50 px each). A larger slot asks
 * its own level next; a first level of 256 px was decoded for every photo and kept beside it
 * (175 kB a photo, 26 MB for 150).
 */
export const FIRST_LEVEL_PX = 64;
/** Pixel memory of decoded photos on the page; a phone keeps about 64 photos of 512 px. */
const CACHE_BYTES = 64 * 1024 * 1024;

export class CanvasImages implements ImageSource {
  private readonly cache: ImageCache;
  private readonly sources = new Map<string, CanvasPhoto>();
  /** Levels asked for (key, effect, box) and artwork URLs: each is asked once. */
  private readonly requested = new Set<string>();
  private drawn = new Set<string>();
  private disposed = false;

  constructor(
    private readonly ck: CanvasKit,
    private readonly loader: CanvasPixelLoader,
    private readonly onLoaded: () => void,
    private readonly onError: (message: string) => void,
    /** A slot draws a photo larger than its web image: a sharper one may be made from the local file. */
    private readonly onNeedsMore: (key: string, longSidePx: number) => void = () => undefined,
  ) {
    this.cache = new ImageCache(ck, {
      maxBytes: CACHE_BYTES,
      onMissing: (key, effect, min) => this.request(key, effect, min),
    });
  }

  /**
   * The photos the scene shows. A photo no slot shows any more lets its decoded levels go (the
   * web image stays encoded in the photo store); a photo whose image changed (a higher-resolution
   * reload) is decoded again.
   */
  setPhotos(photos: ReadonlyMap<string, CanvasPhoto>): void {
    for (const key of [...this.sources.keys()]) {
      if (photos.has(key)) continue;
      this.forget(key);
      this.sources.delete(key);
    }
    for (const [key, photo] of photos) {
      const known = this.sources.get(key);
      if (known && known.src !== photo.src) this.forget(key);
      this.sources.set(key, photo);
    }
  }

  /** Starts counting the photos a frame draws. */
  beginFrame(): void {
    this.drawn = new Set();
  }

  /** Photos the last frame drew with their image (not the placeholder). */
  get drawnPhotos(): number {
    return this.drawn.size;
  }

  /** Bytes of decoded pixels held (photos and artwork). */
  get decodedBytes(): number {
    return this.cache.byteSize;
  }

  photo(key: string, effect: PhotoEffect, minLongSidePx: number): ReturnType<ImageSource['photo']> {
    const image = this.cache.photo(key, effect, minLongSidePx);
    if (image) this.drawn.add(key);
    else if (minLongSidePx === 0) this.request(key, effect, FIRST_LEVEL_PX);
    return image;
  }

  artwork(url: string): ReturnType<ImageSource['artwork']> {
    const image = this.cache.artwork(url);
    if (!image && !this.requested.has(`artwork:${url}`)) {
      this.requested.add(`artwork:${url}`);
      this.loader.artwork(url).then(
        (pixels) => this.arrive(() => this.cache.putArtwork(url, imageFromPixels(this.ck, pixels))),
        (error: unknown) => this.onError(`artwork ${url}: ${String(error)}`),
      );
    }
    return image;
  }

  dispose(): void {
    this.disposed = true;
    this.cache.dispose();
  }

  private request(key: string, effect: PhotoEffect, minLongSidePx: number): void {
    const source = this.sources.get(key);
    if (!source) return;
    const full = Math.max(source.width, source.height);
    if (minLongSidePx > full * 1.01) this.needsMore(key, minLongSidePx);
    const box = Math.min(full, 2 ** Math.ceil(Math.log2(Math.max(FIRST_LEVEL_PX, minLongSidePx))));
    const id = `${key}\u0000${source.src}\u0000${effect}\u0000${box}`;
    if (this.requested.has(id)) return;
    this.requested.add(id);
    this.loader.photo(source.src, effect, box).then(
      (pixels) =>
        this.arrive(
          () =>
            this.sources.get(key)?.src === source.src &&
            this.cache.putPhotoPixels(key, effect, pixels),
        ),
      (error: unknown) => this.onError(`photo ${key} (${effect}, ${box} px): ${String(error)}`),
    );
  }

  private needsMore(key: string, longSidePx: number): void {
    const id = `more:${key}\u0000${2 ** Math.ceil(Math.log2(longSidePx))}`;
    if (this.requested.has(id)) return;
    this.requested.add(id);
    this.onNeedsMore(key, longSidePx);
  }

  private arrive(put: () => void): void {
    if (this.disposed) return;
    put();
    this.onLoaded();
  }

  private forget(key: string): void {
    this.cache.deletePhoto(key);
    for (const id of [...this.requested])
      if (id.startsWith(`${key}\u0000`)) this.requested.delete(id);
  }
}
