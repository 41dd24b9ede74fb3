import { createMD5, type IHasher } from 'hash-wasm';
import { JpegScanner } from '../../src/model/photos/jpegHeader';
import type { InspectResult } from '../../src/model/photos/imageTypes';

/** Chunk size for hashing and checking: large enough to amortise calls, small enough to stay lean. */
export const DIGEST_CHUNK_BYTES = 1 << 20;

let hasher: Promise<IHasher> | null = null;

/** One MD5 instance per worker: hash-wasm compiles its WASM once and the hasher is reset per file. */
function md5Hasher(): Promise<IHasher> {
  hasher ??= createMD5();
  return hasher;
}

export interface FileDigest {
  /** MD5 of every byte of the file, lower-case hex. */
  md5: string;
  /** The server's JPEG structure verdict (null for formats it does not apply to). */
  structure: InspectResult | null;
}

/**
 * One pass over the file's bytes in 1 MiB chunks: the MD5 for the key and, for a JPEG, the same
 * streaming structure check the server runs on uploads (restart sequence, end-of-image), so a
 * file the server would refuse is refused when it is chosen. No chunk is copied on the JS side
 * (subarray views); hash-wasm copies each chunk into its own small memory.
 */
export async function digestFile(bytes: Uint8Array, checkJpeg: boolean): Promise<FileDigest> {
  const md5 = await md5Hasher();
  md5.init();
  const scanner = checkJpeg ? new JpegScanner() : null;
  for (let at = 0; at < bytes.byteLength; at += DIGEST_CHUNK_BYTES) {
    const chunk = bytes.subarray(at, Math.min(bytes.byteLength, at + DIGEST_CHUNK_BYTES));
    md5.update(chunk);
    if (scanner && !scanner.failure) scanner.push(chunk);
  }
  return { md5: md5.digest('hex'), structure: scanner ? scanner.finish() : null };
}
