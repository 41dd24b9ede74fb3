/// <reference types="vite/client" />
/**
 * The page half of the parity test and the render benchmark: CanvasKit, the fonts and the test
 * images loaded the way the editor loads them, and functions the Node side calls through
 * Playwright's page.evaluate.
 */
import type { CanvasKit, Surface } from 'canvaskit-wasm';
import { loadBrowserRenderer } from '../../../src/render/browserRenderer';
import { makeCanvasSurface } from '../../../src/render/canvaskit';
import type { FontLibrary } from '../../../src/render/fonts';
import { SceneRenderer } from '../../../src/render/sceneRenderer';
import type { Scene, Viewport } from '../../../src/render/scene';
import { testImages } from '../fixtures';
import { installBench } from './bench';

export interface Harness {
  ck: CanvasKit;
  fonts: FontLibrary;
  renderer: SceneRenderer;
  images: ReturnType<typeof testImages>;
  screen: HTMLCanvasElement;
}

async function boot(): Promise<Harness> {
  const { ck, fonts } = await loadBrowserRenderer();
  return {
    ck,
    fonts,
    renderer: new SceneRenderer(ck, fonts),
    images: testImages(ck),
    screen: document.getElementById('screen') as HTMLCanvasElement,
  };
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Draws `scene` on a software surface of a fresh page canvas and returns its RGBA (unpremultiplied), base64. */
function renderOnCanvas(
  h: Harness,
  scene: Scene,
  viewport: Viewport,
  width: number,
  height: number,
): string {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const screen = makeCanvasSurface(h.ck, canvas, 'software');
  if (screen.kind !== 'software') throw new Error('expected the software surface');
  try {
    const c = screen.surface.getCanvas();
    c.clear(h.ck.WHITE);
    h.renderer.draw(c, scene, viewport, h.images);
    screen.present();
    return readBase64(h.ck, screen.surface, width, height);
  } finally {
    screen.delete();
  }
}

function readBase64(ck: CanvasKit, surface: Surface, width: number, height: number): string {
  const image = surface.makeImageSnapshot();
  try {
    const pixels = image.readPixels(0, 0, {
      width,
      height,
      colorType: ck.ColorType.RGBA_8888,
      alphaType: ck.AlphaType.Unpremul,
      colorSpace: ck.ColorSpace.SRGB,
    });
    if (!pixels) throw new Error('readPixels failed');
    return toBase64(new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength));
  } finally {
    image.delete();
  }
}

declare global {
  interface Window {
    harnessReady: Promise<void>;
    renderScene(scene: Scene, pxPerCm: number, width: number, height: number): string;
    /** Fetches catalog artwork (catalog-relative URLs) into the test images. */
    loadArtwork(urls: string[]): Promise<void>;
    /** Makes the editor's default surface (WebGL where possible) on a new canvas, draws red, reads it back. */
    defaultSurface(): { kind: string; pixel: number[] };
  }
}

window.harnessReady = boot().then((h) => {
  window.renderScene = (scene, pxPerCm, width, height) =>
    renderOnCanvas(h, scene, { pxPerCm, offsetX: 0, offsetY: 0 }, width, height);
  window.loadArtwork = async (urls) => {
    for (const url of urls) {
      const response = await fetch(`/catalog/${url}`);
      if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
      const image = h.ck.MakeImageFromEncoded(new Uint8Array(await response.arrayBuffer()));
      if (!image) throw new Error(`cannot decode ${url}`);
      h.images.putArtwork(url, image);
    }
  };
  window.defaultSurface = () => {
    const canvas = document.createElement('canvas');
    canvas.width = 8;
    canvas.height = 8;
    const screen = makeCanvasSurface(h.ck, canvas);
    try {
      screen.surface.getCanvas().clear(h.ck.RED);
      screen.present();
      const image = screen.surface.makeImageSnapshot();
      const pixel = image.readPixels(0, 0, {
        width: 1,
        height: 1,
        colorType: h.ck.ColorType.RGBA_8888,
        alphaType: h.ck.AlphaType.Unpremul,
        colorSpace: h.ck.ColorSpace.SRGB,
      });
      image.delete();
      return { kind: screen.kind, pixel: Array.from(pixel ?? []) };
    } finally {
      screen.delete();
    }
  };
  installBench(h);
});
