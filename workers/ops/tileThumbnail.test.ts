import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PhotoCodec } from '../codec/photoCodec';
import { fixture, loadCodec } from '../codec/test/support';
import { MAX_FILE_BYTES } from '../../src/model/photos/photoTypes';
import { processFile, type JpegEncoder } from './processFile';
import { TILE_THUMBNAIL_PX, tileThumbnail, tileThumbnailBox } from './tileThumbnail';
import { blob, nodeJpegEncoder } from './test/nodeJpegEncoder';

let codec: PhotoCodec;
let encodeJpeg: JpegEncoder;

beforeAll(async () => {
  codec = await loadCodec();
  encodeJpeg = await nodeJpegEncoder();
});

async function webOf(path: string, box = 1024) {
  return processFile(blob(fixture(path)), box, {
    codec,
    encodeJpeg,
    allowPng: false,
    maxBytes: MAX_FILE_BYTES,
  });
}

describe('tileThumbnailBox', () => {
  it('gives the shorter side the tile size and keeps the proportions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8000 }), fc.integer({ min: 1, max: 8000 }), (w, h) => {
        const [width, height] = tileThumbnailBox(w, h, 200);
        expect(Math.min(width, height)).toBe(200);
        // Within the rounding of the longer side.
        expect(Math.abs(width / height - w / h)).toBeLessThanOrEqual((w / h) * (1 / 200) + 0.01);
      }),
    );
  });
});

describe('tileThumbnail', () => {
  it('makes a small JPEG of the web version, its shorter side 200 px, a few kilobytes', async () => {
    const web = await webOf('cameras/hdr_canon_hdr_YES.jpg');
    const thumbnail = await tileThumbnail(codec, web.web, encodeJpeg);
    expect(Math.min(thumbnail.width, thumbnail.height)).toBe(TILE_THUMBNAIL_PX);
    expect(thumbnail.width / thumbnail.height).toBeCloseTo(web.webWidth / web.webHeight, 1);
    const bytes = new Uint8Array(await thumbnail.jpeg.arrayBuffer());
    const decoded = codec.decodeToFit(bytes, 4096, 4096, 1);
    expect(decoded.ok && [decoded.value.width, decoded.value.height]).toEqual([
      thumbnail.width,
      thumbnail.height,
    ]);
    expect(bytes.length).toBeLessThan(web.web.size / 5);
    expect(bytes.length).toBeLessThan(40_000);
  });

  it('keeps a portrait upright and never enlarges a web version smaller than the tile', async () => {
    const portrait = await webOf('orientation/Portrait_6.jpg');
    expect(portrait.webHeight).toBeGreaterThan(portrait.webWidth);
    const tall = await tileThumbnail(codec, portrait.web, encodeJpeg);
    expect(tall.height).toBeGreaterThan(tall.width);
    expect(tall.width).toBe(TILE_THUMBNAIL_PX);

    // The fixture is 100 x 68: its web version too.
    const small = await webOf('cameras/Canon_40D.jpg');
    const thumbnail = await tileThumbnail(codec, small.web, encodeJpeg);
    expect([thumbnail.width, thumbnail.height]).toEqual([small.webWidth, small.webHeight]);
  });

  it('refuses bytes that are not a JPEG with the photo load failure', async () => {
    await expect(
      tileThumbnail(codec, new Blob([new Uint8Array([1, 2, 3, 4])]), encodeJpeg),
    ).rejects.toThrow(/Could not load photo/);
  });
});
