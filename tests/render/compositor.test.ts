/**
 * The editor's compositor must show what a straight draw shows (to one level of bilinear rounding), while redrawing only what
 * changed: after a drag inside a slot, a text edit, a pan and a zoom, its frame equals draw() to
 * the pixel, and the report says how little was redrawn.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRasterSurface } from '../../src/render/canvaskit';
import { EditorCompositor } from '../../src/render/compositor';
import { mergeRects } from '../../src/render/backing';
import { SceneRenderer } from '../../src/render/sceneRenderer';
import type { Scene, Viewport } from '../../src/render/scene';
import { compare, readSurface } from './golden';
import { testRenderer, type TestRenderer } from './nodeRender';
import { layerScenes } from './scenes';

let t: TestRenderer;
let cached: SceneRenderer;
beforeAll(async () => {
  t = await testRenderer();
  cached = new SceneRenderer(t.ck, t.fonts, { cachePictures: true });
});
afterAll(() => {
  cached?.dispose();
  t?.dispose();
});

const W = 520;
const H = 400;

function direct(scene: Scene, viewport: Viewport) {
  const raster = makeRasterSurface(t.ck, W, H);
  try {
    raster.getCanvas().clear(t.ck.WHITE);
    t.renderer.draw(raster.getCanvas(), scene, viewport, t.images);
    return readSurface(t.ck, raster.surface);
  } finally {
    raster.delete();
  }
}

describe('EditorCompositor', () => {
  it('matches a straight draw through drag, text edit, pan and zoom, redrawing only what changed', () => {
    const compositor = new EditorCompositor(t.ck, cached, (w, h) => makeRasterSurface(t.ck, w, h));
    const raster = makeRasterSurface(t.ck, W, H);
    const screen = raster.surface;
    try {
      let scene = structuredClone(layerScenes()['canvas-editor']!.scene);
      let viewport: Viewport = { pxPerCm: 12, offsetX: 10, offsetY: 15 };
      const step = (expectKind: string) => {
        const report = compositor.frame(screen.getCanvas(), scene, viewport, t.images);
        expect(report.kind).toBe(expectKind);
        // Drawing at the origin and blitting at the offset moves bilinear sample weights by float
        // rounding: a photo pixel may land one level apart, nothing more.
        const difference = compare(readSurface(t.ck, screen), direct(scene, viewport), 1);
        expect(difference.over).toBe(0);
        expect(difference.differing).toBeLessThan(difference.total * 0.001);
        return report;
      };
      step('full');
      step('blit');
      // Drag the photo in img1 a little: only img1's area is redrawn.
      scene = {
        ...scene,
        photos: { ...scene.photos, img1: { ...scene.photos.img1!, focusX: 0.3, focusY: 0.6 } },
      };
      const drag = step('partial');
      const area = drag.dirty.reduce((sum, r) => sum + r.width * r.height, 0);
      expect(area).toBeLessThan(0.25 * 480 * 360);
      // A text edit.
      scene = { ...scene, texts: { txt1: { ...scene.texts.txt1!, text: 'Canvas 2' } } };
      step('partial');
      // Pan: nothing is redrawn.
      viewport = { ...viewport, offsetX: -37, offsetY: 41 };
      step('blit');
      // Zoom: the backing is redrawn at the new scale.
      viewport = { pxPerCm: 9, offsetX: 3, offsetY: 4 };
      step('full');
      // Swap two photos (a drag onto another slot).
      scene = {
        ...scene,
        photos: { ...scene.photos, img1: scene.photos.img2!, img2: scene.photos.img1! },
      };
      expect(step('partial').dirty.length).toBeGreaterThanOrEqual(1);
    } finally {
      raster.delete();
      compositor.dispose();
    }
  });

  it('puts the backing on the screen with exactly the bytes of blending it over the clear colour', () => {
    // A fractional sheet edge (12.37 px/cm) and a dark clear colour: copying the partly covered
    // last column and row instead of blending them would show there.
    const clearColor = { r: 20, g: 60, b: 90, a: 1 };
    const scene = structuredClone(layerScenes()['canvas-editor']!.scene);
    const viewport: Viewport = { pxPerCm: 12.37, offsetX: 7, offsetY: 11 };
    const compositor = new EditorCompositor(t.ck, cached, (w, h) => makeRasterSurface(t.ck, w, h));
    const screen = makeRasterSurface(t.ck, W, H);
    const width = Math.ceil(scene.layout.widthCm * viewport.pxPerCm);
    const height = Math.ceil(scene.layout.heightCm * viewport.pxPerCm);
    const backing = makeRasterSurface(t.ck, width, height);
    const reference = makeRasterSurface(t.ck, W, H);
    try {
      expect(width).not.toBe(scene.layout.widthCm * viewport.pxPerCm);
      // The third frame redraws the backing from sprites, as the reference below does.
      for (let i = 0; i < 3; i += 1) {
        compositor.redrawAll();
        compositor.frame(
          screen.getCanvas(),
          { ...scene, overlays: undefined },
          viewport,
          t.images,
          clearColor,
        );
      }
      backing.getCanvas().clear(t.ck.TRANSPARENT);
      cached.drawCollage(backing.getCanvas(), scene, viewport.pxPerCm, t.images);
      const snapshot = backing.surface.makeImageSnapshot();
      reference.getCanvas().clear(t.ck.Color(20, 60, 90, 1));
      reference.getCanvas().drawImage(snapshot, viewport.offsetX, viewport.offsetY);
      snapshot.delete();
      const difference = compare(
        readSurface(t.ck, screen.surface),
        readSurface(t.ck, reference.surface),
        0,
      );
      expect(difference.differing).toBe(0);
    } finally {
      for (const surface of [screen, backing, reference]) surface.delete();
      compositor.dispose();
    }
  });

  it('merges overlapping dirty rects and keeps apart ones apart', () => {
    const merged = mergeRects([
      { x: 0, y: 0, width: 10, height: 10 },
      { x: 5, y: 5, width: 10, height: 10 },
      { x: 100, y: 100, width: 5, height: 5 },
      { x: 14, y: 14, width: 2, height: 2 },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged).toContainEqual({ x: 0, y: 0, width: 16, height: 16 });
  });
});

describe('EditorCompositor.prepare (a canvas first drawing, a slice a task)', () => {
  const viewport: Viewport = { pxPerCm: 12, offsetX: 10, offsetY: 15 };
  const never = () => false;

  function shown(compositor: EditorCompositor, scene: Scene) {
    const raster = makeRasterSurface(t.ck, W, H);
    try {
      const report = compositor.frame(raster.getCanvas(), scene, viewport, t.images);
      return { report, pixels: readSurface(t.ck, raster.surface) };
    } finally {
      raster.delete();
    }
  }

  function expectLikeDirect(pixels: ReturnType<typeof readSurface>, scene: Scene) {
    const difference = compare(pixels, direct(scene, viewport), 1);
    expect(difference.over).toBe(0);
    expect(difference.differing).toBeLessThan(difference.total * 0.001);
  }

  it('draws the backing a band a call, and the frame after only blits what a straight draw shows', () => {
    const scene = structuredClone(layerScenes()['canvas-editor']!.scene);
    const renderer = new SceneRenderer(t.ck, t.fonts, { cachePictures: true });
    const compositor = new EditorCompositor(t.ck, renderer, (w, h) =>
      makeRasterSurface(t.ck, w, h),
    );
    try {
      const rows = Math.ceil(scene.layout.heightCm * viewport.pxPerCm);
      let calls = 1;
      while (!compositor.prepare(scene, viewport.pxPerCm, t.images, never)) calls += 1;
      // A call a layer's picture, then a call a band of 128 rows.
      const layers = renderer
        .layerDrawings(scene, viewport.pxPerCm, t.images)
        .filter((drawing) => drawing.bounds).length;
      expect(layers).toBeGreaterThan(3);
      expect(calls).toBe(layers + Math.ceil(rows / 128));
      // A layer met again in a later band is not rasterised whole into a sprite meanwhile.
      expect(renderer.spriteBytes).toBe(0);
      // Prepared already: a further call draws nothing more.
      expect(compositor.prepare(scene, viewport.pxPerCm, t.images, never)).toBe(true);
      const { report, pixels } = shown(compositor, scene);
      expect(report.kind).toBe('blit');
      expectLikeDirect(pixels, scene);
    } finally {
      compositor.dispose();
      renderer.dispose();
    }
  });

  it('starts again when the scene changes between slices, and a frame never blits a half-drawn backing', () => {
    const scene = structuredClone(layerScenes()['canvas-editor']!.scene);
    const edited = { ...scene, texts: { txt1: { ...scene.texts.txt1!, text: 'Canvas 2' } } };
    const compositor = new EditorCompositor(t.ck, cached, (w, h) => makeRasterSurface(t.ck, w, h));
    try {
      expect(compositor.prepare(scene, viewport.pxPerCm, t.images, never)).toBe(false);
      expect(compositor.prepare(edited, viewport.pxPerCm, t.images, () => true)).toBe(true);
      const afterEdit = shown(compositor, edited);
      expect(afterEdit.report.kind).toBe('blit');
      expectLikeDirect(afterEdit.pixels, edited);

      // Half prepared, same scene and zoom: the frame draws the backing whole instead.
      const fresh = new EditorCompositor(t.ck, cached, (w, h) => makeRasterSurface(t.ck, w, h));
      expect(fresh.prepare(scene, viewport.pxPerCm, t.images, never)).toBe(false);
      const unfinished = shown(fresh, scene);
      fresh.dispose();
      expect(unfinished.report.kind).toBe('full');
      expectLikeDirect(unfinished.pixels, scene);
    } finally {
      compositor.dispose();
    }
  });
});
