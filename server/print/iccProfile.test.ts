import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoCodec } from '../../workers/codec/photoCodec';
import { loadCodec } from '../../workers/codec/test/support';
import {
  iccProfileFolder,
  imageMagick,
  imageMagickIdentify,
} from '../../tests/support/systemTools';
import { srgbProfile } from './iccProfile';
import { hasIccProfile, withIccProfile } from './jfif';

const rgbJpeg = new Uint8Array(
  readFileSync(new URL('../../workers/codec/test/rgb-48x32.jpg', import.meta.url)),
);
let codec: PhotoCodec;
const work = mkdtempSync(join(tmpdir(), 'print-icc-'));
beforeAll(async () => {
  codec = await loadCodec();
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The APP2 ICC chunks of a JPEG put together again, in sequence order. */
function readBack(jpeg: Uint8Array): Uint8Array {
  const chunks: { n: number; count: number; data: Uint8Array }[] = [];
  let at = 2;
  while (jpeg[at] === 0xff && jpeg[at + 1] !== 0xda) {
    const end = at + 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
    if (jpeg[at + 1] === 0xe2)
      chunks.push({ n: jpeg[at + 16]!, count: jpeg[at + 17]!, data: jpeg.subarray(at + 18, end) });
    at = end;
  }
  chunks.forEach((chunk, i) => expect([chunk.n, chunk.count]).toEqual([i + 1, chunks.length]));
  return new Uint8Array(Buffer.concat(chunks.map((c) => c.data)));
}

describe('the print master sRGB profile', () => {
  it('is read by the codec as sRGB (no conversion) and by ImageMagick as sRGB IEC61966-2.1', () => {
    expect(hasIccProfile(rgbJpeg)).toBe(false);
    const tagged = withIccProfile(rgbJpeg, srgbProfile());
    expect(hasIccProfile(tagged)).toBe(true);
    const decoded = codec.decodeToFit(tagged, 100, 100);
    expect(decoded.ok && decoded.value.colour).toBe('srgb');
    writeFileSync(join(work, 'tagged.jpg'), tagged);
    const description = execFileSync(
      imageMagickIdentify(),
      ['-format', '%[profile:icc]', join(work, 'tagged.jpg')],
      { encoding: 'utf8' },
    );
    expect(description).toBe('sRGB IEC61966-2.1');
    // lcms converting from it to Debian's sRGB.icc changes (almost) nothing.
    const mean = (file: string) =>
      execFileSync(imageMagick(), [file, '-format', '%[fx:mean]', 'info:'], { encoding: 'utf8' });
    execFileSync(imageMagick(), [
      join(work, 'tagged.jpg'),
      '-profile',
      `${iccProfileFolder()}/sRGB.icc`,
      join(work, 'converted.png'),
    ]);
    expect(
      Math.abs(Number(mean(join(work, 'converted.png'))) - Number(mean(join(work, 'tagged.jpg')))),
    ).toBeLessThan(0.002);
  });

  it('any profile goes into numbered APP2 markers that give it back, the image bytes untouched', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200_000 }),
        fc.integer({ min: 0, max: 255 }),
        (length, seed) => {
          const profile = Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 255);
          const tagged = withIccProfile(rgbJpeg, profile);
          expect(Buffer.compare(readBack(tagged), profile)).toBe(0);
          expect(
            Buffer.compare(
              tagged.subarray(tagged.length - (rgbJpeg.length - 20)),
              rgbJpeg.subarray(20),
            ),
          ).toBe(0);
        },
      ),
      { numRuns: 25 },
    );
    expect(() => withIccProfile(new Uint8Array([0x89, 0x50]), srgbProfile())).toThrow(/Not a JPEG/);
  });
});
