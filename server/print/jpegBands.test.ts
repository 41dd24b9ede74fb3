import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import { loadNodeCanvasKit } from './assets';
import { type Band, BandEncoder, encodeBand, JPEG_END, jpegHeader, quantTables } from './jpegBands';
import { MCU_PX } from './jpegMcuRows';

/** A smooth picture with edges: gradients, a disc and stripes, opaque. */
function picture(width: number, height: number, seed: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const p = (y * width + x) * 4;
      const inDisc =
        (x - width / 2) ** 2 + (y - height / 2) ** 2 < (Math.min(width, height) / 3) ** 2;
      rgba[p] = inDisc ? 220 : (x * 255) / width;
      rgba[p + 1] = (y * 255) / height;
      rgba[p + 2] = ((x + seed) >> 3) % 2 ? 200 : 40;
      rgba[p + 3] = 255;
    }
  }
  return rgba;
}

/** The picture cut into bands of the given heights, top to bottom. */
function bandsOf(width: number, rgba: Uint8Array, bandRows: number[]): Band[] {
  let top = 0;
  return bandRows.map((rows) => {
    const band = { rgba: rgba.subarray(top * width * 4, (top + rows) * width * 4), rows, top };
    top += rows;
    return band;
  });
}

function encodeInBands(
  width: number,
  height: number,
  rgba: Uint8Array,
  bandRows: number[],
): Uint8Array {
  const frame = { width, height, quality: 92 };
  const bands = bandsOf(width, rgba, bandRows).map((band) => encodeBand(frame, band));
  return Buffer.concat([jpegHeader(frame), ...bands, JPEG_END]);
}

/** Splits `height` rows into bands of whole MCU rows (the last takes the rest), by the given cut points. */
function bandsAt(height: number, cuts: number[]): number[] {
  const mcuRows = Math.ceil(height / MCU_PX);
  const edges = [...new Set(cuts.map((c) => (c % mcuRows) * MCU_PX).filter((c) => c > 0))].sort(
    (a, b) => a - b,
  );
  const rows: number[] = [];
  let top = 0;
  for (const edge of [...edges, height]) {
    rows.push(edge - top);
    top = edge;
  }
  return rows;
}

describe('JPEG written in bands', () => {
  it('joins bands encoded apart into the bytes of one pass over the image', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 90 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.nat(7),
        (width, height, cuts, seed) => {
          const rgba = picture(width, height, seed);
          expect(
            Buffer.compare(
              encodeInBands(width, height, rgba, bandsAt(height, cuts)),
              encodeInBands(width, height, rgba, [height]),
            ),
          ).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("gives one encoder's bands the bytes of bands encoded apart, each in a buffer of its own", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 90 }),
        fc.integer({ min: 1, max: 120 }),
        fc.array(fc.nat(), { maxLength: 6 }),
        fc.nat(7),
        (width, height, cuts, seed) => {
          const rgba = picture(width, height, seed);
          const frame = { width, height, quality: 92 };
          const encoder = new BandEncoder(frame);
          const bands = bandsOf(width, rgba, bandsAt(height, cuts));
          const apart = bands.map((band) => encodeBand(frame, band));
          // the first band's size sets the writer's buffer: a larger band after it makes it grow
          const together = bands.map((band) => encoder.encode(band));
          // compared once all are written: a band must not be a view the next band writes over
          expect(together.map((band) => [...band])).toEqual(apart.map((band) => [...band]));
          for (const band of together) {
            // moved out of a tile thread whole: its buffer is its bytes, no more
            expect([band.byteOffset, band.buffer.byteLength]).toEqual([0, band.length]);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('decodes to the picture it was given, as faithfully as the Skia encoder at the same quality', async () => {
    const [codec, { ck }] = await Promise.all([loadNodePhotoCodec(), loadNodeCanvasKit('full')]);
    const [width, height] = [301, 203];
    const rgba = picture(width, height, 3);
    const psnr = (jpeg: Uint8Array) => {
      const decoded = codec.decodeScaled(jpeg, width, height);
      if (!decoded.ok) throw new Error(decoded.error.message);
      expect([decoded.value.width, decoded.value.height]).toEqual([width, height]);
      let squared = 0;
      for (let i = 0; i < rgba.length; i += 1)
        if (i % 4 !== 3) squared += (rgba[i]! - decoded.value.rgba[i]!) ** 2;
      return 10 * Math.log10((255 * 255) / (squared / (width * height * 3)));
    };
    const image = ck.MakeImage(
      {
        width,
        height,
        alphaType: ck.AlphaType.Unpremul,
        colorType: ck.ColorType.RGBA_8888,
        colorSpace: ck.ColorSpace.SRGB,
      },
      rgba,
      width * 4,
    )!;
    const skia = image.encodeToBytes(ck.ImageFormat.JPEG, 92)!;
    image.delete();
    expect(psnr(encodeInBands(width, height, rgba, [64, 128, 11]))).toBeGreaterThan(
      psnr(skia) - 0.3,
    );
  });

  it('ends every MCU row but the last with the next restart marker, RST0 to RST7 in turn', () => {
    const [width, height] = [40, 16 * 11 + 5];
    const jpeg = encodeInBands(width, height, picture(width, height, 0), [height]);
    const markers: number[] = [];
    for (let i = jpeg.indexOf(0xda) + 1; i < jpeg.length - 1; i += 1)
      if (jpeg[i] === 0xff && jpeg[i + 1]! >= 0xd0 && jpeg[i + 1]! <= 0xd7)
        markers.push(jpeg[i + 1]! - 0xd0);
    expect(markers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2]);
  });

  it('scales the Annex K tables by quality as libjpeg does', () => {
    const [luma, chroma] = quantTables(92);
    expect([luma[0], luma[1], luma[63], chroma[0], chroma[63]]).toEqual([3, 2, 16, 3, 16]);
    expect(quantTables(50)[0][0]).toBe(16);
    expect(quantTables(10)[1][63]).toBe(255);
  });

  it('refuses a band that does not start on an MCU row', () => {
    expect(() =>
      encodeBand(
        { width: 8, height: 32, quality: 92 },
        { rgba: new Uint8Array(8 * 8 * 4), rows: 8, top: 8 },
      ),
    ).toThrow(/MCU row/);
  });
});
