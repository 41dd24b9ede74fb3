/**
 * The render benchmark's page side: frame timings of the 150-slot scene on the software surface
 * (full redraw, a drag inside one slot, a pan), the Canvas2D reference, memory, and the
 * screenshot worker. Called from tests/bench/render.ts through page.evaluate.
 */
import type { Canvas } from 'canvaskit-wasm';
import { EditorCompositor } from '../../../src/render/compositor';
import { makeCanvasSurface } from '../../../src/render/canvaskit';
import { FONT_FILES } from '../../../src/render/fonts';
import { fontUrl } from '../../../src/render/fontUrls';
import type { Scene, Viewport } from '../../../src/render/scene';
import { SceneRenderer } from '../../../src/render/sceneRenderer';
import { rendererParts } from '../../../src/render/browserRenderer';
import { createScreenshotClient } from '../../../workers/screenshotClient';
import type { ScreenshotPhoto } from '../../../workers/screenshot.worker';
import { drawCanvas2D, type Canvas2DImages } from '../../bench/canvas2dReference';
import { benchScene, BENCH_HEIGHT, BENCH_PX_PER_CM, BENCH_WIDTH } from '../benchScene';
import type { Harness } from './main';

export interface BenchApi {
  /** The editor's full redraw: every pixel of the backing from its caches (sprites, pictures), then the blit. */
  full(frames: number): number[];
  /** Every layer drawn straight, no caches at all (print's way; the editor's first frame of a new zoom). */
  uncached(frames: number): number[];
  drag(frames: number): number[];
  pan(frames: number): number[];
  canvas2d(frames: number): Promise<number[]>;
  memory(): { jsHeapBytes: number; wasmHeapBytes: number };
  /**
   * `runs` screenshots by a fresh worker, handed the page's compiled CanvasKit and fonts or loading
   * its own; `compiledInWorker` tells which happened.
   */
  screenshot(
    handOver: boolean,
    runs: number,
  ): Promise<{
    compiledInWorker: boolean;
    runs: Array<{
      totalMs: number;
      drawMs: number;
      encodeMs: number;
      bytes: number;
      base64: string;
    }>;
  }>;
}

declare global {
  interface Window {
    bench: BenchApi;
  }
}

const VIEWPORT: Viewport = { pxPerCm: BENCH_PX_PER_CM, offsetX: 0, offsetY: 0 };

function timed(frames: number, frame: (index: number) => void): number[] {
  const times: number[] = [];
  for (let i = 0; i < frames; i += 1) {
    const start = performance.now();
    frame(i);
    times.push(performance.now() - start);
  }
  return times;
}

export function installBench(h: Harness): void {
  const scene = benchScene();
  h.screen.width = BENCH_WIDTH;
  h.screen.height = BENCH_HEIGHT;
  const screen = makeCanvasSurface(h.ck, h.screen, 'software');
  const canvas: Canvas = screen.surface.getCanvas();
  const straight = new SceneRenderer(h.ck, h.fonts);
  const cached = new SceneRenderer(h.ck, h.fonts, { cachePictures: true });
  const compositor = new EditorCompositor(h.ck, cached, (w, hh) => screen.makeOffscreen(w, hh));
  let canvas2d: { ctx: CanvasRenderingContext2D; images: Canvas2DImages } | null = null;

  window.bench = {
    full: (frames) => {
      compositor.frame(canvas, scene, VIEWPORT, h.images);
      return timed(frames, () => {
        compositor.redrawAll();
        compositor.frame(canvas, scene, VIEWPORT, h.images);
        screen.present();
      });
    },
    uncached: (frames) =>
      timed(frames, () => {
        canvas.clear(h.ck.WHITE);
        straight.draw(canvas, scene, VIEWPORT, h.images);
        screen.present();
      }),
    drag: (frames) => {
      compositor.frame(canvas, scene, VIEWPORT, h.images);
      return timed(frames, (i) => {
        const photo = scene.photos.img77!;
        const dragged: Scene = {
          ...scene,
          photos: {
            ...scene.photos,
            img77: {
              ...photo,
              zoom: 2,
              focusX: 0.3 + 0.01 * (i % 40),
              focusY: 0.5 - 0.005 * (i % 40),
            },
          },
        };
        compositor.frame(canvas, dragged, VIEWPORT, h.images);
        screen.present();
      });
    },
    pan: (frames) => {
      compositor.frame(canvas, scene, VIEWPORT, h.images);
      return timed(frames, (i) => {
        compositor.frame(
          canvas,
          scene,
          { ...VIEWPORT, offsetX: -((i * 7) % 120), offsetY: -((i * 3) % 80) },
          h.images,
        );
        screen.present();
      });
    },
    async canvas2d(frames) {
      canvas2d ??= await setupCanvas2D(h);
      const { ctx, images } = canvas2d;
      return timed(frames, () => {
        drawCanvas2D(ctx, scene, VIEWPORT, images);
        // Canvas2D rasterises lazily: reading a pixel makes it finish the frame inside the timing.
        ctx.getImageData(0, 0, 1, 1);
      });
    },
    memory() {
      const heap = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
      const wasm = (h.ck as unknown as { HEAPU8?: Uint8Array }).HEAPU8;
      return {
        jsHeapBytes: heap?.usedJSHeapSize ?? 0,
        wasmHeapBytes: wasm?.buffer.byteLength ?? 0,
      };
    },
    async screenshot(handOver, runs) {
      const client = createScreenshotClient(handOver ? { parts: rendererParts } : {});
      const results = [];
      try {
        for (let i = 0; i < runs; i += 1) {
          const photos = screenshotPhotos(h);
          const start = performance.now();
          const result = await client.screenshot({ scene, photos });
          results.push({
            totalMs: performance.now() - start,
            drawMs: result.drawMs,
            encodeMs: result.encodeMs,
            bytes: result.bytes,
            base64: result.base64,
          });
        }
        return { compiledInWorker: await client.compiledInWorker(), runs: results };
      } finally {
        client.dispose();
      }
    },
  };
}

/** The eight test photos as pixels, the way the page would send its small copies. */
function screenshotPhotos(h: Harness): ScreenshotPhoto[] {
  const photos: ScreenshotPhoto[] = [];
  for (let i = 0; i < 8; i += 1) {
    const image = h.images.photo(`p${i}`, 'none', 0)!;
    const width = image.width();
    const height = image.height();
    const rgba = image.readPixels(0, 0, {
      width,
      height,
      colorType: h.ck.ColorType.RGBA_8888,
      alphaType: h.ck.AlphaType.Unpremul,
      colorSpace: h.ck.ColorSpace.SRGB,
    }) as Uint8Array;
    photos.push({ key: `p${i}`, effect: 'none', pixels: { width, height, rgba } });
  }
  return photos;
}

async function setupCanvas2D(
  h: Harness,
): Promise<{ ctx: CanvasRenderingContext2D; images: Canvas2DImages }> {
  const canvas = document.createElement('canvas');
  canvas.width = BENCH_WIDTH;
  canvas.height = BENCH_HEIGHT;
  document.body.appendChild(canvas);
  const ctx = canvas.getContext('2d')!;
  const images: Canvas2DImages = new Map();
  for (const { key, pixels } of screenshotPhotos(h)) {
    images.set(
      key,
      await createImageBitmap(
        new ImageData(
          new Uint8ClampedArray(pixels.rgba.buffer as ArrayBuffer),
          pixels.width,
          pixels.height,
        ),
      ),
    );
  }
  const jost = FONT_FILES.find((file) => file.family === 'futura-pt')!;
  const face = new FontFace('futura-pt', `url(${fontUrl(jost)})`);
  (document.fonts as unknown as { add(font: FontFace): void }).add(await face.load());
  return { ctx, images };
}
