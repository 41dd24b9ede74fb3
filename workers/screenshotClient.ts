/**
 * The page's side of the screenshot worker: one worker behind the shared bridge (queue, abort,
 * idle shutdown, one retry on a fresh worker if it dies; a crash fails the call in flight rather
 * than leaving it, and every later save, waiting). Photo pixels are transferred, not copied.
 * Each new worker is handed the page's compiled CanvasKit and font bytes (`parts`) before its first
 * screenshot, so it compiles and fetches nothing of its own.
 */
import * as Comlink from 'comlink';
import { crashGuard, WorkerCrashed, WorkerPool } from './bridge';
import type { RendererParts } from '../src/render/browserRenderer';
import type { ScreenshotRequest, ScreenshotResult, ScreenshotWorkerApi } from './screenshot.worker';

export interface ScreenshotClient {
  /** The 500x500 JPEG (quality 50) as base64. The request's pixel buffers are transferred to the worker. */
  screenshot(request: ScreenshotRequest, signal?: AbortSignal): Promise<ScreenshotResult>;
  /** Whether the worker compiled CanvasKit itself (false: it used the page's module). */
  compiledInWorker(): Promise<boolean>;
  dispose(): void;
}

export interface ScreenshotClientOptions {
  idleMs?: number;
  /** The page's compiled canvaskit.wasm and font bytes (browserRenderer's rendererParts). */
  parts?: () => Promise<RendererParts>;
}

export function createScreenshotClient(options: ScreenshotClientOptions = {}): ScreenshotClient {
  const pool = new WorkerPool<Comlink.Remote<ScreenshotWorkerApi>>({
    size: 1,
    idleMs: options.idleMs ?? 60_000,
    create() {
      const worker = new Worker(new URL('./screenshot.worker.ts', import.meta.url), {
        type: 'module',
        name: 'screenshot',
      });
      const remote = Comlink.wrap<ScreenshotWorkerApi>(worker);
      const guarded = crashGuard((listener) => {
        worker.addEventListener('error', (event) =>
          listener(new WorkerCrashed(event.message || 'screenshot worker failed')),
        );
        worker.addEventListener('messageerror', () =>
          listener(new WorkerCrashed('screenshot worker message could not be read')),
        );
      });
      // Without the parts (they failed to load) the worker loads CanvasKit and the fonts itself.
      const adopted = options.parts
        ? options
            .parts()
            .then((parts) => remote.adopt(parts))
            .catch(() => undefined)
        : Promise.resolve();
      const screenshot = guarded(remote.screenshot);
      const api = {
        screenshot: async (request: ScreenshotRequest) => (await adopted, screenshot(request)),
        compiledHere: guarded(remote.compiledHere),
      };
      return {
        api: api as unknown as Comlink.Remote<ScreenshotWorkerApi>,
        terminate: () => worker.terminate(),
      };
    },
    isWorkerFailure: (error) =>
      error instanceof ErrorEvent ||
      (error instanceof Error &&
        /worker/i.test(error.message) &&
        !/photo|scene/i.test(error.message)),
  });
  return {
    screenshot(request, signal) {
      const buffers = [
        ...request.photos.map((photo) => photo.pixels.rgba.buffer),
        ...Object.values(request.artwork ?? {}).map((pixels) => pixels.rgba.buffer),
      ];
      const unique = [...new Set(buffers)] as ArrayBuffer[];
      return pool.run((api) => api.screenshot(Comlink.transfer(request, unique)), signal);
    },
    compiledInWorker: () => pool.run((api) => api.compiledHere()),
    dispose: () => pool.close(),
  };
}
