import { catalogUrl } from '../model/catalog/catalogUrl';
import type { RgbaPixels } from '../render/cache';
import type { PhotoEffect } from '../render/scene';

/** Where the editor canvas and the screenshot get their pixels (the browser's loader is below). */
export interface CanvasPixelLoader {
  /** The web image at `src` decoded to fit a `box` x `box` square, with `effect` applied. */
  photo(src: string, effect: PhotoEffect, box: number): Promise<RgbaPixels>;
  /** Overlay artwork or a mask, by its catalog URL; fitted to `box` px on its longer side when given (never enlarged). */
  artwork(url: string, box?: number): Promise<RgbaPixels>;
}

/** A 100 px picture of a photo with an effect applied by the photo codec, as an object URL. */
export interface EffectThumbnailImage {
  effect: PhotoEffect;
  src: string;
}

export interface EffectWorker {
  applyEffect(
    web: Blob,
    effect: PhotoEffect,
    box: number,
  ): Promise<{ width: number; height: number; rgba: Uint8ClampedArray }>;
  effectThumbnails(web: Blob): Promise<Array<{ effect: PhotoEffect; jpeg: Blob }>>;
}

export async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.blob();
}

/**
 * A browser-decoded picture as straight RGBA (catalog artwork: PNG and SVG with transparency),
 * fitted to `box` px on its longer side when given (the screenshot needs no more than 500).
 */
async function decodeInPage(blob: Blob, box = Number.POSITIVE_INFINITY): Promise<RgbaPixels> {
  const bitmap = await createImageBitmap(blob, {
    premultiplyAlpha: 'none',
    colorSpaceConversion: 'none',
  });
  try {
    const scale = Math.min(1, box / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const data = context.getImageData(0, 0, width, height);
    return { width: data.width, height: data.height, rgba: data.data };
  } finally {
    bitmap.close();
  }
}

/**
 * The pixels of the editor canvas and of the screenshot: photos through the photo worker's codec
 * (the same decoder and effects as the print master, off the main thread, decoding only as many
 * pixels as the slot needs); catalog artwork through the browser's decoder (PNG and SVG, which
 * the codec does not read).
 */
export function browserCanvasPixels(worker: EffectWorker): CanvasPixelLoader {
  return {
    async photo(src, effect, box) {
      const image = await worker.applyEffect(await fetchBlob(src), effect, box);
      return { width: image.width, height: image.height, rgba: image.rgba };
    },
    async artwork(url, box) {
      return decodeInPage(await fetchBlob(catalogUrl(url)), box);
    },
  };
}

/** The effect thumbnails of a web image, made by the photo worker from one decode, as object URLs. */
export async function effectThumbnailUrls(
  worker: EffectWorker,
  src: string,
): Promise<EffectThumbnailImage[]> {
  const thumbnails = await worker.effectThumbnails(await fetchBlob(src));
  return thumbnails.map(({ effect, jpeg }) => ({ effect, src: URL.createObjectURL(jpeg) }));
}
