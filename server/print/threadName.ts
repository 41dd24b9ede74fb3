/**
 * Names the calling thread as `top -H`, `ps -L` and /proc/<pid>/task/<tid>/comm show it (Linux, 15
 * bytes at most). Node names a worker thread by its `name` option, but piscina starts its threads
 * without one ('WorkerThread', as the PGlite thread and an upload's decode threads are too): so a
 * pool's task names the thread it runs in, and an operator, or a test counting the print's tile
 * threads, tells them apart.
 */
import { writeFileSync } from 'node:fs';

/** The names the pools' tasks give their threads. */
export const THREAD_NAMES = { printTile: 'print-tile', photoDecode: 'photo-decode' } as const;

export function nameThisThread(name: string): void {
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // not Linux, or /proc not mounted: the thread keeps Node's name
  }
}
