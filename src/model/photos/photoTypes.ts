/** Photo facts shared by the photo store, the workers and the save flow. */

export type PhotoSource = 'computer' | 'social' | 'other';
export type PhotoState = 'LOADING' | 'IMAGE' | 'ERROR';
/** The spec's tile looks: 0 loading, 1 error, 2 loaded. */
export type TileLook = 0 | 1 | 2;

export const MAX_SELECTED_PHOTOS = 150;
export const MAX_FILE_BYTES = 26_214_400;

/** Web-size boxes by source: computer 1024, social 640, other 512. */
export const WEB_BOX: Record<PhotoSource, number> = { computer: 1024, social: 640, other: 512 };

/** What the photo worker makes of a local file. */
export interface ProcessedPhoto {
  web: Blob;
  webWidth: number;
  webHeight: number;
  /** Upright size of the original (after the EXIF orientation), matching the web image's shape. */
  orgWidth: number;
  orgHeight: number;
  /** File size, width, height and an MD5 fragment joined by dots. */
  key: string;
  /** 0, 90, 180 or 270 from EXIF 3/6/8: how the server must turn the stored original to show it upright. */
  suggestedRotation: number;
}

/** The photo worker pool as the store sees it. */
export interface PhotoProcessor {
  process(file: Blob, box: number, signal?: AbortSignal): Promise<ProcessedPhoto>;
}

/** A photo's picture in the photo dialog: a small JPEG (its shorter side 200 px), decoded only while its tile is near the view. */
export interface TileThumbnail {
  jpeg: Blob;
  width: number;
  height: number;
}

/** Where the photo store gets tile thumbnails: the photo worker pool in the browser. */
export interface TileThumbnailMaker {
  tileThumbnail(web: Blob, signal?: AbortSignal): Promise<TileThumbnail>;
}
