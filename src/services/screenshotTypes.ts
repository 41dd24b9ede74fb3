import type { SlotData } from '../model/layout/slotTypes';
import type { Layout } from '../model/layout/types';
import type { PhotoState } from '../model/photos/photoTypes';

// The screenshot's contract with the stores, here below them: the save flow asks a ScreenshotSource
// for its picture, and RootStore tells it every change of the collage as a ScreenshotCollage.

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
