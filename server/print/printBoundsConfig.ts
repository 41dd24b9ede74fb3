/**
 * The settings of a print's bounds (printBounds.ts plans by them): read by server/config.ts from
 * the environment, sent with each print to its worker thread.
 */

const MB = 1024 * 1024;

export interface PrintBounds {
  /** What every print may take (tools loading, planning, a small sheet): PRINT_TIMEOUT_SECONDS. */
  baseMs: number;
  /** More per square metre of sheet: PRINT_TIMEOUT_SECONDS_PER_M2. */
  msPerM2: number;
  /** More per megapixel of originals the busiest tile thread decodes: PRINT_TIMEOUT_SECONDS_PER_MEGAPIXEL. */
  msPerMegapixel: number;
  /** The planned wasm memory of one print's tile threads together: PRINT_MEMORY_MB. */
  memoryBytes: number;
}

/**
 * Measured on the 2-core machine: a 50x40 cm print takes about 2.5 s idle and 12 s loaded (load
 * 9), 100x70 cm about 6 s; decoding costs 2-4 ms a megapixel for a baseline photo at 1/8 scale,
 * 15-30 ms for a progressive one within the upload's rules (Y sampled 4x1, its AC scan repeated up
 * to the 16 walks a block allowed), 125 ms at full scale for a progressive 4:4:4 one. The defaults
 * leave about 4 times the loaded figures: a 50x40 cm print of six camera photos gets 47 s, 100x70
 * cm 72 s plus 0.1 s a megapixel its busiest tile decodes. Memory: the bench's 50x40 cm print plans
 * 576 MB over two tiles; 2 GB leaves room for a 150x100 cm poster of 24 MP photos.
 */
export const DEFAULT_PRINT_BOUNDS: PrintBounds = {
  baseMs: 30_000,
  msPerM2: 60_000,
  msPerMegapixel: 100,
  memoryBytes: 2048 * MB,
};

/**
 * PRINT_TIMEOUT_SECONDS, PRINT_TIMEOUT_SECONDS_PER_M2, PRINT_TIMEOUT_SECONDS_PER_MEGAPIXEL (seconds,
 * fractions allowed; the last two may be 0) and PRINT_MEMORY_MB.
 */
export function printBoundsFromEnv(env: NodeJS.ProcessEnv): PrintBounds {
  const seconds = (name: string, fallbackMs: number, least: number) => {
    const text = env[name];
    if (text === undefined || text === '') return fallbackMs;
    const value = Number(text);
    if (!Number.isFinite(value) || value < least)
      throw new Error(`${name} must be a number of seconds of at least ${least}, got "${text}"`);
    return Math.round(value * 1000);
  };
  const memory = env.PRINT_MEMORY_MB ?? '';
  const memoryMb = memory === '' ? DEFAULT_PRINT_BOUNDS.memoryBytes / MB : Number(memory);
  if (!Number.isInteger(memoryMb) || memoryMb < 1)
    throw new Error(`PRINT_MEMORY_MB must be a positive whole number, got "${memory}"`);
  return {
    baseMs: seconds('PRINT_TIMEOUT_SECONDS', DEFAULT_PRINT_BOUNDS.baseMs, 1),
    msPerM2: seconds('PRINT_TIMEOUT_SECONDS_PER_M2', DEFAULT_PRINT_BOUNDS.msPerM2, 0),
    msPerMegapixel: seconds(
      'PRINT_TIMEOUT_SECONDS_PER_MEGAPIXEL',
      DEFAULT_PRINT_BOUNDS.msPerMegapixel,
      0,
    ),
    memoryBytes: memoryMb * MB,
  };
}
