import type { CanvasPixelLoader } from '../ui/canvas/canvasImages';
import type { EffectThumbnailImage } from '../ui/canvas/CanvasServices';
import type { RgbaPixels } from '../render/cache';
import type { PhotoEffect } from '../render/scene';
import { catalogUrl } from '../ui/catalogUrl';

export interface EffectWorker {
  applyEffect(web: Blob, effect: PhotoEffect, box: number): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }>;
  effectThumbnails(web: Blob): Promise<Array<{ effect: PhotoEffect; jpeg: Blob }>>;
}

export async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.blob();
}

/** A browser-decoded picture as straight RGBA (catalog artwork: PNG and SVG with transparency). */
async function decodeInPage(blob: Blob): Promise<RgbaPixels> {
  const bitmap = await createImageBitmap(blob, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width: data.width, height: data.height, rgba: data.data };
  } finally {
    bitmap.close();
  }
}

/**
 * The editor canvas's pixels: photos through the photo worker's codec (the same decoder and
 * effects as the print master, off the main thread, decoding only as many pixels as the slot
 * needs); catalog artwork through the browser's decoder (PNG and SVG, which the codec does not read).
 */
export function browserCanvasPixels(worker: EffectWorker): CanvasPixelLoader {
  return {
    async photo(src, effect, box) {
      const image = await worker.applyEffect(await fetchBlob(src), effect, box);
      return { width: image.width, height: image.height, rgba: image.rgba };
    },
    async artwork(url) {
      return decodeInPage(await fetchBlob(catalogUrl(url)));
    },
  };
}

/** The effect thumbnails of a web image, made by the photo worker from one decode, as object URLs. */
export async function effectThumbnailUrls(worker: EffectWorker, src: string): Promise<EffectThumbnailImage[]> {
  const thumbnails = await worker.effectThumbnails(await fetchBlob(src));
  return thumbnails.map(({ effect, jpeg }) => ({ effect, src: URL.createObjectURL(jpeg) }));
}
