import { action, computed, makeObservable, observableShallow } from 'mobx';
import {
  PhotoLoadFailure,
  loadFailureCode,
  loadFailureReason,
} from '../../../workers/ops/loadFailure';
import { Photo } from './Photo';
import { TileThumbnails } from './TileThumbnails';
import {
  MAX_FILE_BYTES,
  MAX_SELECTED_PHOTOS,
  WEB_BOX,
  type PhotoSource,
} from '../../model/photos/photoTypes';
import type { PhotoStoreServices } from '../../services/photoServices';

export type { PhotoStoreServices } from '../../services/photoServices';

/** The spec's photo read failure, shown by the tile as 'Could not be loaded'. */
export const PHOTO_LOAD_ERROR = 'Could not load photo';
export const FILE_TOO_BIG = 'ERROR_FILE_TO_BIG';
/** A CMYK or YCCK JPEG, which the codec refuses rather than show in false colours. */
export const CMYK_PHOTO = 'ERROR_CMYK_PHOTO';

export interface AddFilesResult {
  added: Photo[];
  /** Exactly one file within the size limit is added and selected (placed in the slot). */
  selected: Photo | null;
  /** Files beyond the maximum of selectable photos. */
  refused: number;
}

/** What the server says of a photo of a saved collage (POST /api/load), before its image is read. */
export interface ServerPhotoFacts {
  serverId: string;
  source: PhotoSource;
  name: string;
  orgWidth: number;
  orgHeight: number;
  webWidth: number;
  webHeight: number;
  key: string;
  suggestedRotation: number;
}

/** A photo as a draft kept it: its facts, the web version and, where the browser kept it, the original file. */
export interface RestoredPhoto {
  source: PhotoSource;
  name: string;
  web: Blob | null;
  /** A server or catalog URL when there is no web Blob (quote images). */
  src: string;
  file: Blob | null;
  serverId: string | null;
  webWidth: number;
  webHeight: number;
  orgWidth: number;
  orgHeight: number;
  key: string;
  suggestedRotation: number;
  rotation: number;
}

/** The photo's web version: at most its source's web box (1024 px for a computer photo). */
export interface WebVersion {
  blob: Blob;
  width: number;
  height: number;
}

/** The customer's photos: adding files, their loading state, usage by slots, removal. */
export class PhotoStore {
  photos: Photo[] = [];
  private readonly pending = new Map<Photo, AbortController>();
  /**
   * The web-size JPEG of each photo: a draft keeps it, the upload sends it. A sharper copy made for
   * the screen (zoomed in, up to 2048 px) is shown but never replaces it: the upload must stay
   * within the web box (templates-photos-text.md: a computer photo's web version is at most 1024x1024).
   */
  private readonly webVersions = new WeakMap<Photo, WebVersion>();
  /** The photo dialog's tile pictures, small JPEGs made from the web versions. */
  readonly thumbnails: TileThumbnails;

  constructor(private readonly services: PhotoStoreServices) {
    this.thumbnails = new TileThumbnails({
      maker: services.thumbnails,
      webOf: async (photo) => this.webVersion(photo)?.blob ?? services.readBlob(photo.src),
    });
    makeObservable(this, {
      photos: observableShallow,
      roomLeft: computed,
      isFull: computed,
      addFiles: action,
      addLoaded: action,
      addDownloaded: action,
      addFromServer: action,
      addRestored: action,
      showWebVersion: action,
      remove: action,
      clear: action,
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
      const bytes = photo.file?.size ?? 0;
      if (bytes > MAX_FILE_BYTES)
        this.loadFailed(
          photo,
          new PhotoLoadFailure('ERROR_FILE_TO_BIG', `${bytes} bytes is over ${MAX_FILE_BYTES}`),
        );
      else void this.load(photo, WEB_BOX.computer);
    }
    const single =
      files.length === 1 && files[0]!.size <= MAX_FILE_BYTES ? (added[0] ?? null) : null;
    return { added, selected: single, refused: files.length - accepted.length };
  }

  /**
   * A photo read from elsewhere (the social service, through the server): processed like a local
   * file at its source's web box (social 640x640) and uploaded with its type when the collage is saved.
   */
  addDownloaded(source: PhotoSource, name: string, file: Blob): Photo | null {
    if (this.isFull) return null;
    const photo = new Photo(source, name, file);
    this.photos.push(photo);
    void this.load(photo, WEB_BOX[source]);
    return photo;
  }

  /** A photo that is already on the server (a reopened collage) or a quote image. */
  addLoaded(
    source: PhotoSource,
    name: string,
    image: Parameters<Photo['loaded']>[0],
    serverId: string | null,
  ): Photo {
    const photo = new Photo(source, name, null);
    photo.loaded(image);
    if (serverId) photo.uploaded(serverId);
    this.photos.push(photo);
    return photo;
  }

  /** A photo of a reopened collage: on the server already, LOADING until its image is read (showWebVersion or failed). */
  addFromServer(facts: ServerPhotoFacts): Photo {
    const photo = new Photo(facts.source, facts.name, null);
    photo.uploaded(facts.serverId);
    // The sizes are known before the image: the dpi of the slots is right from the start.
    photo.orgWidth = facts.orgWidth;
    photo.orgHeight = facts.orgHeight;
    photo.webWidth = facts.webWidth;
    photo.webHeight = facts.webHeight;
    photo.key = facts.key;
    photo.suggestedRotation = facts.suggestedRotation;
    this.photos.push(photo);
    return photo;
  }

  /** A photo brought back from a draft; one with only its original file is processed again. */
  addRestored(restored: RestoredPhoto): Photo {
    const photo = new Photo(restored.source, restored.name, restored.file);
    if (restored.serverId) photo.uploaded(restored.serverId);
    this.photos.push(photo);
    const facts = {
      webWidth: restored.webWidth,
      webHeight: restored.webHeight,
      orgWidth: restored.orgWidth,
      orgHeight: restored.orgHeight,
      key: restored.key,
      suggestedRotation: restored.suggestedRotation,
    };
    if (restored.web) this.showWebVersion(photo, restored.web, facts);
    else if (restored.src) photo.loaded({ ...facts, src: restored.src });
    else if (restored.file) void this.load(photo, WEB_BOX[restored.source]);
    else photo.failedToLoad(PHOTO_LOAD_ERROR, null);
    // Loading sets the suggested rotation; the customer's own turns come on top, as they were.
    if (restored.rotation !== photo.rotation) photo.rotate(restored.rotation - photo.rotation);
    return photo;
  }

  /**
   * Shows a JPEG (a server file read, a draft's copy, the photo worker's output) as the photo's
   * image; one within the web box is also its web version.
   */
  showWebVersion(
    photo: Photo,
    web: Blob,
    facts: Omit<Parameters<Photo['loaded']>[0], 'src'>,
  ): void {
    const previous = photo.src;
    if (Math.max(facts.webWidth, facts.webHeight) <= WEB_BOX[photo.source]) {
      this.webVersions.set(photo, { blob: web, width: facts.webWidth, height: facts.webHeight });
    }
    photo.loaded({ ...facts, src: this.services.objectUrl(web) });
    if (previous.startsWith('blob:')) this.services.revokeObjectUrl(previous);
  }

  /** The web-size JPEG of a loaded photo and its size, when the browser made or read one. */
  webVersion(photo: Photo): WebVersion | undefined {
    return this.webVersions.get(photo);
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
      const { web, ...facts } = processed;
      this.showWebVersion(photo, web, facts);
    } catch (error) {
      if (controller.signal.aborted) return;
      this.loadFailed(photo, error);
    } finally {
      if (this.pending.get(photo) === controller) this.pending.delete(photo);
    }
  }

  /**
   * The photo's file could not be read: the error look with its reason, and the same reason to
   * analytics (whose error events the server also logs). The failure's message carries the code
   * and the reason: 'Could not load photo (ERROR_NO_JPG_IMAGE: PNG is not allowed) [png]'.
   */
  private loadFailed(photo: Photo, error: unknown): void {
    const code = loadFailureCode(error);
    const message = code === CMYK_PHOTO || code === FILE_TOO_BIG ? code : PHOTO_LOAD_ERROR;
    photo.failedToLoad(message, loadFailureReason(error));
    this.services.reportLoadError(error instanceof Error ? error.message : String(error));
  }

  /** Reloads a scaled-down photo that has its local file at the box its use needs. */
  async ensureResolution(photo: Photo, box: number): Promise<void> {
    if (photo.needsHigherResolutionFor(box)) await this.load(photo, box);
  }

  remove(photo: Photo): void {
    this.pending.get(photo)?.abort();
    this.pending.delete(photo);
    this.thumbnails.forget(photo);
    if (photo.src.startsWith('blob:')) this.services.revokeObjectUrl(photo.src);
    this.photos = this.photos.filter((candidate) => candidate !== photo);
  }

  /** Every photo goes (a draft or a saved collage replaces the collage). */
  clear(): void {
    for (const photo of [...this.photos]) this.remove(photo);
  }

  /** Used counts from the slots' photo ids (local ids); a count above one flags a duplicate. */
  updateUsage(slotPhotoIds: readonly string[]): void {
    const counts = new Map<string, number>();
    for (const id of slotPhotoIds) counts.set(id, (counts.get(id) ?? 0) + 1);
    for (const photo of this.photos) photo.setUsedCount(counts.get(photo.localId) ?? 0);
  }
}
