/**
 * The names of this process's threads (Linux: /proc/self/task/<tid>/comm, 15 characters at most).
 * Node names a worker thread by its `name` option, 'WorkerThread' when it has none; a piscina
 * pool's task names its own thread (server/print/threadName.ts): tests count them to see that
 * stopped threads are gone.
 */
import { readdirSync, readFileSync } from 'node:fs';

export function threadNames(): string[] {
  return readdirSync('/proc/self/task').flatMap((tid) => {
    try {
      return [readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim()];
    } catch {
      return []; // the thread ended while we looked
    }
  });
}

export function countThreads(name: string): number {
  return threadNames().filter((thread) => thread === name).length;
}

/** Polls until `check` holds (every 20 ms), failing after `timeoutMs`. */
export async function waitUntil(
  check: () => boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
