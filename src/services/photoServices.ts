import type { ApiClient, QuotePhoto } from '../api/client';
import type { PhotoProcessor, TileThumbnailMaker } from '../model/photos/photoTypes';
import type { Analytics } from './analytics';
import { fetchBlob } from './canvasPixels';

/** What the PhotoStore is built with (here, below the stores, so that this module needs no store). */
export interface PhotoStoreServices {
  processor: PhotoProcessor;
  /** Makes the photo dialog's tile thumbnails (the photo worker pool in the browser). */
  thumbnails: TileThumbnailMaker;
  /** Reads a web image the browser has only by its URL (a server photo, a quote image). */
  readBlob(url: string): Promise<Blob>;
  /** URL.createObjectURL in the browser; injectable for tests. */
  objectUrl(blob: Blob): string;
  revokeObjectUrl(url: string): void;
  /** Photo load errors go to analytics. */
  reportLoadError(message: string): void;
}

/** What the QuoteStore is built with. */
export interface QuoteServices {
  /** GET /api/collagePhoto/collageid/{id}?format=json (ApiClient.quotePhotos). */
  loadQuotes(): Promise<QuotePhoto[]>;
  /** The spec: a failed quote list is logged only, nothing is shown. */
  logError(message: string): void;
}

/** The PhotoStore's services in the browser: the worker pool, object URLs, load errors to analytics. */
export function browserPhotoServices(
  processor: PhotoProcessor & TileThumbnailMaker,
  analytics: Analytics,
): PhotoStoreServices {
  return {
    processor,
    thumbnails: processor,
    readBlob: fetchBlob,
    objectUrl: (blob) => URL.createObjectURL(blob),
    revokeObjectUrl: (url) => URL.revokeObjectURL(url),
    reportLoadError: (message) =>
      analytics.event({ category: 'error', action: 'photo load', label: message }),
  };
}

/**
 * The quote list. The server answers the same list for every collage; the path still wants an id,
 * and a new collage has none yet, hence '0' until the collage store supplies its saved id.
 */
export function quoteServices(api: ApiClient, collageId: () => string = () => '0'): QuoteServices {
  return {
    loadQuotes: () => api.quotePhotos(collageId()),
    logError: (message) => console.warn('[quotes] could not load the quote list:', message),
  };
}
