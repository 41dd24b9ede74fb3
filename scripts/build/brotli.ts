/**
 * Brotli at its best quality (11) for the build's precompressed copies, with the copies of large
 * files (CanvasKit's 7.3 MB wasm) kept in a cache by their contents: quality 11 takes 19-52 s on
 * that file against 5 s for quality 9, and gives 2.28 MB against 2.58 MB, 0.3 s less on a phone's
 * Fast 4G line at every first visit (issue 27 item 2: bench:phone's first editor drawing waits on
 * that download). The file comes unchanged from its package, so a machine compresses it once.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, type InputType } from 'node:zlib';

const compress = promisify(brotliCompress);

/** Inputs over this many bytes have their copy cached. */
export const CACHED_OVER_BYTES = 1_000_000;
/** Where the copies go: under node_modules, which a fresh clone does not have. */
export const BROTLI_CACHE_DIR = fileURLToPath(
  new URL('../../node_modules/.cache/fotocollage-brotli/', import.meta.url),
);

const asBuffer = (input: InputType): Buffer =>
  typeof input === 'string'
    ? Buffer.from(input)
    : ArrayBuffer.isView(input)
      ? Buffer.from(input.buffer, input.byteOffset, input.byteLength)
      : Buffer.from(input);

/** Brotli quality 11; a large input's copy is read from `cacheDir` when made there before. */
export async function brotliBest(
  input: InputType,
  cacheDir = BROTLI_CACHE_DIR,
  cachedOver = CACHED_OVER_BYTES,
): Promise<Buffer> {
  const bytes = asBuffer(input);
  const run = () =>
    compress(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    });
  if (bytes.byteLength <= cachedOver) return run();
  const hash = createHash('sha256').update(bytes).digest('hex');
  const file = path.join(cacheDir, `${hash}.q11.br`);
  const cached = await readFile(file).catch(() => null);
  if (cached) return cached;
  const made = await run();
  await mkdir(cacheDir, { recursive: true });
  // a build running beside this one writes the same file: each through a rename of its own
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, made);
  await rename(partial, file);
  return made;
}
