/**
 * A sprite's opaque core is copied, not blended (src/render/sprites.ts): the pixels must be the
 * very bytes blending gives, for upright and tilted photo slots with borders and shadows. (A core
 * one pixel too wide fails it: 2411 pixels.)
 */
import type { SkPicture } from 'canvaskit-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRasterSurface } from '../../src/render/canvaskit';
import { LayerSprites } from '../../src/render/sprites';
import { benchScene } from './benchScene';
import { compare, readSurface } from './golden';
import { testRenderer, type TestRenderer } from './nodeRender';

let t: TestRenderer;
beforeAll(async () => {
  t = await testRenderer();
});
afterAll(() => t?.dispose());

describe('LayerSprites', () => {
  it('copies only opaque pixels inside the copy area: the same bytes as blending every sprite', () => {
    const { ck } = t;
    const pxPerCm = 5.37;
    const scene = benchScene();
    const width = Math.ceil(scene.layout.widthCm * pxPerCm);
    const height = Math.ceil(scene.layout.heightCm * pxPerCm);
    // Opaque on the left 60 % only, see-through beyond, at a scale that puts sprites on fractional pixels.
    const copyArea = { x: 0, y: 0, width: Math.floor(width * 0.6), height };
    const drawings = t.renderer
      .layerDrawings(scene, pxPerCm, t.images)
      .filter((d) => d.sprite && d.bounds);
    expect(drawings.length).toBe(150);
    const pictures: SkPicture[] = drawings.map((drawing) => {
      const recorder = new ck.PictureRecorder();
      const b = drawing.bounds!;
      drawing.draw(recorder.beginRecording(ck.XYWHRect(b.x, b.y, b.width, b.height), false));
      const picture = recorder.finishRecordingAsPicture();
      recorder.delete();
      return picture;
    });
    const copying = new LayerSprites(ck);
    const blending = new LayerSprites(ck);
    const surfaces = [makeRasterSurface(ck, width, height), makeRasterSurface(ck, width, height)];
    try {
      surfaces.forEach((surface, which) => {
        const canvas = surface.getCanvas();
        canvas.clear(ck.TRANSPARENT);
        const paint = new ck.Paint();
        paint.setColor(ck.Color(20, 60, 90, 1));
        canvas.drawRect(
          ck.XYWHRect(copyArea.x, copyArea.y, copyArea.width, copyArea.height),
          paint,
        );
        paint.delete();
        const sprites = which === 0 ? copying : blending;
        drawings.forEach((drawing, index) => {
          // The first sight of a signature is drawn by the caller; the second makes the sprite.
          sprites.draw(
            canvas,
            index,
            drawing.signature,
            drawing.bounds!,
            pictures[index]!,
            which === 0 ? copyArea : undefined,
          );
          expect(
            sprites.draw(
              canvas,
              index,
              drawing.signature,
              drawing.bounds!,
              pictures[index]!,
              which === 0 ? copyArea : undefined,
            ),
          ).toBe(true);
        });
      });
      const difference = compare(
        readSurface(ck, surfaces[0]!.surface),
        readSurface(ck, surfaces[1]!.surface),
        0,
      );
      expect(difference.differing).toBe(0);
      expect(copying.copiedPixels).toBeGreaterThan(0.5 * copyArea.width * copyArea.height * 0.6);
    } finally {
      for (const surface of surfaces) surface.delete();
      for (const picture of pictures) picture.delete();
      copying.dispose();
      blending.dispose();
    }
  });
});
