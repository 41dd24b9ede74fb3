import { createContext, useContext } from 'react';
import type { PhotoEffect } from '../../render/scene';
import type { CanvasPixelLoader } from './canvasImages';

/** A 100 px picture of a photo with an effect applied by the photo codec, as an object URL. */
export interface EffectThumbnailImage {
  effect: PhotoEffect;
  src: string;
}

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
