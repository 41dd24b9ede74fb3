import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptySlotData } from '../model/layout/slotData';
import type { SlotData } from '../model/layout/slotTypes';
import type { Layout } from '../model/layout/types';
import type { RgbaPixels } from '../render/cache';
import type { PhotoEffect } from '../render/scene';
import type { ScreenshotCollage, ScreenshotPhotoSource } from './screenshotTypes';
import type { ScreenshotRequest, ScreenshotResult } from '../../workers/screenshot.worker';
import { SCREENSHOT_DEBOUNCE_MS, ScreenshotService } from './screenshotService';

const LEAF = 'templates/x/leaf.png';

/** 50 x 50 cm: at 500 px that is 10 px a cm. img1 500 x 250 px, img2 250 x 250 px, an overlay. */
const LAYOUT: Layout = {
  widthCm: 50,
  heightCm: 50,
  backgroundColor: '#ffffff',
  isFlat: false,
  material: '',
  marginCm: 0,
  layers: [
    { kind: 'photo', slot: 'img1', x: 0, y: 0, width: 50, height: 25, rotation: 0 },
    { kind: 'photo', slot: 'img2', x: 0, y: 25, width: 25, height: 25, rotation: 0 },
    { kind: 'overlay', url: LEAF, x: 30, y: 30, width: 10, height: 10, rotation: 0 },
  ],
};

function slots(
  img1: { id: string; effect?: PhotoEffect } | null,
  img2: { id: string; effect?: PhotoEffect } | null,
): SlotData {
  const data = emptySlotData();
  const photo = (filled: { id: string; effect?: PhotoEffect } | null) => ({
    id: filled?.id ?? '',
    zoom: 1,
    focusX: 0.5,
    focusY: 0.5,
    rotation: 0,
    effect: filled?.effect ?? 'none',
    dpi: filled ? 150 : -1,
  });
  return { ...data, photos: { img1: photo(img1), img2: photo(img2) } };
}

const p1: ScreenshotPhotoSource = {
  id: 'p1',
  state: 'IMAGE',
  src: 'blob:one',
  width: 1000,
  height: 500,
};
const p2: ScreenshotPhotoSource = {
  id: 'p2',
  state: 'IMAGE',
  src: 'blob:two',
  width: 800,
  height: 800,
};

function collage(overrides: Partial<ScreenshotCollage> = {}): ScreenshotCollage {
  return {
    layout: LAYOUT,
    slots: slots({ id: 'p1' }, null),
    backgroundColor: '#ffffff',
    photos: [p1],
    ...overrides,
  };
}

interface Call {
  request: ScreenshotRequest;
  signal: AbortSignal;
  resolve(base64: string): void;
  reject(error: Error): void;
}

function pixels(width: number, height: number, fill: number): RgbaPixels {
  return { width, height, rgba: new Uint8Array(width * height * 4).fill(fill) };
}

function setup() {
  const calls: Call[] = [];
  const decodes: Array<{ src: string; effect: PhotoEffect; box: number }> = [];
  const decoded: RgbaPixels[] = [];
  const artwork: string[] = [];
  const errors: string[] = [];
  let failDecode = false;
  const service = new ScreenshotService({
    screenshot: (request, signal) =>
      new Promise<ScreenshotResult>((resolve, reject) => {
        calls.push({
          request,
          signal,
          resolve: (base64) => resolve({ base64, bytes: base64.length, drawMs: 1, encodeMs: 1 }),
          reject,
        });
      }),
    pixels: {
      photo: async (src, effect, box) => {
        decodes.push({ src, effect, box });
        if (failDecode) throw new Error('ERROR_IMAGE_COULD_NOT_BE_LOADED');
        const result = pixels(Math.min(box, 4), 2, decodes.length);
        decoded.push(result);
        return result;
      },
      artwork: async (url, box) => {
        artwork.push(`${url}@${box}`);
        return pixels(2, 2, 9);
      },
    },
    reportError: (message) => errors.push(message),
  });
  return {
    service,
    calls,
    decodes,
    decoded,
    artwork,
    errors,
    failDecodes: (fail: boolean) => (failDecode = fail),
  };
}

/** Past the quiet period, with the decodes (promises) settled. */
const quiet = () => vi.advanceTimersByTimeAsync(SCREENSHOT_DEBOUNCE_MS);

describe('ScreenshotService', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('draws once after the quiet period, the print scene of the last change; answers it once drawn', async () => {
    const { service, calls } = setup();
    service.collageChanged(collage());
    await vi.advanceTimersByTimeAsync(SCREENSHOT_DEBOUNCE_MS - 100);
    service.collageChanged(collage({ backgroundColor: '#dcddde' }));
    await vi.advanceTimersByTimeAsync(SCREENSHOT_DEBOUNCE_MS - 1);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    const { scene } = calls[0]!.request;
    expect(scene.purpose).toBe('print');
    expect(scene.backgroundColor).toBe('#dcddde');
    expect(Object.keys(scene.photos)).toEqual(['img1']);
    expect(service.screenshot()).toBeNull();
    calls[0]!.resolve('/9j/ONE');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.screenshot()).toBe('/9j/ONE');
    expect(service.runs).toHaveLength(1);
    expect(service.runs[0]!.photos).toBe(1);
  });

  it('a change makes the picture under way stale: aborted, its answer ignored, the newer one answers', async () => {
    const { service, calls } = setup();
    service.collageChanged(collage());
    await quiet();
    expect(calls).toHaveLength(1);
    service.collageChanged(collage({ slots: slots({ id: 'p1' }, { id: 'p1' }) }));
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('/9j/OLD');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.screenshot()).toBeNull();
    await quiet();
    expect(calls).toHaveLength(2);
    expect(Object.keys(calls[1]!.request.scene.photos)).toEqual(['img1', 'img2']);
    calls[1]!.resolve('/9j/NEW');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.screenshot()).toBe('/9j/NEW');
  });

  it('an older answer arriving after the newer one does not replace it', async () => {
    const { service, calls } = setup();
    service.collageChanged(collage());
    await quiet();
    service.collageChanged(collage({ backgroundColor: '#000000' }));
    await quiet();
    calls[1]!.resolve('/9j/NEW');
    await vi.advanceTimersByTimeAsync(0);
    calls[0]!.resolve('/9j/OLD');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.screenshot()).toBe('/9j/NEW');
    expect(service.runs).toHaveLength(1);
  });

  it('a picture that was current goes stale with the next change, until that one is drawn', async () => {
    const { service, calls } = setup();
    service.collageChanged(collage());
    await quiet();
    calls[0]!.resolve('/9j/ONE');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.screenshot()).toBe('/9j/ONE');
    service.collageChanged(collage({ backgroundColor: '#000000' }));
    expect(service.screenshot()).toBeNull();
  });

  it('a save asking during the quiet period has the picture started at once, and only once', async () => {
    const { service, calls } = setup();
    service.collageChanged(collage());
    expect(service.screenshot()).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    expect(service.screenshot()).toBeNull();
    await quiet();
    expect(calls).toHaveLength(1);
  });

  it('the same collage again (same layout, slots, background and photo images) is no change', async () => {
    const { service, calls } = setup();
    const first = collage();
    service.collageChanged(first);
    await quiet();
    calls[0]!.resolve('/9j/ONE');
    await vi.advanceTimersByTimeAsync(0);
    service.collageChanged({ ...first, photos: [{ ...p1 }] });
    expect(service.screenshot()).toBe('/9j/ONE');
    await quiet();
    expect(calls).toHaveLength(1);
    // A new image of the same photo (reloaded at a higher resolution) is a change.
    service.collageChanged({ ...first, photos: [{ ...p1, src: 'blob:one-larger' }] });
    expect(service.screenshot()).toBeNull();
    await quiet();
    expect(calls).toHaveLength(2);
  });

  it('waits while a used photo is loading, and draws when it has loaded', async () => {
    const { service, calls } = setup();
    service.collageChanged(collage({ photos: [{ ...p1, state: 'LOADING', src: '' }] }));
    await quiet();
    expect(service.screenshot()).toBeNull();
    await quiet();
    expect(calls).toHaveLength(0);
    service.collageChanged(collage());
    await quiet();
    expect(calls).toHaveLength(1);
  });

  it('decodes each photo once per image, effect and level, at the size its slot shows it, and sends the worker copies', async () => {
    const { service, calls, decodes, decoded, artwork } = setup();
    const both = collage({
      slots: slots({ id: 'p1' }, { id: 'p2', effect: 'sepia' }),
      photos: [p1, p2],
    });
    service.collageChanged(both);
    await quiet();
    // img1 shows p1 at 500 x 250 px; img2 shows p2 at 250 x 250, decoded at the 256 level.
    expect(decodes).toEqual([
      { src: 'blob:one', effect: 'none', box: 500 },
      { src: 'blob:two', effect: 'sepia', box: 256 },
    ]);
    expect(artwork).toEqual([`${LEAF}@500`]);
    const sent = calls[0]!.request;
    expect(sent.photos.map((photo) => [photo.key, photo.effect])).toEqual([
      ['p1', 'none'],
      ['p2', 'sepia'],
    ]);
    expect(sent.photos[0]!.pixels.rgba).not.toBe(decoded[0]!.rgba);
    expect(Array.from(sent.photos[0]!.pixels.rgba)).toEqual(Array.from(decoded[0]!.rgba));
    expect(Object.keys(sent.artwork ?? {})).toEqual([LEAF]);
    calls[0]!.resolve('/9j/ONE');
    await vi.advanceTimersByTimeAsync(0);

    // Another background: nothing decoded again.
    service.collageChanged({ ...both, backgroundColor: '#dcddde' });
    await quiet();
    expect(calls).toHaveLength(2);
    expect(decodes).toHaveLength(2);
    expect(artwork).toHaveLength(1);
    // Another effect on p2 is other pixels.
    service.collageChanged({ ...both, slots: slots({ id: 'p1' }, { id: 'p2', effect: 'grey' }) });
    await quiet();
    expect(decodes.slice(2)).toEqual([{ src: 'blob:two', effect: 'grey', box: 256 }]);
    // A new image of p1 (reloaded at a higher resolution) is decoded again.
    service.collageChanged({
      ...both,
      slots: slots({ id: 'p1' }, { id: 'p2', effect: 'grey' }),
      photos: [{ ...p1, src: 'blob:one-larger' }, p2],
    });
    await quiet();
    expect(decodes.slice(3)).toEqual([{ src: 'blob:one-larger', effect: 'none', box: 500 }]);
  });

  it('lets go of the pixels of photos the drawn picture no longer shows', async () => {
    const { service, calls, decodes } = setup();
    const both = collage({ slots: slots({ id: 'p1' }, { id: 'p2' }), photos: [p1, p2] });
    service.collageChanged(both);
    await quiet();
    calls[0]!.resolve('/9j/ONE');
    await vi.advanceTimersByTimeAsync(0);
    service.collageChanged(collage());
    await quiet();
    calls[1]!.resolve('/9j/TWO');
    await vi.advanceTimersByTimeAsync(0);
    expect(decodes).toHaveLength(2);
    service.collageChanged(both);
    await quiet();
    expect(decodes.map((decode) => decode.src)).toEqual(['blob:one', 'blob:two', 'blob:two']);
  });

  it('a failed picture is reported, not thrown; the next change draws again', async () => {
    const { service, calls, errors } = setup();
    service.collageChanged(collage());
    await quiet();
    calls[0]!.reject(new Error('CanvasKit could not load'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual(['Screenshot failed: CanvasKit could not load']);
    expect(service.screenshot()).toBeNull();
    service.collageChanged(collage({ backgroundColor: '#000000' }));
    await quiet();
    calls[1]!.resolve('/9j/TWO');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.screenshot()).toBe('/9j/TWO');
  });

  it('a stale picture that fails is not reported', async () => {
    const { service, calls, errors } = setup();
    service.collageChanged(collage());
    await quiet();
    service.collageChanged(collage({ backgroundColor: '#000000' }));
    calls[0]!.reject(new Error('Aborted'));
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toEqual([]);
  });

  it('a photo that cannot be decoded is left out of the picture (its slot shows the photo background), reported once', async () => {
    const { service, calls, errors, failDecodes } = setup();
    failDecodes(true);
    service.collageChanged(collage());
    await quiet();
    expect(calls[0]!.request.photos).toEqual([]);
    expect(calls[0]!.request.scene.photos.img1!.imageKey).toBe('p1');
    calls[0]!.resolve('/9j/ONE');
    await vi.advanceTimersByTimeAsync(0);
    expect(service.screenshot()).toBe('/9j/ONE');
    service.collageChanged(collage({ backgroundColor: '#000000' }));
    await quiet();
    expect(errors).toEqual([
      'Screenshot photo p1 could not be decoded: ERROR_IMAGE_COULD_NOT_BE_LOADED',
    ]);
    // Tried again on the next change, and drawn once it decodes.
    failDecodes(false);
    service.collageChanged(collage({ backgroundColor: '#ffffff' }));
    await quiet();
    expect(calls.at(-1)!.request.photos.map((photo) => photo.key)).toEqual(['p1']);
  });

  it('no collage (no design, no layout yet) has no picture; dispose stops what is pending', async () => {
    const { service, calls } = setup();
    service.collageChanged(null);
    await quiet();
    expect(service.screenshot()).toBeNull();
    service.collageChanged(collage());
    service.dispose();
    await quiet();
    expect(calls).toHaveLength(0);
  });
});
