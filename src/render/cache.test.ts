import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CanvasKit, Image } from 'canvaskit-wasm';
import { ImageCache } from './cache';
import { LayerPictures, objectId } from './layerPictures';
import { loadCanvasKit, makeRasterSurface } from './canvaskit';

let ck: CanvasKit;
beforeAll(async () => {
  ck = await loadCanvasKit();
});

function image(width: number, height: number): Image {
  const raster = makeRasterSurface(ck, width, height);
  try {
    raster.getCanvas().clear(ck.RED);
    return raster.surface.makeImageSnapshot();
  } finally {
    raster.delete();
  }
}

describe('ImageCache', () => {
  const caches: ImageCache[] = [];
  afterAll(() => caches.forEach((cache) => cache.dispose()));

  it('gives the smallest level of detail that is large enough, else the largest and asks for more once', () => {
    const missing: Array<[string, number]> = [];
    const cache = new ImageCache(ck, {
      deriveLevels: false,
      onMissing: (key, _effect, px) => missing.push([key, px]),
    });
    caches.push(cache);
    cache.putPhoto('a', 'none', image(128, 96));
    cache.putPhoto('a', 'none', image(512, 384));
    cache.putPhoto('a', 'none', image(1024, 768));
    expect(cache.photo('a', 'none', 100)!.width()).toBe(128);
    expect(cache.photo('a', 'none', 129)!.width()).toBe(512);
    expect(cache.photo('a', 'none', 600)!.width()).toBe(1024);
    expect(missing).toEqual([]);
    expect(cache.photo('a', 'none', 3000)!.width()).toBe(1024);
    expect(cache.photo('a', 'none', 3100)!.width()).toBe(1024);
    expect(missing).toEqual([['a', 3000]]);
    expect(cache.photo('a', 'sepia', 10)).toBeNull();
    expect(missing).toEqual([
      ['a', 3000],
      ['a', 10],
    ]);
  });

  it('derives power-of-two levels from a larger one, so draws sample near 1:1, and drops them for a new photo', () => {
    const cache = new ImageCache(ck);
    caches.push(cache);
    cache.putPhoto('a', 'none', image(1024, 768));
    expect(cache.photo('a', 'none', 600)!.width()).toBe(1024);
    const small = cache.photo('a', 'none', 129)!;
    expect([small.width(), small.height()]).toEqual([256, 192]);
    expect(cache.photo('a', 'none', 200)).toBe(small);
    expect(cache.photo('a', 'none', 10)!.width()).toBe(32);
    expect(cache.byteSize).toBe((1024 * 768 + 256 * 192 + 32 * 24) * 4);
    cache.putPhoto('a', 'none', image(2048, 1536));
    expect(cache.byteSize).toBe((1024 * 768 + 2048 * 1536) * 4);
  });

  it('stays within its byte budget, dropping the least recently used first', () => {
    const cache = new ImageCache(ck, { maxBytes: 3 * 100 * 100 * 4 });
    caches.push(cache);
    cache.putPhoto('a', 'none', image(100, 100));
    cache.putPhoto('b', 'none', image(100, 100));
    cache.putArtwork('art', image(100, 100));
    cache.photo('a', 'none', 1); // a is now more recent than b
    cache.putPhoto('c', 'none', image(100, 100));
    expect(cache.byteSize).toBeLessThanOrEqual(3 * 100 * 100 * 4);
    expect(cache.photo('b', 'none', 1)).toBeNull();
    expect(cache.photo('a', 'none', 1)).not.toBeNull();
    expect(cache.artwork('art')).not.toBeNull();
  });

  it('forgets every level and effect of a deleted photo', () => {
    const cache = new ImageCache(ck);
    caches.push(cache);
    cache.putPhoto('a', 'none', image(10, 10));
    cache.putPhoto('a', 'grey', image(10, 10));
    cache.putPhoto('ab', 'none', image(10, 10));
    cache.deletePhoto('a');
    expect(cache.photo('a', 'none', 1)).toBeNull();
    expect(cache.photo('a', 'grey', 1)).toBeNull();
    expect(cache.photo('ab', 'none', 1)).not.toBeNull();
    expect(cache.byteSize).toBe(10 * 10 * 4);
  });
});

describe('LayerPictures', () => {
  it('records once per signature and re-records when it changes', () => {
    const pictures = new LayerPictures();
    let recorded = 0;
    const record = () => {
      recorded += 1;
      const recorder = new ck.PictureRecorder();
      recorder.beginRecording(ck.XYWHRect(0, 0, 10, 10));
      const picture = recorder.finishRecordingAsPicture();
      recorder.delete();
      return picture;
    };
    const first = pictures.get(0, 'v1', record);
    expect(pictures.get(0, 'v1', record)).toBe(first);
    pictures.get(0, 'v2', record);
    pictures.get(1, 'v1', record);
    expect(recorded).toBe(3);
    pictures.trim(1);
    expect(pictures.size).toBe(1);
    pictures.dispose();
    expect(pictures.size).toBe(0);
  });

  it('names the same object with the same id', () => {
    const a = {};
    expect(objectId(a)).toBe(objectId(a));
    expect(objectId(a)).not.toBe(objectId({}));
    expect(objectId(null)).toBe(0);
  });
});
