import { describe, expect, it, vi } from 'vitest';
import { PhotoLoadFailure } from '../../../workers/ops/loadFailure';
import { quietThumbnails } from '../../../tests/support/stores/quietServices';
import { PhotoStore, CMYK_PHOTO, FILE_TOO_BIG, PHOTO_LOAD_ERROR } from './PhotoStore';
import {
  MAX_FILE_BYTES,
  MAX_SELECTED_PHOTOS,
  type PhotoProcessor,
  type ProcessedPhoto,
} from '../../model/photos/photoTypes';

function file(name: string, size = 1000): File {
  // A sparse stand-in: only .size and .name matter to the store.
  const blob = new File([new Uint8Array(Math.min(size, 16))], name);
  Object.defineProperty(blob, 'size', { value: size });
  return blob;
}

function processed(box: number): ProcessedPhoto {
  const scale = Math.min(1, box / 4000);
  return {
    web: new Blob(['x']),
    webWidth: Math.round(4000 * scale),
    webHeight: Math.round(3000 * scale),
    orgWidth: 4000,
    orgHeight: 3000,
    key: '1000.4000.3000.abcdef12',
    suggestedRotation: 90,
  };
}

function setup(processor: PhotoProcessor = { process: async (_file, box) => processed(box) }) {
  const revoked: string[] = [];
  const errors: string[] = [];
  let n = 0;
  const store = new PhotoStore({
    processor,
    ...quietThumbnails,
    objectUrl: () => `blob:test/${++n}`,
    revokeObjectUrl: (url) => revoked.push(url),
    reportLoadError: (message) => errors.push(message),
  });
  return { store, revoked, errors };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('PhotoStore', () => {
  it('adds and selects exactly one file within the limit', async () => {
    const { store } = setup();
    const result = store.addFiles([file('a.jpg')]);
    expect(result.selected).toBe(result.added[0]);
    expect(result.added[0]!.tileLook).toBe(0);
    await settle();
    const photo = result.added[0]!;
    expect(photo.state).toBe('IMAGE');
    expect(photo.tileLook).toBe(2);
    // The worker's web image is upright: the suggestion is kept for the upload, not applied twice.
    expect([photo.webWidth, photo.webHeight, photo.suggestedRotation, photo.rotation]).toEqual([
      1024, 768, 90, 0,
    ]);
  });

  it('adds several files, or one over the size limit, without selecting', () => {
    const { store } = setup();
    expect(store.addFiles([file('a.jpg'), file('b.jpg')]).selected).toBeNull();
    const big = store.addFiles([file('big.jpg', MAX_FILE_BYTES + 1)]);
    expect(big.selected).toBeNull();
    expect(big.added[0]!.state).toBe('ERROR');
    expect(big.added[0]!.errorMessage).toBe(FILE_TOO_BIG);
    expect(store.photos).toHaveLength(3);
    expect(store.addFiles([file('exact.jpg', MAX_FILE_BYTES)]).selected).not.toBeNull();
  });

  it('adds up to 150 photos and counts the refused ones', () => {
    const { store } = setup();
    store.addFiles(Array.from({ length: 140 }, (_, i) => file(`${i}.jpg`)));
    const result = store.addFiles(Array.from({ length: 20 }, (_, i) => file(`more${i}.jpg`)));
    expect(result.added).toHaveLength(10);
    expect(result.refused).toBe(10);
    expect(store.photos).toHaveLength(MAX_SELECTED_PHOTOS);
    expect(store.isFull).toBe(true);
    const single = store.addFiles([file('one-more.jpg')]);
    expect(single.selected).toBeNull();
    expect(single.refused).toBe(1);
  });

  it('turns a failed read into the error look and reports it', async () => {
    const { store, errors } = setup({
      process: async () => Promise.reject(new Error('not a jpeg')),
    });
    const [photo] = store.addFiles([file('broken.jpg')]).added;
    await settle();
    expect(photo!.state).toBe('ERROR');
    expect(photo!.tileLook).toBe(1);
    expect(photo!.errorMessage).toBe(PHOTO_LOAD_ERROR);
    expect(errors).toEqual(['not a jpeg']);
  });

  it('keeps why a CMYK photo was refused, also after the failure crossed the worker boundary', async () => {
    const crossed = new Error(
      new PhotoLoadFailure('ERROR_CMYK_PHOTO', 'CMYK: CMYK or YCCK JPEG').message,
    );
    crossed.name = 'PhotoLoadFailure'; // comlink passes name and message only
    const { store } = setup({ process: async () => Promise.reject(crossed) });
    const [photo] = store.addFiles([file('print.jpg')]).added;
    await settle();
    expect([photo!.tileLook, photo!.errorMessage]).toEqual([1, CMYK_PHOTO]);
  });

  it('keeps the reason of a failed read for the tile and reports the same reason to analytics', async () => {
    const crossed = (failure: PhotoLoadFailure) =>
      Object.assign(new Error(failure.message), { name: 'PhotoLoadFailure' });
    const failures: Record<string, PhotoLoadFailure> = {
      'png.jpg': new PhotoLoadFailure('ERROR_NO_JPG_IMAGE', 'PNG is not allowed', 'png'),
      'leeg.jpg': new PhotoLoadFailure('ERROR_NO_JPG_IMAGE', 'the file is empty', 'empty'),
      'groot.jpg': new PhotoLoadFailure(
        'ERROR_IMAGE_COULD_NOT_BE_LOADED',
        '200 MP',
        'tooManyPixels',
      ),
    };
    const { store, errors } = setup({
      process: async (blob) => Promise.reject(crossed(failures[(blob as File).name]!)),
    });
    const added = store.addFiles([
      ...Object.keys(failures).map((name) => file(name)),
      file('te-groot.jpg', MAX_FILE_BYTES + 1),
    ]).added;
    await settle();
    expect(added.map((photo) => photo.loadFailure?.reason)).toEqual([
      'png',
      'empty',
      'tooManyPixels',
      'tooLarge',
    ]);
    expect(added[3]!.errorMessage).toBe(FILE_TOO_BIG);
    // The label of the analytics event (which the server logs) names the same reason.
    expect(errors.map((message) => /\[(\w+)\]$/.exec(message)?.[1]).sort()).toEqual([
      'empty',
      'png',
      'tooLarge',
      'tooManyPixels',
    ]);
    expect(errors.find((message) => message.includes('ERROR_FILE_TO_BIG'))).toContain(
      '26214401 bytes',
    );
  });

  it('reloads a scaled-down photo with a local file at a higher resolution and frees the old URL', async () => {
    const process = vi.fn(async (_file: Blob, box: number) => processed(box));
    const { store, revoked } = setup({ process });
    const [photo] = store.addFiles([file('a.jpg')]).added;
    await settle();
    await store.load(photo!, 512);
    expect(photo!.webWidth).toBe(512);
    expect(photo!.needsHigherResolutionFor(1024)).toBe(true);
    expect(photo!.needsHigherResolutionFor(512)).toBe(false);
    await store.ensureResolution(photo!, 1024);
    expect(photo!.webWidth).toBe(1024);
    expect(process).toHaveBeenCalledTimes(3);
    expect(revoked).toEqual(['blob:test/1', 'blob:test/2']);
  });

  it('a sharper copy for the screen never replaces the web version the upload and the draft send', async () => {
    const { store } = setup({
      process: async (_file, box) => ({ ...processed(box), web: new Blob([`at ${box}`]) }),
    });
    const [photo] = store.addFiles([file('portrait.jpg')]).added;
    await settle();
    await store.ensureResolution(photo!, 2048);
    // The screen shows the sharper copy …
    expect([photo!.webWidth, photo!.webHeight]).toEqual([2048, 1536]);
    // … the web version stays the one within the computer photo's 1024 px box.
    const web = store.webVersion(photo!)!;
    expect([web.width, web.height]).toEqual([1024, 768]);
    expect(await web.blob.text()).toBe('at 1024');
  });

  it('never reloads photos without a local file', () => {
    const { store } = setup();
    const photo = store.addLoaded(
      'computer',
      'server.jpg',
      { src: '/api/photo/1/web', webWidth: 512, webHeight: 384, orgWidth: 4000, orgHeight: 3000 },
      '1',
    );
    expect(photo.onServer).toBe(true);
    expect(photo.needsHigherResolutionFor(1024)).toBe(false);
  });

  it('rotates in steps modulo 360', () => {
    const { store } = setup();
    const photo = store.addLoaded(
      'other',
      'q.jpg',
      { src: 'x', webWidth: 1, webHeight: 1, orgWidth: 1, orgHeight: 1 },
      null,
    );
    photo.rotate(90);
    photo.rotate(270);
    expect(photo.rotation).toBe(0);
    photo.rotate(-90);
    expect(photo.rotation).toBe(270);
  });

  it('counts usage and flags duplicates', () => {
    const { store } = setup();
    const [a, b] = store.addFiles([file('a.jpg'), file('b.jpg')]).added;
    store.updateUsage([a!.localId, a!.localId, b!.localId]);
    expect([a!.usedCount, a!.isDuplicate, b!.usedCount, b!.isDuplicate]).toEqual([
      2,
      true,
      1,
      false,
    ]);
  });

  it('removal cancels loading and frees the object URL', async () => {
    let release: (value: ProcessedPhoto) => void = () => {};
    const { store } = setup({
      process: (_f, _b, signal) =>
        new Promise((resolve) => {
          release = resolve;
          expect(signal).toBeDefined();
        }),
    });
    const [photo] = store.addFiles([file('a.jpg')]).added;
    store.remove(photo!);
    release(processed(1024));
    await settle();
    expect(store.photos).toHaveLength(0);
    expect(photo!.state).toBe('LOADING');
  });
});
