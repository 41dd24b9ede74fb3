import type { TileThumbnail, TileThumbnailMaker } from '../../model/photos/photoTypes';
import type { Photo } from './Photo';

interface Entry {
  promise: Promise<TileThumbnail>;
  /** Set once made: a tile coming back into view draws it at once. */
  made: TileThumbnail | null;
  controller: AbortController;
}

export interface TileThumbnailServices {
  maker: TileThumbnailMaker;
  /** The photo's web image as its JPEG bytes (the store's own copy, or read from its URL). */
  webOf(photo: Photo): Promise<Blob>;
}

/**
 * The photo dialog's tile pictures, kept encoded: one small JPEG per photo (its shorter side
 * 200 px, a few kilobytes), made once by the photo worker from the web image when its tile first
 * comes near the view. A tile decodes it only while it is near the view and lets the pixels go
 * when it leaves (TileCanvas), so the dialog holds decoded pixels for the tiles on screen only,
 * never the web images (2.8 MB of pixels each) of every tile that has been shown.
 */
export class TileThumbnails {
  private readonly entries = new Map<Photo, Entry>();

  constructor(private readonly services: TileThumbnailServices) {}

  /** The photo's thumbnail: made once; a failed one is tried again on the next call. */
  of(photo: Photo): Promise<TileThumbnail> {
    const known = this.entries.get(photo);
    if (known) return known.promise;
    const controller = new AbortController();
    // eslint-disable-next-line prefer-const -- the callbacks below run after it is set
    let entry: Entry;
    const promise = this.make(photo, controller.signal).then(
      (thumbnail) => {
        entry.made = thumbnail;
        return thumbnail;
      },
      (error: unknown) => {
        if (this.entries.get(photo) === entry) this.entries.delete(photo);
        throw error;
      },
    );
    entry = { promise, made: null, controller };
    this.entries.set(photo, entry);
    return promise;
  }

  /** The thumbnail if it is made already. */
  made(photo: Photo): TileThumbnail | null {
    return this.entries.get(photo)?.made ?? null;
  }

  /** The photo left the collage: its thumbnail goes, one still being made is cancelled. */
  forget(photo: Photo): void {
    const entry = this.entries.get(photo);
    if (!entry) return;
    entry.controller.abort();
    this.entries.delete(photo);
  }

  /** Thumbnails kept (made or being made). */
  get count(): number {
    return this.entries.size;
  }

  /** Bytes of the JPEGs kept: all the dialog holds of its photos' pictures when no tile shows. */
  get keptBytes(): number {
    let bytes = 0;
    for (const entry of this.entries.values()) bytes += entry.made?.jpeg.size ?? 0;
    return bytes;
  }

  private async make(photo: Photo, signal: AbortSignal): Promise<TileThumbnail> {
    if (photo.state !== 'IMAGE') throw new Error(`${photo.name} has no image to make a tile of`);
    const web = await this.services.webOf(photo);
    signal.throwIfAborted();
    return this.services.maker.tileThumbnail(web, signal);
  }
}
