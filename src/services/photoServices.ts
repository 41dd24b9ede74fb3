import type { ApiClient } from '../api/client';
import type { PhotoStoreServices } from '../stores/PhotoStore';
import type { PhotoProcessor } from '../stores/photoTypes';
import type { QuoteServices } from '../stores/QuoteStore';
import type { Analytics } from './analytics';

/** The PhotoStore's services in the browser: the worker pool, object URLs, load errors to analytics. */
export function browserPhotoServices(processor: PhotoProcessor, analytics: Analytics): PhotoStoreServices {
  return {
    processor,
    objectUrl: (blob) => URL.createObjectURL(blob),
    revokeObjectUrl: (url) => URL.revokeObjectURL(url),
    reportLoadError: (message) => analytics.event({ category: 'error', action: 'photo load', label: message }),
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
