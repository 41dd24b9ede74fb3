/** Renders test scenes in Node with the default CanvasKit build: the golden tests' and the parity test's Node half. */
import type { CanvasKit } from 'canvaskit-wasm';
import { loadNodeCanvasKit } from '../../server/print/assets';
import type { ImageCache } from '../../src/render/cache';
import { makeRasterSurface } from '../../src/render/canvaskit';
import type { FontLibrary } from '../../src/render/fonts';
import { SceneRenderer, type SceneRendererOptions } from '../../src/render/sceneRenderer';
import { testImages } from './fixtures';
import { readSurface, type Pixels } from './golden';
import type { NamedScene } from './scenes';

export interface TestRenderer {
  ck: CanvasKit;
  fonts: FontLibrary;
  renderer: SceneRenderer;
  images: ImageCache;
  dispose(): void;
}

export async function testRenderer(options: SceneRendererOptions = {}): Promise<TestRenderer> {
  const { ck, fonts } = await loadNodeCanvasKit();
  const renderer = new SceneRenderer(ck, fonts, options);
  const images = testImages(ck);
  return {
    ck,
    fonts,
    renderer,
    images,
    dispose() {
      renderer.dispose();
      images.dispose();
      fonts.delete();
    },
  };
}

export function sceneSize(named: NamedScene): { width: number; height: number } {
  return {
    width: Math.round(named.scene.layout.widthCm * named.pxPerCm),
    height: Math.round(named.scene.layout.heightCm * named.pxPerCm),
  };
}

export function renderNamed(
  t: Pick<TestRenderer, 'ck' | 'renderer' | 'images'>,
  named: NamedScene,
): Pixels {
  const { width, height } = sceneSize(named);
  const raster = makeRasterSurface(t.ck, width, height);
  try {
    const canvas = raster.getCanvas();
    canvas.clear(t.ck.WHITE);
    t.renderer.draw(
      canvas,
      named.scene,
      { pxPerCm: named.pxPerCm, offsetX: 0, offsetY: 0 },
      t.images,
    );
    raster.surface.flush();
    return readSurface(t.ck, raster.surface);
  } finally {
    raster.delete();
  }
}
