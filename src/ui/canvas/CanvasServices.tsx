import { createContext, useContext } from 'react';
import type { CanvasPixelLoader } from './canvasImages';

/** What the canvas needs from the page beside the stores: pixels for photos and artwork, and where to report failures. */
export interface CanvasServices {
  pixels: CanvasPixelLoader;
  reportError(message: string): void;
}

export const CanvasServicesContext = createContext<CanvasServices | null>(null);

export function useCanvasServices(): CanvasServices | null {
  return useContext(CanvasServicesContext);
}
