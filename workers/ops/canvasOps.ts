/**
 * The browser-only parts of the photo ops, for the worker: JPEG encoding through OffscreenCanvas
 * (measured against CanvasKit's encoder, see workers/README.md) and the PNG path.
 */
import type { JpegEncoder } from './processFile';

export const canvasJpegEncoder: JpegEncoder = async (image, quality) => {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D context on OffscreenCanvas');
  // ImageData views the decoded pixels: no copy before putImageData.
  context.putImageData(
    new ImageData(image.rgba as Uint8ClampedArray<ArrayBuffer>, image.width, image.height),
    0,
    0,
  );
  return canvas.convertToBlob({ type: 'image/jpeg', quality });
};

/** A PNG (only when the setting allows it) decoded by the browser straight to the web size, as a JPEG. */
export async function canvasPngResizer(file: Blob, width: number, height: number): Promise<Blob> {
  const bitmap = await createImageBitmap(file, {
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: 'high',
    imageOrientation: 'from-image',
  });
  try {
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context on OffscreenCanvas');
    // JPEG has no alpha: transparent parts become white, as on paper.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0);
    return await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
  } finally {
    bitmap.close();
  }
}
