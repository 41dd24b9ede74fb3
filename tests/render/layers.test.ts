/**
 * Golden images of every layer kind and option (tests/render/scenes.ts), rendered in Node with
 * the default CanvasKit build. UPDATE_GOLDENS=1 rewrites them; review the PNGs before committing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, matchGolden } from './golden';
import { renderNamed, testRenderer, type TestRenderer } from './nodeRender';
import { layerScenes } from './scenes';
import { artworkUrls } from '../../src/model/layout/artwork';
import { loadArtwork, STATIC_TEMPLATES, staticTemplateScene } from './staticTemplates';

let t: TestRenderer;
beforeAll(async () => {
  t = await testRenderer();
});
afterAll(() => t?.dispose());

describe('layer goldens', () => {
  for (const [name, named] of Object.entries(layerScenes())) {
    it(`draws ${name} as its golden image`, () => {
      matchGolden(t.ck, name, renderNamed(t, named));
    });
  }

  it('draws the same pixels twice (no state leaks from one frame into the next)', () => {
    const named = layerScenes().photos!;
    const first = renderNamed(t, named);
    const second = renderNamed(t, named);
    expect(compare(first, second).differing).toBe(0);
  });

  it('replays cached pictures to the same pixels as drawing straight', async () => {
    const cached = await testRenderer({ cachePictures: true });
    try {
      for (const named of Object.values(layerScenes())) {
        const replayed = renderNamed(cached, named); // records; photo slots are seen once, no sprites yet
        expect(compare(replayed, renderNamed(t, named)).differing).toBe(0);
      }
    } finally {
      cached.dispose();
    }
  });

  it('blits photo slots and artwork as sprites on a second unchanged draw, as a golden image would accept', async () => {
    const cached = await testRenderer({ cachePictures: true });
    try {
      for (const [name, named] of Object.entries(layerScenes())) {
        renderNamed(cached, named);
        const withSprites = renderNamed(cached, named);
        // A sprite is the layer composited on transparent first, then over the sheet: premultiplied
        // rounding moves half-covered pixels (shadows) a level or two, and a clip path's
        // anti-aliased edge is covered a little differently without the sheet's clip around it.
        const difference = compare(withSprites, renderNamed(t, named));
        expect(difference.over, name).toBeLessThanOrEqual(difference.total * 0.001);
        expect(difference.mean, name).toBeLessThan(0.5);
      }
      expect(cached.renderer.spriteBytes).toBeGreaterThan(0);
    } finally {
      cached.dispose();
    }
  });

  it('leaves the frame out and the overlays off in print', () => {
    const scenes = layerScenes();
    const editor = renderNamed(t, scenes['canvas-editor']!);
    const print = renderNamed(t, scenes['canvas-print']!);
    // Top-left corner: the editor shows the blocked corner mark over the frame; print shows the background.
    const at = (p: typeof editor, x: number, y: number) =>
      Array.from(p.data.slice((y * p.width + x) * 4, (y * p.width + x) * 4 + 3));
    expect(at(print, 5, 5)).toEqual([0xe9, 0xf1, 0xf7]);
    expect(at(editor, 5, 5)).not.toEqual([0xe9, 0xf1, 0xf7]);
  });

  it('draws an empty slot plain in print: the fill without the editor camera icon', () => {
    const scenes = layerScenes();
    const named = scenes['canvas-print']!;
    const slot = named.scene.layout.layers.find(
      (layer) => layer.kind === 'photo' && layer.slot === 'img4',
    )!;
    expect(named.scene.photos.img4).toBeUndefined();
    const print = renderNamed(t, named);
    const editor = renderNamed(t, scenes['canvas-editor']!);
    const fill = [0xe3, 0xe4, 0xe5];
    const at = (p: typeof print, x: number, y: number) =>
      Array.from(p.data.slice((y * p.width + x) * 4, (y * p.width + x) * 4 + 3));
    const px = named.pxPerCm;
    const colours = new Set<string>();
    // The whole slot but its anti-aliased edge.
    for (
      let y = Math.ceil(slot.y * px) + 1;
      y < Math.floor((slot.y + slot.height) * px) - 1;
      y += 1
    ) {
      for (
        let x = Math.ceil(slot.x * px) + 1;
        x < Math.floor((slot.x + slot.width) * px) - 1;
        x += 1
      )
        colours.add(at(print, x, y).join());
    }
    expect([...colours]).toEqual([fill.join()]);
    // The editor shows the icon in the middle of the same slot.
    const centre = [
      Math.round((slot.x + slot.width / 2) * px),
      Math.round((slot.y + slot.height / 2) * px),
    ] as const;
    expect(at(editor, ...centre)).not.toEqual(at(print, ...centre));
  });
});

describe('static template goldens', () => {
  for (const source of STATIC_TEMPLATES) {
    it(`draws ${source} as its golden image`, () => {
      const named = staticTemplateScene(source);
      loadArtwork(t.ck, t.images, artworkUrls(named.scene.layout));
      expect(artworkUrls(named.scene.layout).length).toBeGreaterThan(0);
      matchGolden(t.ck, `static-${source.split('/')[1]}`, renderNamed(t, named));
    });
  }
});
