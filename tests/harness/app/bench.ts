/**
 * Harness page for tests/bench/photos.ts: the product's photo pipeline (PhotoWorkerClient, the
 * real worker pool) and, in a worker of its own, what a developer would write instead
 * (createImageBitmap with resizeWidth/resizeHeight + OffscreenCanvas encode), plus the encoder
 * comparison (OffscreenCanvas vs CanvasKit). Files come from the page's file input.
 */
import * as Comlink from 'comlink';
import { PhotoWorkerClient } from '../../../workers/photoClient';
import type { BenchWorkerApi } from './benchWorker';

const processor = new PhotoWorkerClient({ idleMs: 10 * 60_000 });
const worker = Comlink.wrap<BenchWorkerApi>(
  new Worker(new URL('./benchWorker.ts', import.meta.url), { type: 'module', name: 'bench' }),
);

function file(index: number): File {
  const chosen = (document.getElementById('files') as HTMLInputElement).files?.[index];
  if (!chosen) throw new Error(`no file ${index} in the input`);
  return chosen;
}

const bench = {
  async pipeline(index: number, box = 1024) {
    const started = performance.now();
    const result = await processor.process(file(index), box);
    return {
      ms: performance.now() - started,
      width: result.webWidth,
      height: result.webHeight,
      bytes: result.web.size,
      key: result.key,
    };
  },
  async alternative(index: number, width: number, height: number) {
    const started = performance.now();
    const result = await worker.alternative(file(index), width, height);
    return { ms: performance.now() - started, ...result };
  },
  encoders: (index: number, runs: number) => worker.encoders(file(index), runs),
  spinWorker: (iterations: number) => worker.spin(iterations),
  spinPage(iterations: number) {
    const started = performance.now();
    let sum = 0;
    for (let i = 0; i < iterations; i++) sum = (sum + i * 7) % 1_000_003;
    return { ms: performance.now() - started, sum };
  },
  stats: () => processor.stats(),
  hardwareConcurrency: () => navigator.hardwareConcurrency,
};

Object.assign(window, { bench });
document.title = 'bench ready';
