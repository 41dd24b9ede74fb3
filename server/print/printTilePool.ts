/**
 * The print's tile threads: a piscina pool per print thread (one thread per tile, up to one per
 * core, stopping after a minute idle), and a print's run of its tiles under its time bound
 * (printBounds.ts): past it the pool is destroyed, so the threads and their memory go and the
 * print thread is free for the next print.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { bundledWorker } from '../threads/workerBundle';
import { PrintError } from './printError';
import type { TileResult, TileTask } from './printTileTask';

/** Tile threads: one per core (at most 4: a print is one job among others), by PRINT_TILE_THREADS otherwise. */
export function tileThreads(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.PRINT_TILE_THREADS);
  return Number.isInteger(asked) && asked >= 1 ? asked : Math.min(4, availableParallelism());
}

/**
 * A tile thread's young generation (V8's nursery for new JS objects), in MB. The thread's pixels
 * live in wasm memory and its JS makes little garbage, but V8's default nursery (16 MB semi-spaces)
 * still filled to 15-17 MB of the thread's heap before its first scavenge (issue 27 item 4:
 * printBench 50x40 cm with printMalloc.ts's tunable, 3 runs each, alternating: peak 338-352 -> 307-319
 * MB at 4 MB, CPU time the same).
 */
const TILE_YOUNG_GENERATION_MB = 4;

/** The tile threads' module: bundled by the print queue for each print thread (workerBundle.ts). */
export const TILE_TASK_ENTRY = new URL('./printTileTask.ts', import.meta.url);

type TilePool = Piscina<TileTask, TileResult>;
let pool: Promise<TilePool> | null = null;

/**
 * The thread pool, made on the first print of this thread (the task bundled first: workerBundle.ts);
 * threads stop after a minute idle.
 */
function tilePool(): Promise<TilePool> {
  pool ??= bundledWorker(TILE_TASK_ENTRY).then(
    (filename) =>
      new Piscina({
        filename,
        minThreads: 0,
        maxThreads: tileThreads(),
        idleTimeout: 60_000,
        resourceLimits: { maxYoungGenerationSizeMb: TILE_YOUNG_GENERATION_MB },
      }),
  );
  return pool;
}

/** Stops the tile threads (tests, shutdown); the next print starts them again. */
export async function closeTilePool(): Promise<void> {
  const closing = pool;
  pool = null;
  await (await closing?.catch(() => null))?.destroy();
}

/**
 * The tiles in the thread pool within the time left. When it runs out the pool is destroyed: every
 * tile thread is terminated, running or still starting (wasm stops at its next loop check), its
 * memory goes with it, and the print fails with PRINT_TIMEOUT once they are gone; the next print
 * makes a new pool.
 */
export async function runTiles(
  tiles: TileTask[],
  leftMs: number,
  budgetMs: number,
): Promise<TileResult[]> {
  let stopping: Promise<void> | null = null;
  const timer = setTimeout(() => (stopping = closeTilePool()), Math.max(0, leftMs));
  try {
    const threads = await tilePool();
    return await Promise.all(tiles.map((tile) => threads.run(tile)));
  } catch (error) {
    if (stopping) {
      await stopping;
      throw new PrintError(
        'PRINT_TIMEOUT',
        `The print took longer than its bound of ${budgetMs} ms; its tile threads were stopped`,
      );
    }
    throw new PrintError(
      'WORKER_FAILED',
      `A print tile thread failed: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    clearTimeout(timer);
  }
}
