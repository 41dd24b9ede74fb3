import { action, computed, makeObservable, observableShallow } from 'mobx';
import { Photo } from './Photo';
import { MAX_FILE_BYTES, MAX_SELECTED_PHOTOS, WEB_BOX, type PhotoProcessor, type PhotoSource } from './photoTypes';

/** The spec's photo read failure, shown by the tile as 'Could not be loaded'. */
export const PHOTO_LOAD_ERROR = 'Could not load photo';
export const FILE_TOO_BIG = 'ERROR_FILE_TO_BIG';

export interface AddFilesResult {
  added: Photo[];
  /** Exactly one file within the size limit is added and selected (placed in the slot). */
  selected: Photo | null;
  /** Files beyond the maximum of selectable photos. */
  refused: number;
}

export interface PhotoStoreServices {
  processor: PhotoProcessor;
  /** URL.createObjectURL in the browser; injectable for tests. */
  objectUrl(blob: Blob): string;
  revokeObjectUrl(url: string): void;
  /** Photo load errors go to analytics. */
  reportLoadError(message: string): void;
}

/** The customer's photos: adding files, their loading state, usage by slots, removal. */
export class PhotoStore {
  photos: Photo[] = [];
  private readonly pending = new Map<Photo, AbortController>();

  constructor(private readonly services: PhotoStoreServices) {
    makeObservable(this, {
      photos: observableShallow,
      roomLeft: computed,
      isFull: computed,
      addFiles: action,
      addLoaded: action,
      remove: action,
      updateUsage: action,
    });
  }

  get roomLeft(): number {
    return Math.max(0, MAX_SELECTED_PHOTOS - this.photos.length);
  }

  get isFull(): boolean {
    return this.roomLeft === 0;
  }

  byLocalId(localId: string): Photo | undefined {
    return this.photos.find((photo) => photo.localId === localId);
  }

  byServerId(serverId: string): Photo | undefined {
    return this.photos.find((photo) => photo.serverId === serverId);
  }

  /** The spec's selection rule: one file within the limit is added and selected; otherwise all are added. */
  addFiles(files: readonly File[]): AddFilesResult {
    const accepted = files.slice(0, this.roomLeft);
    const added = accepted.map((file) => new Photo('computer', file.name, file));
    this.photos.push(...added);
    for (const photo of added) {
      if ((photo.file?.size ?? 0) > MAX_FILE_BYTES) photo.failed(FILE_TOO_BIG);
      else void this.load(photo, WEB_BOX.computer);
    }
    const single = files.length === 1 && files[0]!.size <= MAX_FILE_BYTES ? (added[0] ?? null) : null;
    return { added, selected: single, refused: files.length - accepted.length };
  }

  /** A photo that is already on the server (a reopened collage) or a quote image. */
  addLoaded(source: PhotoSource, name: string, image: Parameters<Photo['loaded']>[0], serverId: string | null): Photo {
    const photo = new Photo(source, name, null);
    photo.loaded(image);
    if (serverId) photo.uploaded(serverId);
    this.photos.push(photo);
    return photo;
  }

  /** Loads the local file at the box for its source; reloads at a higher resolution when asked. */
  async load(photo: Photo, box: number): Promise<void> {
    if (!photo.file) return;
    this.pending.get(photo)?.abort();
    const controller = new AbortController();
    this.pending.set(photo, controller);
    try {
      const processed = await this.services.processor.process(photo.file, box, controller.signal);
      if (controller.signal.aborted) return;
      const previous = photo.src;
      photo.loaded({ ...processed, src: this.services.objectUrl(processed.web) });
      if (previous.startsWith('blob:')) this.services.revokeObjectUrl(previous);
    } catch (error) {
      if (controller.signal.aborted) return;
      photo.failed(PHOTO_LOAD_ERROR);
      this.services.reportLoadError(error instanceof Error ? error.message : String(error));
    } finally {
      if (this.pending.get(photo) === controller) this.pending.delete(photo);
    }
  }

  /** Reloads a scaled-down photo that has its local file at the box its use needs. */
  async ensureResolution(photo: Photo, box: number): Promise<void> {
    if (photo.needsHigherResolutionFor(box)) await this.load(photo, box);
  }

  remove(photo: Photo): void {
    this.pending.get(photo)?.abort();
    this.pending.delete(photo);
    if (photo.src.startsWith('blob:')) this.services.revokeObjectUrl(photo.src);
    this.photos = this.photos.filter((candidate) => candidate !== photo);
  }

  /** Used counts from the slots' photo ids (local ids); a count above one flags a duplicate. */
  updateUsage(slotPhotoIds: readonly string[]): void {
    const counts = new Map<string, number>();
    for (const id of slotPhotoIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const photo of this.photos) photo.setUsedCount(counts.get(photo.localId) ?? 0);
  }
}
