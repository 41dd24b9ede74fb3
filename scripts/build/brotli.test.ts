import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { brotliBest } from './brotli';

const cacheDir = mkdtempSync(path.join(tmpdir(), 'brotli-cache-'));
afterAll(() => rmSync(cacheDir, { recursive: true, force: true }));

/** Compressible bytes that differ by `seed`. */
const sample = (size: number, seed: number) =>
  Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + seed + ((i >> 9) % 13)) % 251));

describe('brotliBest', () => {
  it('gives what decompresses to the input, and caches nothing under the size', async () => {
    const input = sample(5000, 1);
    const out = await brotliBest(input, cacheDir, 10_000);
    expect(brotliDecompressSync(out).equals(input)).toBe(true);
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it('keeps a large input’s copy by its contents and answers it from there the next time', async () => {
    const input = sample(20_000, 2);
    const first = await brotliBest(input, cacheDir, 10_000);
    const files = readdirSync(cacheDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.q11\.br$/);
    // the next build reads the file: a marked copy there is what it answers
    writeFileSync(path.join(cacheDir, files[0]!), Buffer.concat([first, Buffer.from('cached')]));
    expect((await brotliBest(input, cacheDir, 10_000)).subarray(first.length).toString()).toBe(
      'cached',
    );
    // other contents, another file
    await brotliBest(sample(20_000, 3), cacheDir, 10_000);
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });
});
