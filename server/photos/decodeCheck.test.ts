import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { repeatedScanJpeg } from '../test/craftProgressive.js';
import { fixturePhotos } from '../test/uploads.js';
import { DECODE_BASE_MS, DECODE_MS_PER_MIB, DecodeCheck, decodeBoundMs } from './decodeCheck.js';

const MIB = 1024 * 1024;

describe('the time a decode may take', () => {
  it('follows from the file size, up to UPLOAD_DECODE_TIMEOUT_MS', () => {
    expect(decodeBoundMs(0, 20_000)).toBe(DECODE_BASE_MS);
    expect(decodeBoundMs(MIB, 20_000)).toBe(DECODE_BASE_MS + DECODE_MS_PER_MIB);
    expect(decodeBoundMs(150_000, 20_000)).toBe(1086);
    expect(decodeBoundMs(25 * MIB, 20_000)).toBe(16_000);
    expect(decodeBoundMs(26_214_400, 10_000)).toBe(10_000);
  });
});

describe('decode check in worker threads', () => {
  let check: DecodeCheck | null = null;
  afterEach(async () => check?.close());

  it(
    "stops a small file's slow decode at its size's bound, not at the cap",
    { timeout: 120_000 },
    async () => {
      // issue 26's recipe at 48 MP: minutes of decoding from 150 KB (the upload's structure check
      // refuses it before this; the bound is what remains should a slow file get past that)
      const slow = repeatedScanJpeg(8000, 6000, 1200);
      check = new DecodeCheck({ threads: 1, queue: 4, timeoutMs: 110_000 });
      const started = performance.now();
      const verdict = await check.check('user:1', () => Readable.from([slow]));
      expect(verdict).toMatchObject({ kind: 'busy' });
      // its bound is 1.1 s once the thread has begun; a generous allowance for the thread's start
      expect(performance.now() - started).toBeLessThan(60_000);
      // the thread was replaced: the next photo decodes
      const photo = await fs.readFile(path.join(fixturePhotos, 'cameras/Canon_40D.jpg'));
      expect(await check.check('user:2', () => Readable.from([photo]))).toEqual({
        kind: 'decodes',
        width: 100,
        height: 68,
      });
    },
  );
});
