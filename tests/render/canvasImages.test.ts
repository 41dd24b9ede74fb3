/**
 * The editor canvas's image source asks the pixel loader for as much of a photo as a slot shows:
 * a first small level, a larger one when a slot draws it larger (never beyond the web image), a
 * sharper web image from the page when even that is too small; a new web image replaces the old.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanvasKit } from 'canvaskit-wasm';
import type { RgbaPixels } from '../../src/render/cache';
import type { PhotoEffect } from '../../src/render/scene';
import type { CanvasPixelLoader } from '../../src/services/canvasPixels';
import { CanvasImages, FIRST_LEVEL_PX } from '../../src/ui/canvas/canvasImages';
import { testRenderer, type TestRenderer } from './nodeRender';

let t: TestRenderer;
beforeAll(async () => {
  t = await testRenderer();
});
afterAll(() => t?.dispose());

function pixels(box: number): RgbaPixels {
  const width = box;
  const height = Math.round((box * 3) / 4);
  return { width, height, rgba: new Uint8Array(width * height * 4).fill(200) };
}

/** A loader that records what was asked and answers when told. */
function recordingLoader() {
  const asked: Array<{ src: string; effect: PhotoEffect; box: number; resolve(): void }> = [];
  const loader: CanvasPixelLoader = {
    photo: (src, effect, box) =>
      new Promise((resolve) =>
        asked.push({ src, effect, box, resolve: () => resolve(pixels(box)) }),
      ),
    artwork: () => Promise.reject(new Error('no artwork here')),
  };
  return { loader, asked };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function images(ck: CanvasKit, loader: CanvasPixelLoader) {
  const events = { loaded: 0, errors: [] as string[], more: [] as Array<[string, number]> };
  const source = new CanvasImages(
    ck,
    loader,
    () => (events.loaded += 1),
    (message) => events.errors.push(message),
    (key, px) => events.more.push([key, px]),
  );
  return { source, events };
}

describe('CanvasImages', () => {
  it('asks a first level, then what the slot needs up to the web size, then for a sharper web image', async () => {
    const { loader, asked } = recordingLoader();
    const { source, events } = images(t.ck, loader);
    source.setPhotos(new Map([['p1', { src: 'blob:one', width: 1024, height: 768 }]]));
    source.beginFrame();
    expect(source.photo('p1', 'none', 0)).toBeNull();
    expect(asked.map((a) => a.box)).toEqual([FIRST_LEVEL_PX]);
    // Asked once, however often a frame asks.
    source.photo('p1', 'none', 0);
    expect(asked).toHaveLength(1);
    asked[0]!.resolve();
    await flush();
    expect(events.loaded).toBe(1);
    source.beginFrame();
    expect(source.photo('p1', 'none', 0)?.width()).toBe(FIRST_LEVEL_PX);
    expect(source.drawnPhotos).toBe(1);

    // A slot 600 px wide wants the 1024 level (the web image's own size, never more).
    source.photo('p1', 'none', 600);
    expect(asked.map((a) => a.box)).toEqual([FIRST_LEVEL_PX, 1024]);
    expect(events.more).toEqual([]);
    asked[1]!.resolve();
    await flush();
    expect(source.photo('p1', 'none', 600)?.width()).toBe(1024);

    // Zoomed in beyond the web image: the page is told once, no larger level is asked.
    source.photo('p1', 'none', 1800);
    source.photo('p1', 'none', 1800);
    expect(events.more).toEqual([['p1', 1800]]);
    expect(asked).toHaveLength(2);
    source.dispose();
  });

  it('asks each effect on its own, and forgets a photo whose web image changed', async () => {
    const { loader, asked } = recordingLoader();
    const { source } = images(t.ck, loader);
    source.setPhotos(new Map([['p1', { src: 'blob:one', width: 800, height: 600 }]]));
    source.photo('p1', 'none', 0);
    source.photo('p1', 'sepia', 0);
    expect(asked.map((a) => [a.src, a.effect])).toEqual([
      ['blob:one', 'none'],
      ['blob:one', 'sepia'],
    ]);
    asked.forEach((a) => a.resolve());
    await flush();
    expect(source.photo('p1', 'sepia', 0)).not.toBeNull();

    source.setPhotos(new Map([['p1', { src: 'blob:sharper', width: 2048, height: 1536 }]]));
    expect(source.photo('p1', 'none', 0)).toBeNull();
    expect(asked.at(-1)!.src).toBe('blob:sharper');
    source.dispose();
  });

  it('asks no more than a small slot needs: a full collage holds small levels only', async () => {
    const { loader, asked } = recordingLoader();
    const { source } = images(t.ck, loader);
    source.setPhotos(new Map([['p1', { src: 'blob:one', width: 1024, height: 768 }]]));
    source.photo('p1', 'none', 0);
    asked[0]!.resolve();
    await flush();
    // A 50 px slot draws the first level as it is: nothing larger is decoded or kept.
    expect(source.photo('p1', 'none', 50)?.width()).toBe(FIRST_LEVEL_PX);
    expect(asked).toHaveLength(1);
    expect(source.decodedBytes).toBe(FIRST_LEVEL_PX * Math.round((FIRST_LEVEL_PX * 3) / 4) * 4);
    source.dispose();
  });

  it('lets the decoded photos go that no slot shows any more, and decodes one again when it comes back', async () => {
    const { loader, asked } = recordingLoader();
    const { source } = images(t.ck, loader);
    const one = { src: 'blob:one', width: 1024, height: 768 };
    const two = { src: 'blob:two', width: 1024, height: 768 };
    source.setPhotos(
      new Map([
        ['p1', one],
        ['p2', two],
      ]),
    );
    source.photo('p1', 'none', 0);
    source.photo('p2', 'none', 0);
    asked.forEach((a) => a.resolve());
    await flush();
    source.photo('p1', 'none', 600);
    asked[2]!.resolve();
    await flush();
    expect(source.photo('p1', 'none', 600)?.width()).toBe(1024);
    const both = source.decodedBytes;

    // p1's slot is emptied: its levels (64 and 1024 px) go, p2's stays.
    source.setPhotos(new Map([['p2', two]]));
    expect(source.decodedBytes).toBe(both - (1024 * 768 + 64 * 48) * 4);
    expect(source.photo('p2', 'none', 0)).not.toBeNull();
    // An answer still on its way for a photo that left is not kept.
    const three = { src: 'blob:three', width: 1024, height: 768 };
    source.setPhotos(
      new Map([
        ['p2', two],
        ['p3', three],
      ]),
    );
    source.photo('p3', 'none', 0);
    source.setPhotos(new Map([['p2', two]]));
    asked.at(-1)!.resolve();
    await flush();
    expect(source.decodedBytes).toBe(both - (1024 * 768 + 64 * 48) * 4);

    // Placed again (undo): decoded again from its web image.
    source.setPhotos(
      new Map([
        ['p1', one],
        ['p2', two],
      ]),
    );
    expect(source.photo('p1', 'none', 0)).toBeNull();
    expect(asked.at(-1)).toMatchObject({ src: 'blob:one', box: FIRST_LEVEL_PX });
    source.dispose();
  });

  it('reports a load that failed and keeps drawing the placeholder', async () => {
    const failing: CanvasPixelLoader = {
      photo: () => Promise.reject(new Error('corrupt')),
      artwork: () => Promise.reject(new Error('missing')),
    };
    const { source, events } = images(t.ck, failing);
    source.setPhotos(new Map([['p1', { src: 'blob:bad', width: 640, height: 480 }]]));
    expect(source.photo('p1', 'none', 0)).toBeNull();
    expect(source.artwork('overlays/a.png')).toBeNull();
    await flush();
    expect(events.errors).toHaveLength(2);
    expect(events.errors[0]).toContain('corrupt');
    expect(source.photo('p1', 'none', 0)).toBeNull();
    source.dispose();
  });
});
