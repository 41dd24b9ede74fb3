/**
 * The C library's allocator as the print needs it. Node takes every ArrayBuffer (a photo's
 * original copied into a tile thread, a tile's encoded bands, the master's parts) from glibc's
 * malloc. glibc serves a block above its mmap threshold (128 KiB) as a mapping of its own, given
 * back to the system when freed; but each time such a block is freed it raises the threshold to
 * that block's size (up to 32 MB), and from then on blocks that size come from the thread's arena,
 * where freed ones stay resident. A print frees tens of megabytes of such buffers in every tile
 * thread, so the arenas kept growing from print to print. Fixing the threshold at 128 KiB
 * (GLIBC_TUNABLES, read by glibc when the process starts) keeps every such buffer its own
 * mapping (issue 27 item 4: printBench 50x40 cm, 3 runs each, alternating: peak 345-351 -> 314-323
 * MB, CPU time the same).
 *
 * `npm start`, `npm run serve` and `npm run print-worker` start Node with it; so do the benches
 * that measure a print. A process started otherwise is told once (`warnWithoutPrintMalloc`).
 * Elsewhere than glibc the variable is ignored.
 */
export const PRINT_MALLOC_TUNABLE = 'glibc.malloc.mmap_threshold=131072';

/** `env` with the print's tunable in GLIBC_TUNABLES, the operator's own tunables kept. */
export function withPrintMalloc(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if (hasPrintMalloc(env)) return env;
  const own = env.GLIBC_TUNABLES?.split(':').filter((tunable) => tunable !== '') ?? [];
  return { ...env, GLIBC_TUNABLES: [...own, PRINT_MALLOC_TUNABLE].join(':') };
}

/** Whether `env` (this process's by default) sets the mmap threshold, to this value or the operator's own. */
export function hasPrintMalloc(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env.GLIBC_TUNABLES ?? '')
    .split(':')
    .some((tunable) => tunable.startsWith('glibc.malloc.mmap_threshold='));
}

/** One line for the operator of a Linux process started without the tunable (see above). */
export function warnWithoutPrintMalloc(warn: (line: string) => void = console.warn): void {
  if (process.platform !== 'linux' || hasPrintMalloc()) return;
  warn(
    `[print] GLIBC_TUNABLES does not set ${PRINT_MALLOC_TUNABLE}: a print's memory peak is 30-40 MB higher (npm start, serve and print-worker set it; see server/print/printMalloc.ts)`,
  );
}
