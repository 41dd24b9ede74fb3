/**
 * Golden images of every layer kind and option (tests/render/scenes.ts), rendered in Node with
 * the default CanvasKit build. UPDATE_GOLDENS=1 rewrites them; review the PNGs before committing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compare, matchGolden } from './golden';
import { renderNamed, testRenderer, type TestRenderer } from './nodeRender';
import { layerScenes } from './scenes';
import { artworkUrls, loadArtwork, STATIC_TEMPLATES, staticTemplateScene } from './staticTemplates';

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
        renderNamed(cached, named); // records
        const replayed = renderNamed(cached, named);
        expect(compare(replayed, renderNamed(t, named)).differing).toBe(0);
      }
    } finally {
      cached.dispose();
    }
  });

  it('leaves the frame out and the overlays off in print', () => {
    const scenes = layerScenes();
    const editor = renderNamed(t, scenes['canvas-editor']!);
    const print = renderNamed(t, scenes['canvas-print']!);
    // Top-left corner: the editor shows the blocked corner mark over the frame; print shows the background.
    const at = (p: typeof editor, x: number, y: number) => Array.from(p.data.slice((y * p.width + x) * 4, (y * p.width + x) * 4 + 3));
    expect(at(print, 5, 5)).toEqual([0xe9, 0xf1, 0xf7]);
    expect(at(editor, 5, 5)).not.toEqual([0xe9, 0xf1, 0xf7]);
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
