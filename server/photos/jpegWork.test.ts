import { describe, expect, it } from 'vitest';
import { JpegScanner, inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec.js';
import { craftJpeg } from '../test/craftJpeg.js';
import {
  craftProgressive,
  libjpegProgression,
  repeatedScanJpeg,
} from '../test/craftProgressive.js';

/** The offset just after the header of scan number `n` (1-based). */
function afterScanHeader(bytes: Uint8Array, n: number): number {
  let seen = 0;
  for (let k = 0; k < bytes.length - 1; k++) {
    if (bytes[k] === 0xff && bytes[k + 1] === 0xda && ++seen === n) {
      return k + 2 + ((bytes[k + 2]! << 8) | bytes[k + 3]!);
    }
  }
  throw new Error(`no scan ${n}`);
}

describe('JPEG structure check: the work a file asks of a decoder (issue 26)', () => {
  it('takes the files a progressive encoder writes, at any sampling', async () => {
    const codec = await loadNodePhotoCodec({ onWarning: () => undefined });
    for (const sampling of [
      [
        [4, 1],
        [1, 1],
        [1, 1],
      ],
      [
        [2, 2],
        [1, 1],
        [1, 1],
      ],
      [
        [1, 1],
        [1, 1],
        [1, 1],
      ],
      [[1, 1]],
    ] as [number, number][][]) {
      const jpeg = craftProgressive({
        width: 800,
        height: 600,
        sampling,
        scans: libjpegProgression(sampling.length as 1 | 3),
      });
      expect(inspectJpeg(jpeg)).toEqual({ ok: true, format: 'jpeg', width: 800, height: 600 });
      // the crafted files are real ones: the codec decodes them
      const decoded = codec.decodeScaled(jpeg, 100, 75);
      expect(decoded.ok && decoded.value.sourceWidth).toBe(800);
    }
  });

  it("refuses issue 26's file (Y 4x1, one AC scan 300 times) though it decodes", async () => {
    const attack = repeatedScanJpeg(4000, 3000, 300);
    expect(attack.length).toBeLessThan(60_000);
    expect(inspectJpeg(attack)).toEqual({
      ok: false,
      refusal: 'corrupt',
      detail: '16.3 walks over each block (at most 16)',
    });
    const codec = await loadNodePhotoCodec({ onWarning: () => undefined });
    const small = codec.decodeScaled(repeatedScanJpeg(160, 120, 300), 1, 1);
    expect(small.ok).toBe(true);
  });

  it('refuses it as soon as the header of the scan too many has streamed past', () => {
    const attack = repeatedScanJpeg(4000, 3000, 300);
    const before = new JpegScanner();
    before.push(attack.subarray(0, afterScanHeader(attack, 24) - 1));
    expect(before.failure).toBeNull();
    const at = new JpegScanner();
    at.push(attack.subarray(0, afterScanHeader(attack, 24)));
    expect(at.failure?.detail).toBe('16.3 walks over each block (at most 16)');
  });

  it('refuses scan data beyond 4 bytes a sample (plus 4 KB), however the stream is cut', () => {
    // 100x68, three components sampled 1x1: 13 x 9 MCUs of 3 blocks = 22464 samples
    const allowed = 4096 + 4 * 22464;
    const data = (bytes: number) => new Uint8Array(bytes).fill(0x55);
    const within = craftJpeg({ width: 100, height: 68, scanParts: [data(allowed - 1)] });
    expect(inspectJpeg(within).ok).toBe(true);
    const padded = craftJpeg({ width: 100, height: 68, scanParts: [data(allowed + 1)] });
    const refused = {
      ok: false,
      refusal: 'corrupt',
      detail: `more than ${allowed} bytes of scan data for 22464 samples`,
    };
    expect(inspectJpeg(padded)).toEqual(refused);
    const streamed = new JpegScanner();
    for (let k = 0; k < padded.length; k += 1000) streamed.push(padded.subarray(k, k + 1000));
    expect(streamed.finish()).toEqual(refused);
  });

  it('refuses more table segments than the scans need, and a table segment too long to be one', () => {
    const table = { marker: 0xc4, body: new Uint8Array(17) };
    // craftJpeg writes one DQT and one DHT; one scan allows 8 + 4
    expect(
      inspectJpeg(craftJpeg({ width: 8, height: 8, segments: Array(10).fill(table) })).ok,
    ).toBe(true);
    expect(
      inspectJpeg(craftJpeg({ width: 8, height: 8, segments: Array(11).fill(table) })),
    ).toEqual({ ok: false, refusal: 'corrupt', detail: '13 table segments for 1 scans' });
    const long = { marker: 0xdb, body: new Uint8Array(517) };
    expect(inspectJpeg(craftJpeg({ width: 8, height: 8, segments: [long] }))).toMatchObject({
      refusal: 'corrupt',
      detail: 'a table segment 0xdb of 517 bytes (at most 516)',
    });
  });
});
