import * as Comlink from 'comlink';
import { AbortError, crashGuard, WorkerCrashed, WorkerPool, type WorkerHandle } from './bridge';
import type { PhotoEffect } from './codec/photoCodec';
import type { EffectImage, EffectThumbnail } from './ops/effects';
import { isPhotoLoadFailure } from './ops/loadFailure';
import type { PhotoWorkerApi, WorkerStats } from './photoWorkerApi';
import type {
  PhotoProcessor,
  ProcessedPhoto,
  TileThumbnail,
  TileThumbnailMaker,
} from '../src/model/photos/photoTypes';

/** A started worker as the client needs it; the browser's is a module Worker, tests use a MessagePort. */
export interface SpawnedWorker {
  endpoint: Comlink.Endpoint;
  /** Called once when the worker dies or throws outside a call; its calls in flight are failed. */
  onCrash(listener: (error: Error) => void): void;
  terminate(): void;
}

export { WorkerCrashed };

export interface PhotoClientOptions {
  /** The spec's PNG setting (default off). */
  allowPng?: boolean;
  /** Workers at most; default hardware threads minus one, at least one. */
  size?: number;
  /** A worker idle this long is stopped to give its memory back (default 30 s). */
  idleMs?: number;
  /** Pause before a task whose worker died runs again on a fresh one (the spec's 500 ms). */
  retryMs?: number;
  spawn?: () => SpawnedWorker;
}

type Remote = Comlink.Remote<PhotoWorkerApi>;

/** The module worker as Vite builds it: the worker file and the codec's .wasm become assets. */
export function spawnPhotoWorker(): SpawnedWorker {
  const worker = new Worker(new URL('./photo.worker.ts', import.meta.url), {
    type: 'module',
    name: 'photo',
  });
  return {
    endpoint: worker,
    onCrash(listener) {
      worker.addEventListener('error', (event) =>
        listener(new WorkerCrashed(event.message || 'photo worker failed')),
      );
      worker.addEventListener('messageerror', () =>
        listener(new WorkerCrashed('photo worker message could not be read')),
      );
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * The PhotoProcessor of the PhotoStore, and the effect calls of the photo editor, on a pool of
 * photo workers. A call whose worker dies is retried once on a fresh worker after 500 ms; a photo
 * that cannot be loaded fails at once ('Could not load photo').
 */
export class PhotoWorkerClient implements PhotoProcessor, TileThumbnailMaker {
  private readonly pool: WorkerPool<Remote>;
  private readonly allowPng: boolean;
  private spawned = 0;

  constructor(options: PhotoClientOptions = {}) {
    const spawn = options.spawn ?? spawnPhotoWorker;
    this.allowPng = options.allowPng ?? false;
    this.pool = new WorkerPool<Remote>({
      create: () => this.handle(spawn()),
      size: options.size,
      idleMs: options.idleMs,
      retryMs: options.retryMs,
      isWorkerFailure: (error) => !isPhotoLoadFailure(error) && !(error instanceof AbortError),
    });
  }

  /** Workers started so far (a crash or idle shutdown makes the next call start another). */
  get workersStarted(): number {
    return this.spawned;
  }

  get workersRunning(): number {
    return this.pool.workerCount;
  }

  process(file: Blob, box: number, signal?: AbortSignal): Promise<ProcessedPhoto> {
    return this.pool.run((api) => api.process(file, box, { allowPng: this.allowPng }), signal);
  }

  /** The photo editor's six 100 px effect thumbnails of a web image. */
  effectThumbnails(web: Blob, signal?: AbortSignal): Promise<EffectThumbnail[]> {
    return this.pool.run((api) => api.effectThumbnails(web), signal);
  }

  /** The photo dialog's small JPEG of a web image (workers/ops/tileThumbnail.ts). */
  tileThumbnail(web: Blob, signal?: AbortSignal): Promise<TileThumbnail> {
    return this.pool.run((api) => api.tileThumbnail(web), signal);
  }

  /** A slot's web image with an effect, as pixels for the renderer (the buffer is transferred to this side). */
  applyEffect(
    web: Blob,
    effect: PhotoEffect,
    box: number,
    signal?: AbortSignal,
  ): Promise<EffectImage> {
    return this.pool.run((api) => api.applyEffect(web, effect, box), signal);
  }

  stats(): Promise<WorkerStats> {
    return this.pool.run((api) => api.stats());
  }

  close(): void {
    this.pool.close();
  }

  /** Wraps a worker so a crash fails its calls in flight (comlink alone would wait for ever). */
  private handle(spawned: SpawnedWorker): WorkerHandle<Remote> {
    this.spawned += 1;
    const remote = Comlink.wrap<PhotoWorkerApi>(spawned.endpoint);
    const guarded = crashGuard((listener) => spawned.onCrash(listener));
    const api = {
      process: guarded(remote.process),
      effectThumbnails: guarded(remote.effectThumbnails),
      applyEffect: guarded(remote.applyEffect),
      tileThumbnail: guarded(remote.tileThumbnail),
      stats: guarded(remote.stats),
    } as unknown as Remote;
    return { api, terminate: () => spawned.terminate() };
  }
}
