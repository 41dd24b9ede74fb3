/**
 * The screenshot worker: CanvasKit (software surface) and fonts, kept between calls; draws the
 * 500x500 screenshot of a scene and encodes it as JPEG at quality 50, returned as base64.
 *
 * CanvasKit and the fonts come from the page (adopt): the page compiles canvaskit.wasm once at
 * idle and posts the compiled module and the font bytes here, so the worker fetches and compiles
 * nothing (issue 13). Without them (a harness page) it loads both itself.
 *
 * Encoder: the browser's OffscreenCanvas.convertToBlob. Measured by `npm run bench:render` (the
 * 150-slot collage) it gives the very bytes CanvasKit's /full build gives (Chromium encodes with
 * Skia's JPEG encoder too) in the same 7-8 ms, and the /full build would be a second CanvasKit of
 * 8 MB for the page to fetch and compile.
 */
import * as Comlink from 'comlink';
import type { CanvasKit } from 'canvaskit-wasm';
import { ImageCache, type RgbaPixels } from '../src/render/cache';
import { compiledModuleUseCount, loadCanvasKit } from '../src/render/canvaskit';
import { CANVASKIT_WASM_URL } from '../src/render/canvaskitUrls';
import type { RendererParts } from '../src/render/browserRenderer';
import { FontLibrary } from '../src/render/fonts';
import { fetchFonts } from '../src/render/fontUrls';
import type { PhotoEffect, Scene } from '../src/render/scene';
import { SceneRenderer } from '../src/render/sceneRenderer';
import { drawScreenshot, encodeWithOffscreenCanvas, toBase64 } from '../src/render/screenshot';

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

let given: RendererParts | null = null;
let tools: Promise<Tools> | null = null;

function loadTools(): Promise<Tools> {
  if (!tools) {
    const parts = given;
    const loading = Promise.all([
      loadCanvasKit(
        parts
          ? { module: parts.module, wasmUrl: CANVASKIT_WASM_URL }
          : { wasmUrl: CANVASKIT_WASM_URL },
      ),
      parts ? Promise.resolve(parts.fonts) : fetchFonts(),
    ]).then(([ck, bytes]) => {
      const fonts = FontLibrary.from(ck, bytes);
      return { ck, fonts, renderer: new SceneRenderer(ck, fonts) };
    });
    loading.catch(() => {
      if (tools === loading) tools = null;
    });
    tools = loading;
  }
  return tools;
}

const api = {
  /** The page's compiled CanvasKit and font bytes; used if they arrive before the first screenshot. */
  adopt(parts: RendererParts): void {
    if (!tools) given = parts;
  },

  /** Whether this worker compiled canvaskit.wasm itself rather than instantiate the page's module (tests ask). */
  async compiledHere(): Promise<boolean> {
    await loadTools();
    return compiledModuleUseCount() === 0;
  },

  async screenshot(request: ScreenshotRequest): Promise<ScreenshotResult> {
    const { ck, renderer } = await loadTools();
    const images = new ImageCache(ck, { maxBytes: Number.POSITIVE_INFINITY });
    try {
      for (const photo of request.photos)
        images.putPhotoPixels(photo.key, photo.effect, photo.pixels);
      for (const [url, pixels] of Object.entries(request.artwork ?? {}))
        images.putArtwork(
          url,
          ck.MakeImage(
            {
              width: pixels.width,
              height: pixels.height,
              alphaType: ck.AlphaType.Unpremul,
              colorType: ck.ColorType.RGBA_8888,
              colorSpace: ck.ColorSpace.SRGB,
            },
            pixels.rgba,
            pixels.width * 4,
          )!,
        );
      const started = performance.now();
      const surface = drawScreenshot(ck, renderer, request.scene, images);
      const drawn = performance.now();
      try {
        const jpeg = await encodeWithOffscreenCanvas(surface);
        const encoded = performance.now();
        return {
          base64: toBase64(jpeg),
          bytes: jpeg.length,
          drawMs: drawn - started,
          encodeMs: encoded - drawn,
        };
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
