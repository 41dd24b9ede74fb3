import type { RgbaPixels } from '../render/cache';

/**
 * An encoded image (the catalog's PNG artwork and masks) as straight RGBA fitted to `box` px on
 * its longer side, by the browser's own decoder (createImageBitmap + OffscreenCanvas). Browser only.
 */
export async function imagePixels(blob: Blob, box: number): Promise<RgbaPixels> {
  const bitmap = await createImageBitmap(blob);
  try {
    const scale = Math.min(1, box / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const context = new OffscreenCanvas(width, height).getContext('2d');
    if (!context) throw new Error('No 2D context to read an image');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return { width, height, rgba: context.getImageData(0, 0, width, height).data };
  } finally {
    bitmap.close();
  }
}

/** GETs a URL as a Blob; a failed answer throws. */
export async function fetchBlob(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return response.blob();
}
