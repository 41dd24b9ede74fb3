import type { SlotData } from '../../model/layout/slotTypes';
import type { Layout } from '../../model/layout/types';
import type { Photo } from '../Photo';
import type { PhotoState } from '../photoTypes';

/**
 * What the save flow needs of the collage. CollageStore implements it; the save flow depends on
 * nothing else of it, so the two are built and tested apart.
 */
export interface SaveableCollage {
  /** Every photo slot is filled: ordering is allowed. */
  readonly isFinished: boolean;
  readonly templateId: string;
  /** The saved collage id once a save succeeded; null while the collage is new. */
  readonly savedId: string | null;
  /** The photos the slots show (each once). Unused photos are never uploaded. */
  usedPhotos(): readonly Photo[];
  /**
   * The saved-collage XML (src/model/document) with the slots' photos under their server ids; every
   * used photo is on the server when this is called. The screenshot is base64 JPEG, when there is one.
   */
  buildXml(screenshotBase64: string | undefined): string;
  /** A save succeeded: the collage is no longer new, and later saves send this id. */
  markSaved(collageId: string): void;
  /** Empties every slot that shows the photo (a photo that could not reach the server). */
  clearPhoto(photo: Photo): void;
  /** Takes the photo out of the collage and the customer's photo list. */
  removePhoto(photo: Photo): void;
}

/** The editor's 500x500 screenshot, made in a worker; null while it is not ready yet. */
export interface ScreenshotSource {
  /** The base64 JPEG of the collage as it is now; null while its latest change is not drawn yet. */
  screenshot(): string | null;
  /**
   * A source that draws the collage itself is told of every change (RootStore's reaction): null
   * while there is no collage to draw (no design, or a layout that has not arrived).
   */
  collageChanged?(collage: ScreenshotCollage | null): void;
}

/** What the screenshot shows: the collage as printed, and where its photos' pixels come from. */
export interface ScreenshotCollage {
  layout: Layout;
  /** The slot data of this layout (photo ids are the photo store's local ids). */
  slots: SlotData;
  backgroundColor: string;
  /** Each photo the slots name, once. */
  photos: readonly ScreenshotPhotoSource[];
}

export interface ScreenshotPhotoSource {
  /** The id the slots use. */
  id: string;
  state: PhotoState;
  /** The web image's URL (object URL, data URL or server URL): a new one means new pixels (a reload at a higher resolution). */
  src: string;
  /** The web image's size (upright). */
  width: number;
  height: number;
}
