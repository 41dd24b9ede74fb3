/**
 * The screenshot worker: its own CanvasKit (software surface) and fonts, kept between calls; draws
 * the 500x500 screenshot of a scene and encodes it as JPEG at quality 50, returned as base64.
 *
 * Encoder, measured in headless Chromium by `npm run bench:render` (the 150-slot collage): the
 * browser's OffscreenCanvas.convertToBlob and CanvasKit's /full build give the very same bytes
 * (Chromium encodes with Skia's JPEG encoder too) in the same time (7-8 ms of a 70-95 ms
 * screenshot), but the /full build is a megabyte more wasm to fetch and compile (first screenshot
 * about 0.5 s against 0.7 s). So 'offscreen', with the default build; 'canvaskit' stays selectable.
 */
import * as Comlink from 'comlink';
import type { CanvasKit } from 'canvaskit-wasm';
import { ImageCache, type RgbaPixels } from '../src/render/cache';
import { loadCanvasKit } from '../src/render/canvaskit';
import { canvasKitWasmUrl } from '../src/render/canvaskitUrls';
import { FontLibrary } from '../src/render/fonts';
import { fetchFonts } from '../src/render/fontUrls';
import type { PhotoEffect, Scene } from '../src/render/scene';
import { SceneRenderer } from '../src/render/sceneRenderer';
import { drawScreenshot, encodeWithCanvasKit, encodeWithOffscreenCanvas, toBase64, type ScreenshotEncoder } from '../src/render/screenshot';

export const DEFAULT_SCREENSHOT_ENCODER: ScreenshotEncoder = 'offscreen';

export interface ScreenshotPhoto {
  key: string;
  effect: PhotoEffect;
  pixels: RgbaPixels;
}

export interface ScreenshotRequest {
  scene: Scene;
  /** The photos the scene shows, small copies suffice (a slot is at most 500 px here). */
  photos: ScreenshotPhoto[];
  /** Overlay artwork and masks by URL. */
  artwork?: Record<string, RgbaPixels>;
  encoder?: ScreenshotEncoder;
}

export interface ScreenshotResult {
  base64: string;
  bytes: number;
  drawMs: number;
  encodeMs: number;
}

interface Tools {
  ck: CanvasKit;
  fonts: FontLibrary;
  renderer: SceneRenderer;
}

const tools = new Map<'default' | 'full', Promise<Tools>>();

function toolsFor(build: 'default' | 'full'): Promise<Tools> {
  let loading = tools.get(build);
  if (!loading) {
    loading = Promise.all([loadCanvasKit({ build, wasmUrl: canvasKitWasmUrl(build) }), fetchFonts()]).then(([ck, bytes]) => {
      const fonts = new FontLibrary(ck, bytes);
      return { ck, fonts, renderer: new SceneRenderer(ck, fonts) };
    });
    loading.catch(() => tools.delete(build));
    tools.set(build, loading);
  }
  return loading;
}

const api = {
  async screenshot(request: ScreenshotRequest): Promise<ScreenshotResult> {
    const encoder = request.encoder ?? DEFAULT_SCREENSHOT_ENCODER;
    const { ck, renderer } = await toolsFor(encoder === 'canvaskit' ? 'full' : 'default');
    const images = new ImageCache(ck, { maxBytes: Number.POSITIVE_INFINITY });
    try {
      for (const photo of request.photos) images.putPhotoPixels(photo.key, photo.effect, photo.pixels);
      for (const [url, pixels] of Object.entries(request.artwork ?? {})) images.putArtwork(url, ck.MakeImage({ width: pixels.width, height: pixels.height, alphaType: ck.AlphaType.Unpremul, colorType: ck.ColorType.RGBA_8888, colorSpace: ck.ColorSpace.SRGB }, pixels.rgba, pixels.width * 4)!);
      const started = performance.now();
      const surface = drawScreenshot(ck, renderer, request.scene, images);
      const drawn = performance.now();
      try {
        const jpeg = encoder === 'canvaskit' ? encodeWithCanvasKit(ck, surface) : await encodeWithOffscreenCanvas(surface);
        const encoded = performance.now();
        return { base64: toBase64(jpeg), bytes: jpeg.length, drawMs: drawn - started, encodeMs: encoded - drawn };
      } finally {
        surface.delete();
      }
    } finally {
      images.dispose();
    }
  },
};

export type ScreenshotWorkerApi = typeof api;

Comlink.expose(api);
