import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import type { StoredPhoto } from '../storage/photoStore.js';
import { ImageInspector } from './imageInspector.js';
import type { InspectResult } from '../../src/model/photos/imageTypes.js';

/**
 * The file service's answer, {"error":false,"msg":"","dataurl":"data:image/jpeg;base64,…"}, for a
 * photo of up to 25 MB, without ever holding the photo, its base64 or the JSON in memory: the
 * stored file is read twice, once to check it (its digest and that it is a JPEG) and once to send
 * it, base64-encoded a chunk at a time. Twenty readers of a 24 MB photo cost twenty chunks, not
 * twenty times 24 + 32 + 32 MB (issue 17: +585 MB).
 */

export type FileCheck =
  | { ok: true }
  | { ok: false; problem: 'digest' | 'unreadable'; detail: string }
  | { ok: false; problem: 'image'; verdict: Extract<InspectResult, { ok: false }> };

/** Reads the stored bytes once: their SHA-256 must be the one they are stored under, and they must be an image. */
export async function checkStoredFile(
  stored: StoredPhoto,
  sha256: string,
  inspectOptions: ConstructorParameters<typeof ImageInspector>[0],
): Promise<FileCheck> {
  const hash = crypto.createHash('sha256');
  const inspector = new ImageInspector(inspectOptions);
  try {
    for await (const chunk of stored.stream() as AsyncIterable<Buffer>) {
      hash.update(chunk);
      if (!inspector.failure) inspector.push(chunk);
    }
  } catch (error) {
    return {
      ok: false,
      problem: 'unreadable',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  if (hash.digest('hex') !== sha256)
    return { ok: false, problem: 'digest', detail: 'stored bytes do not match their digest' };
  const verdict = inspector.finish();
  return verdict.ok ? { ok: true } : { ok: false, problem: 'image', verdict };
}

const HEAD = '{"error":false,"msg":"","dataurl":"data:image/jpeg;base64,';
const TAIL = '"}';

/** The JSON answer as a stream: base64 has no character JSON must escape, so it goes in as it is. */
export function streamedFileAnswer(stored: StoredPhoto): Readable {
  async function* answer(): AsyncGenerator<string> {
    yield HEAD;
    let carry = Buffer.alloc(0);
    for await (const chunk of stored.stream() as AsyncIterable<Buffer>) {
      const bytes = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      // base64 in whole groups of three bytes; the rest waits for the next chunk
      const whole = bytes.length - (bytes.length % 3);
      if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
      carry = Buffer.from(bytes.subarray(whole));
    }
    if (carry.length) yield carry.toString('base64');
    yield TAIL;
  }
  return Readable.from(answer(), { objectMode: false });
}
