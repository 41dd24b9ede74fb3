import { MessageChannel } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixture, loadCodec } from './codec/test/support';
import { blob, nodeJpegEncoder } from './ops/test/nodeJpegEncoder';
import { loadFailureCode } from './ops/loadFailure';
import type { JpegEncoder } from './ops/processFile';
import { createPhotoWorkerApi, type PhotoWorkerApi } from './photoWorkerApi';
import { PhotoWorkerClient, WorkerCrashed, type SpawnedWorker } from './photoClient';
import { MAX_FILE_BYTES } from '../src/model/photos/photoTypes';
import type { PhotoCodec } from './codec/photoCodec';

let codec: PhotoCodec;
let encodeJpeg: JpegEncoder;
beforeAll(async () => {
  codec = await loadCodec();
  encodeJpeg = await nodeJpegEncoder();
});

interface FakeWorker extends SpawnedWorker {
  api: PhotoWorkerApi;
  crash(): void;
  terminated: boolean;
}

/** A worker on the other end of a real MessagePort, with the real ops (only the thread is missing). */
function spawnInProcess(wrap?: (api: PhotoWorkerApi) => PhotoWorkerApi): FakeWorker {
  const { port1, port2 } = new MessageChannel();
  const api = createPhotoWorkerApi({
    loadCodec: async () => codec,
    encodeJpeg,
    maxBytes: MAX_FILE_BYTES,
  });
  Comlink.expose(wrap ? wrap(api) : api, nodeEndpoint(port1));
  let listener: ((error: Error) => void) | null = null;
  const fake: FakeWorker = {
    api,
    endpoint: nodeEndpoint(port2),
    onCrash: (l) => (listener = l),
    crash: () => {
      port1.close();
      listener?.(new WorkerCrashed('killed by the test'));
    },
    terminated: false,
    terminate: () => {
      fake.terminated = true;
      port1.close();
      port2.close();
    },
  };
  return fake;
}

let clients: PhotoWorkerClient[] = [];
function client(options: ConstructorParameters<typeof PhotoWorkerClient>[0]): PhotoWorkerClient {
  const made = new PhotoWorkerClient(options);
  clients.push(made);
  return made;
}
afterEach(() => {
  for (const made of clients) made.close();
  clients = [];
});

describe('PhotoWorkerClient', () => {
  it('processes a file in a worker into the PhotoStore shape', async () => {
    const photos = client({ size: 1, spawn: () => spawnInProcess() });
    const result = await photos.process(blob(fixture('orientation/Portrait_6.jpg')), 1024);
    expect(result).toMatchObject({
      webWidth: 683,
      webHeight: 1024,
      orgWidth: 1200,
      orgHeight: 1800,
      suggestedRotation: 90,
    });
    expect(result.web.size).toBeGreaterThan(1000);
    expect(result.key).toMatch(/^\d+\.1800\.1200\.[0-9a-f]{8}$/);
  });

  it('fails an unloadable photo at once with "Could not load photo", and the same worker serves the next file', async () => {
    const spawned: FakeWorker[] = [];
    const photos = client({
      size: 1,
      retryMs: 10,
      spawn: () => spawned[spawned.push(spawnInProcess()) - 1]!,
    });
    for (const path of [
      'libjpeg-turbo/testimgari.jpg',
      'libjpeg-turbo/monkey12.jpg',
      'reject/corrupted.jpg',
      'reject/iphone.heic',
    ]) {
      const failure = await photos
        .process(blob(fixture(path)), 1024)
        .catch((error: unknown) => error);
      expect(failure, path).toBeInstanceOf(Error);
      expect((failure as Error).message, path).toMatch(/^Could not load photo \(ERROR_/);
      expect(loadFailureCode(failure), path).not.toBeNull();
    }
    const next = await photos.process(blob(fixture('cameras/gps_DSCN0010.jpg')), 1024);
    expect([next.webWidth, next.webHeight]).toEqual([640, 480]);
    expect(spawned).toHaveLength(1);
  });

  it('retries on a fresh worker after the retry pause when its worker dies mid-call', async () => {
    const spawned: FakeWorker[] = [];
    let first = true;
    const spawn = () => {
      const fake = spawnInProcess((api) => ({
        ...api,
        process: (...args: Parameters<PhotoWorkerApi['process']>) => {
          if (first) {
            first = false;
            setTimeout(() => fake.crash(), 5);
            return new Promise<never>(() => {}); // the dying worker never answers
          }
          return api.process(...args);
        },
      }));
      spawned.push(fake);
      return fake;
    };
    const photos = client({ size: 1, retryMs: 50, spawn });
    const started = Date.now();
    const result = await photos.process(blob(fixture('cameras/Canon_40D.jpg')), 1024);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect([result.webWidth, result.webHeight]).toEqual([100, 68]);
    expect(spawned).toHaveLength(2);
    expect(spawned[0]!.terminated).toBe(true);
  });

  it('transfers the effect pixels instead of copying them', async () => {
    let sent: Uint8ClampedArray | null = null;
    const photos = client({
      size: 1,
      spawn: () =>
        spawnInProcess((api) => ({
          ...api,
          applyEffect: async (...args: Parameters<PhotoWorkerApi['applyEffect']>) => {
            const result = await api.applyEffect(...args);
            sent = result.rgba;
            return result;
          },
        })),
    });
    const web = (await photos.process(blob(fixture('cameras/gps_DSCN0010.jpg')), 1024)).web;
    const image = await photos.applyEffect(web, 'sepia', 1024);
    expect([image.width, image.height]).toEqual([640, 480]);
    expect(image.rgba.byteLength).toBe(640 * 480 * 4);
    expect(sent!.byteLength, 'the worker side lost its buffer: it was moved, not copied').toBe(0);
  });

  it('makes the six effect thumbnails through the pool', async () => {
    const photos = client({ size: 1, spawn: () => spawnInProcess() });
    const web = (await photos.process(blob(fixture('cameras/mobile_jolla.jpg')), 1024)).web;
    const thumbnails = await photos.effectThumbnails(web);
    expect(thumbnails.map((t) => [t.effect, Math.max(t.width, t.height)])).toEqual(
      ['none', 'sepia', 'sepiabrown', 'grey', 'faded', 'vintage'].map((effect) => [effect, 100]),
    );
  });

  it('stops idle workers and starts a new one for the next call', async () => {
    const spawned: FakeWorker[] = [];
    const photos = client({
      size: 1,
      idleMs: 20,
      spawn: () => spawned[spawned.push(spawnInProcess()) - 1]!,
    });
    await photos.process(blob(fixture('cameras/Canon_40D.jpg')), 1024);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(photos.workersRunning).toBe(0);
    expect(spawned[0]!.terminated).toBe(true);
    await photos.process(blob(fixture('cameras/Canon_40D.jpg')), 1024);
    expect(photos.workersStarted).toBe(2);
  });
});
