import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec.js';
import { concat, craftJpeg, segment } from '../test/craftJpeg.js';
import { ImageInspector } from './imageInspector.js';
import { MAX_ICC_CHUNKS, UNKNOWN_METADATA_BUDGET } from './jpegKeep.js';

const photos = path.resolve('../shared/fixtures/photos');
const read = (relative: string) => new Uint8Array(fs.readFileSync(path.join(photos, relative)));
const text = (value: string) => new TextEncoder().encode(value);
const filled = (length: number, byte = 0x41) => new Uint8Array(length).fill(byte);

/** What the store keeps of `bytes` streamed in chunks cut at `cuts`; null when refused. */
function kept(bytes: Uint8Array, cuts: number[] = []): Uint8Array | null {
  const inspector = new ImageInspector({ allowPng: true, maxBytes: Number.MAX_SAFE_INTEGER });
  const out: Uint8Array[] = [];
  let at = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1)), bytes.length].sort(
    (a, b) => a - b,
  )) {
    out.push(...inspector.push(bytes.subarray(at, Math.max(at, cut))));
    at = Math.max(at, cut);
  }
  if (!inspector.finish().ok) return null;
  return concat([...out, ...inspector.rest()]);
}

/** A JPEG of the same picture with `extra` segments (marker and body) right after its SOI. */
function withSegments(jpeg: Uint8Array, extra: [number, Uint8Array][]): Uint8Array {
  return concat([
    jpeg.subarray(0, 2),
    ...extra.map(([marker, body]) => segment(marker, body)),
    jpeg.subarray(2),
  ]);
}

const iccChunk = (sequence: number, count: number, size = 100) =>
  concat([text('ICC_PROFILE\0'), Uint8Array.of(sequence, count), filled(size)]);

describe('what the store keeps of a JPEG (issue 26 item 7)', () => {
  it('keeps every fixture photo byte for byte, however the stream is cut', () => {
    for (const folder of ['cameras', 'libjpeg-turbo', 'orientation']) {
      for (const name of fs
        .readdirSync(path.join(photos, folder))
        .filter((n) => n.endsWith('.jpg'))) {
        const bytes = read(`${folder}/${name}`);
        expect(Buffer.from(kept(bytes, [1, 3, 1000, 5000])!).equals(Buffer.from(bytes)), name).toBe(
          true,
        );
      }
    }
  });

  it('stores a 100x68 photo padded with APP15 to 26,000,000 bytes as the photo and 64 KB at most, which decodes the same', async () => {
    const photo = read('cameras/Canon_40D.jpg');
    const full: [number, Uint8Array][] = [];
    let size = photo.length;
    while (size + 65537 + 4 <= 26_000_000) {
      full.push([0xef, filled(65533)]);
      size += 65537;
    }
    const last: [number, Uint8Array] = [0xef, filled(26_000_000 - size - 4)];
    const padded = withSegments(photo, [...full, last]);
    expect(padded.length).toBe(26_000_000);
    const stored = kept(
      padded,
      Array.from({ length: 400 }, (_, k) => k * 65536),
    )!;
    // JFIF, Exif (orientation) and the ICC profile stay; of the padding only the last segment fits
    // the 64 KB kept of other metadata (a full one is 65537 bytes)
    expect(Buffer.from(stored).equals(Buffer.from(withSegments(photo, [last])))).toBe(true);
    const codec = await loadNodePhotoCodec({ onWarning: () => undefined });
    const [a, b] = [codec.decodeScaled(padded, 100, 68), codec.decodeScaled(stored, 100, 68)];
    expect(a.ok && b.ok && Buffer.from(a.value.rgba).equals(Buffer.from(b.value.rgba))).toBe(true);
  });

  it('keeps other metadata within 64 KB in the order it comes, and drops the rest', () => {
    const jpeg = craftJpeg({ width: 8, height: 8 });
    const xmp = concat([text('http://ns.adobe.com/xap/1.0/\0'), filled(30_000)]);
    const comment = filled(30_000, 0x43);
    const photoshop = concat([text('Photoshop 3.0\0'), filled(10_000)]);
    const stored = kept(
      withSegments(jpeg, [
        [0xe1, xmp],
        [0xfe, comment],
        [0xed, photoshop],
        [0xfe, filled(10)],
      ]),
    )!;
    // 30033 + 30004 fit the 65536; the Photoshop segment (10018) does not; the last comment does
    expect(
      Buffer.from(stored).equals(
        Buffer.from(
          withSegments(jpeg, [
            [0xe1, xmp],
            [0xfe, comment],
            [0xfe, filled(10)],
          ]),
        ),
      ),
    ).toBe(true);
    expect(UNKNOWN_METADATA_BUDGET).toBe(65536);
  });

  it('keeps the first JFIF, Exif and Adobe segments and one ICC profile, whatever their size', () => {
    const jpeg = craftJpeg({ width: 8, height: 8 });
    const big = filled(65000);
    const needed: [number, Uint8Array][] = [
      [0xe0, concat([text('JFIF\0'), filled(9)])],
      [0xe1, concat([text('Exif\0\0'), big])],
      [0xee, concat([text('Adobe'), filled(7)])],
      [0xe2, iccChunk(2, 2, 65000)],
      [0xe2, iccChunk(1, 2, 65000)],
    ];
    // a second Exif and a second profile's chunk are other metadata: after a comment of 60 KB the
    // Exif no longer fits the budget, the chunk of 118 bytes does
    const comment: [number, Uint8Array] = [0xfe, filled(60_000)];
    const otherChunk: [number, Uint8Array] = [0xe2, iccChunk(1, 3)];
    const secondExif: [number, Uint8Array] = [0xe1, concat([text('Exif\0\0'), big])];
    const stored = kept(withSegments(jpeg, [...needed, comment, secondExif, otherChunk]))!;
    const expected = withSegments(jpeg, [...needed, comment, otherChunk]);
    expect(Buffer.from(stored).equals(Buffer.from(expected))).toBe(true);
  });

  it(`counts an ICC profile of more than ${MAX_ICC_CHUNKS} chunks as other metadata`, () => {
    const jpeg = craftJpeg({ width: 8, height: 8 });
    const chunks: [number, Uint8Array][] = Array.from({ length: 17 }, (_, k) => [
      0xe2,
      iccChunk(k + 1, 17, 20_000),
    ]);
    // three chunks fit the budget of other metadata, the other fourteen do not
    const stored = kept(withSegments(jpeg, chunks))!;
    expect(Buffer.from(stored).equals(Buffer.from(withSegments(jpeg, chunks.slice(0, 3))))).toBe(
      true,
    );
  });

  it('keeps a short trailer, drops a long one whole, and drops fill bytes and TEM markers', () => {
    const jpeg = craftJpeg({ width: 8, height: 8 });
    const short = concat([jpeg, filled(60_000)]);
    expect(Buffer.from(kept(short, [100, 30_000])!).equals(Buffer.from(short))).toBe(true);
    expect(
      Buffer.from(kept(concat([jpeg, filled(5_000_000)]), [100, 70_000])!).equals(
        Buffer.from(jpeg),
      ),
    ).toBe(true);
    // fill bytes before a segment and before the end-of-image marker, a TEM marker between segments
    const end = jpeg.length - 2;
    const noisy = concat([
      jpeg.subarray(0, 2),
      filled(1000, 0xff),
      Uint8Array.of(0xff, 0x01),
      jpeg.subarray(2, end),
      filled(500, 0xff),
      jpeg.subarray(end),
    ]);
    expect(inspectJpeg(noisy).ok).toBe(true);
    expect(Buffer.from(kept(noisy, [3, 600, 1001])!).equals(Buffer.from(jpeg))).toBe(true);
  });
});

const metadata = fc.record({
  marker: fc.constantFrom(0xe0, 0xe1, 0xe2, 0xed, 0xef, 0xfe),
  body: fc.oneof(
    fc.uint8Array({ maxLength: 300 }),
    fc.constantFrom(
      text('JFIF\0xx'),
      text('Exif\0\0xx'),
      iccChunk(1, 1),
      text('Adobe'),
      filled(40_000),
    ),
  ),
});

describe('properties', () => {
  it('the stored file is the same picture, within the budget, and the same however the stream is cut', () => {
    fc.assert(
      fc.property(
        fc.array(metadata, { maxLength: 8 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        (segments, trailer, cuts) => {
          const bare = craftJpeg({ width: 64, height: 48 });
          const bytes = concat([
            withSegments(
              bare,
              segments.map((s) => [s.marker, s.body]),
            ),
            filled(trailer, 0),
          ]);
          const whole = kept(bytes)!;
          expect(Buffer.from(kept(bytes, cuts)!).equals(Buffer.from(whole))).toBe(true);
          expect(inspectJpeg(whole)).toEqual(inspectJpeg(bare));
          const needed = 3 * 65_000;
          expect(whole.length).toBeLessThanOrEqual(bare.length + needed + UNKNOWN_METADATA_BUDGET);
          expect(whole.length).toBeLessThanOrEqual(bytes.length);
        },
      ),
    );
  });
});
