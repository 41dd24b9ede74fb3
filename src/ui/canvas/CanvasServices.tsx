import { createContext, useContext } from 'react';
import type { CanvasPixelLoader, EffectThumbnailImage } from '../../services/canvasPixels';

/** What the canvas needs from the page beside the stores: pixels for photos and artwork, and where to report failures. */
export interface CanvasServices {
  pixels: CanvasPixelLoader;
  reportError(message: string): void;
  /** The photo editor's effect thumbnails of a web image; the caller revokes the URLs. */
  effectThumbnails(src: string): Promise<EffectThumbnailImage[]>;
  revokeThumbnail(src: string): void;
}

export const CanvasServicesContext = createContext<CanvasServices | null>(null);

export function useCanvasServices(): CanvasServices | null {
  return useContext(CanvasServicesContext);
}
