/**
 * The collage's screenshot (editor-core §7, §9): 500x500 px, JPEG quality 50, base64. The collage
 * is fitted into the square on white, drawn as printed (no frame, no editor marks). Two encoders:
 * CanvasKit's own (the /full build) or the browser's (OffscreenCanvas.convertToBlob); the worker
 * uses the one benchmarks showed faster (see workers/screenshot.worker.ts).
 */
import type { CanvasKit } from 'canvaskit-wasm';
import type { ImageSource } from './cache';
import { makeRasterSurface, type RasterSurface } from './canvaskit';
import { viewportFit, type Scene } from './scene';
import type { SceneRenderer } from './sceneRenderer';

export const SCREENSHOT_SIZE = 500;
export const SCREENSHOT_QUALITY = 50;

export type ScreenshotEncoder = 'canvaskit' | 'offscreen';

/** Draws the screenshot on a new raster surface (opaque: it starts white); the caller deletes it. */
export function drawScreenshot(
  ck: CanvasKit,
  renderer: SceneRenderer,
  scene: Scene,
  images: ImageSource,
  size = SCREENSHOT_SIZE,
): RasterSurface {
  const raster = makeRasterSurface(ck, size, size);
  const canvas = raster.getCanvas();
  canvas.clear(ck.WHITE);
  renderer.draw(
    canvas,
    { ...scene, purpose: 'print', overlays: undefined },
    viewportFit(scene.layout, size, size),
    images,
  );
  raster.surface.flush();
  return raster;
}

/** JPEG bytes by CanvasKit's encoder (needs the /full build). */
export function encodeWithCanvasKit(
  ck: CanvasKit,
  raster: RasterSurface,
  quality = SCREENSHOT_QUALITY,
): Uint8Array {
  const image = raster.surface.makeImageSnapshot();
  try {
    const jpeg = image.encodeToBytes(ck.ImageFormat.JPEG, quality);
    if (!jpeg) throw new Error('This CanvasKit build has no JPEG encoder (load the /full build)');
    return jpeg;
  } finally {
    image.delete();
  }
}

/**
 * JPEG bytes by the browser's encoder, through an OffscreenCanvas (page or worker). The raster's
 * premultiplied bytes go in as they are: the screenshot is opaque, where both forms are equal.
 */
export async function encodeWithOffscreenCanvas(
  raster: RasterSurface,
  quality = SCREENSHOT_QUALITY,
): Promise<Uint8Array> {
  const canvas = new OffscreenCanvas(raster.width, raster.height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D context for the screenshot');
  context.putImageData(
    new ImageData(
      raster.pixelView() as Uint8ClampedArray<ArrayBuffer>,
      raster.width,
      raster.height,
    ),
    0,
    0,
  );
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: quality / 100 });
  return new Uint8Array(await blob.arrayBuffer());
}

/** Base64 without a data: prefix, as the saved collage stores it. */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk)
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
