/**
 * canvaskit.wasm fetched and compiled once, by a worker of its own (canvaskitCompile.worker.ts says
 * why). Apart from browserRenderer.ts so the design chooser's own script can start it (issue 27
 * item 2): asked for from browserRenderer's chunk, the wasm's request waited for that chunk's
 * round trip and then the worker's (requested at 1.79 s in a traced phone visit, 0.43 s after the
 * chooser had shown), while the phone's line carried little. From the chooser's script, the
 * worker's script and the renderer's chunk come over the line side by side.
 */
import type { CompileAnswer, CompileRequest } from './canvaskitCompile.worker';
import CompileWorker from './canvaskitCompile.worker.ts?worker&inline';
import { CANVASKIT_WASM_URL } from './canvaskitUrls';
import { compileWasm } from './compileWasm';
import { once } from './once';

/**
 * CanvasKit's start-up stages as User Timing marks, beside the app's milestones
 * (services/userTiming.ts, a layer above): the wasm compiled (downloaded first, in its worker),
 * instantiated on the page, its fonts registered. A trace or bench:phone's marks then show where the
 * time between 'Ga aan de slag' and 'editor-drawn' goes. Each is reached once a page (the loads are
 * memoised).
 */
export function markStage(
  name: 'canvaskit-compiled' | 'canvaskit-instantiated' | 'canvaskit-ready',
): void {
  globalThis.performance?.mark?.(name);
}

function compileInWorker(): Promise<WebAssembly.Module> {
  return new Promise((resolve, reject) => {
    // Inline (a blob: URL, 0.4 kB): a worker script of its own was a round trip more before the wasm's request.
    const worker = new CompileWorker({ name: 'canvaskit-compile' });
    // The module outlives its worker: the page holds it.
    const settle = (answer: CompileAnswer) => {
      worker.terminate();
      if ('module' in answer) resolve(answer.module);
      else reject(new Error(answer.error));
    };
    worker.addEventListener('message', (event: MessageEvent<CompileAnswer>) => settle(event.data));
    worker.addEventListener('error', (event) =>
      settle({ error: event.message || 'worker failed' }),
    );
    worker.addEventListener('messageerror', () => settle({ error: 'module not passed' }));
    worker.postMessage({
      url: new URL(CANVASKIT_WASM_URL, location.href).href,
    } satisfies CompileRequest);
  });
}

/**
 * canvaskit.wasm, compiled once: in a worker, or on the page where a worker cannot (no module
 * workers, a browser that cannot post a module) or failed (the page's try then reports the error).
 */
export const compileCanvasKit = once(async () => {
  const module = await compileOnce();
  markStage('canvaskit-compiled');
  return module;
});

async function compileOnce(): Promise<WebAssembly.Module> {
  if (typeof Worker === 'function') {
    try {
      return await compileInWorker();
    } catch {
      // tried again on the page, which fails with the network's or the compiler's own error
    }
  }
  return compileWasm(CANVASKIT_WASM_URL);
}
