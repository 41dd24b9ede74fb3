import { describe, expect, it } from 'vitest';
import type { ProcessedPhoto, TileThumbnail } from '../../model/photos/photoTypes';
import { PhotoStore } from './PhotoStore';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function processed(name: string): ProcessedPhoto {
  return {
    web: new Blob([`web of ${name}`], { type: 'image/jpeg' }),
    webWidth: 1024,
    webHeight: 683,
    orgWidth: 6000,
    orgHeight: 4000,
    key: `1.6000.4000.${name}`,
    suggestedRotation: 0,
  };
}

/** A photo store whose photo worker makes thumbnails when told, recording the web images it was given. */
function setup() {
  const made: Array<{ web: string; signal?: AbortSignal; answer(fail?: boolean): void }> = [];
  const read: string[] = [];
  const store = new PhotoStore({
    processor: { process: async (file) => processed((file as File).name) },
    thumbnails: {
      tileThumbnail: (web, signal) =>
        new Promise<TileThumbnail>((resolve, reject) => {
          void web.text().then((text) =>
            made.push({
              web: text,
              signal,
              answer: (fail) =>
                fail
                  ? reject(new Error('worker failed'))
                  : resolve({ jpeg: new Blob([`tile of ${text}`]), width: 300, height: 200 }),
            }),
          );
        }),
    },
    readBlob: async (url) => {
      read.push(url);
      return new Blob([`read ${url}`]);
    },
    objectUrl: (blob) => `blob:${(blob as Blob).size}`,
    revokeObjectUrl: () => undefined,
    reportLoadError: () => undefined,
  });
  return { store, made, read };
}

describe('TileThumbnails', () => {
  it('makes one thumbnail per photo from the web JPEG the store keeps, however often a tile asks', async () => {
    const { store, made, read } = setup();
    const [photo] = store.addFiles([new File(['x'], 'a.jpg'), new File(['y'], 'b.jpg')]).added;
    await settle();
    const first = store.thumbnails.of(photo!);
    const again = store.thumbnails.of(photo!);
    await settle();
    expect(made.map((m) => m.web)).toEqual(['web of a.jpg']);
    expect(read).toEqual([]);
    expect(store.thumbnails.made(photo!)).toBeNull();
    made[0]!.answer();
    const thumbnail = await first;
    expect(await again).toBe(thumbnail);
    expect(await thumbnail.jpeg.text()).toBe('tile of web of a.jpg');
    // Kept encoded, and handed at once to a tile that comes back into view.
    expect(store.thumbnails.made(photo!)).toBe(thumbnail);
    expect(store.thumbnails.keptBytes).toBe(thumbnail.jpeg.size);
    expect(store.thumbnails.count).toBe(1);
  });

  it('reads the web image from its URL when the store has no copy of its own (a quote, a server photo)', async () => {
    const { store, made, read } = setup();
    const photo = store.addLoaded(
      'computer',
      'server.jpg',
      { src: '/api/photo/web/7', webWidth: 1024, webHeight: 683, orgWidth: 4000, orgHeight: 3000 },
      '7',
    );
    const thumbnail = store.thumbnails.of(photo);
    await settle();
    await settle();
    expect(read).toEqual(['/api/photo/web/7']);
    made[0]!.answer();
    expect(await (await thumbnail).jpeg.text()).toBe('tile of read /api/photo/web/7');
  });

  it('tries a failed thumbnail again on the next call instead of keeping the failure', async () => {
    const { store, made } = setup();
    const [photo] = store.addFiles([new File(['x'], 'a.jpg'), new File(['y'], 'b.jpg')]).added;
    await settle();
    const failing = store.thumbnails.of(photo!);
    await settle();
    made[0]!.answer(true);
    await expect(failing).rejects.toThrow('worker failed');
    expect(store.thumbnails.count).toBe(0);
    const retry = store.thumbnails.of(photo!);
    await settle();
    expect(made).toHaveLength(2);
    made[1]!.answer();
    expect((await retry).width).toBe(300);
  });

  it('refuses a photo without an image (loading or failed): there is nothing to make a tile of', async () => {
    const { store, made } = setup();
    const photo = store.addFromServer({
      serverId: '9',
      source: 'computer',
      name: 'later.jpg',
      orgWidth: 10,
      orgHeight: 10,
      webWidth: 10,
      webHeight: 10,
      key: 'k',
      suggestedRotation: 0,
    });
    await expect(store.thumbnails.of(photo)).rejects.toThrow(/no image/);
    expect(made).toEqual([]);
  });

  it('lets the thumbnail of a removed photo go, cancelling one still being made', async () => {
    const { store, made } = setup();
    const [a, b] = store.addFiles([new File(['x'], 'a.jpg'), new File(['y'], 'b.jpg')]).added;
    await settle();
    const madeA = store.thumbnails.of(a!);
    void store.thumbnails.of(b!).catch(() => undefined);
    await settle();
    made[0]!.answer();
    await madeA;
    expect(store.thumbnails.count).toBe(2);

    store.remove(b!);
    expect(made[1]!.signal?.aborted).toBe(true);
    store.remove(a!);
    expect(store.thumbnails.count).toBe(0);
    expect(store.thumbnails.keptBytes).toBe(0);
    expect(store.thumbnails.made(a!)).toBeNull();
  });
});
