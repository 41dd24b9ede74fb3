import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JpegScanner, inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { ImageInspector, inspectImage } from './imageInspector.js';
import { MAX_PIXELS } from '../../src/model/photos/imageTypes.js';
import { concat, craftJpeg, segment } from '../test/craftJpeg.js';

const photos = path.resolve('../shared/fixtures/photos');
const read = (relative: string) => new Uint8Array(fs.readFileSync(path.join(photos, relative)));
const lenient = { allowPng: false, maxBytes: Number.MAX_SAFE_INTEGER };

/** Sizes read independently with a Python segment walker (see the report). */
const cameraSizes: Record<string, [number, number]> = {
  'cameras/Canon_40D.jpg': [100, 68],
  'cameras/Fujifilm_FinePix_E500.jpg': [59, 100],
  'cameras/Nikon_D70.jpg': [100, 66],
  'cameras/gps_DSCN0010.jpg': [640, 480],
  'cameras/hdr_iphone_hdr_YES.jpg': [3264, 2448],
  'cameras/mobile_HMD_Nokia_8.3_5G.jpg': [4608, 1976],
  'cameras/xmp_BlueSquare.jpg': [360, 216],
  'cameras/invalid_image00971.jpg': [636, 227],
  'libjpeg-turbo/monkey12.jpg': [149, 227],
  'libjpeg-turbo/testimgari.jpg': [227, 149],
  // EXIF orientation 6: the pixels are stored landscape; the rotation is the client's suggestion.
  'orientation/Portrait_6.jpg': [1800, 1200],
};

describe('JPEG structure check', () => {
  it.each(Object.entries(cameraSizes))('reads the frame size of %s', (file, [width, height]) => {
    expect(inspectJpeg(read(file))).toEqual({ ok: true, format: 'jpeg', width, height });
  });

  it('accepts every camera and libjpeg-turbo fixture', () => {
    for (const folder of ['cameras', 'libjpeg-turbo', 'orientation']) {
      for (const name of fs
        .readdirSync(path.join(photos, folder))
        .filter((n) => n.endsWith('.jpg'))) {
        expect(inspectJpeg(read(`${folder}/${name}`)).ok, name).toBe(true);
      }
    }
  });

  it('refuses the corrupted photo: a 16 KB block of 0xff in its data ends in a reserved marker', () => {
    const result = inspectJpeg(read('reject/corrupted.jpg'));
    expect(result).toMatchObject({ ok: false, refusal: 'corrupt', detail: 'reserved marker 0x9f' });
  });

  it('refuses HEIC, TIFF and PNG by signature', () => {
    for (const name of ['iphone.heic', 'BSG1.tiff', 'testorig.png']) {
      expect(inspectJpeg(read(`reject/${name}`))).toMatchObject({
        ok: false,
        refusal: 'not-an-image',
      });
    }
  });

  it('refuses a header claiming 20000x20000 as soon as the frame header has streamed past', () => {
    const bytes = craftJpeg({ width: 20000, height: 20000 });
    const scanner = new JpegScanner();
    const frameEnd = bytes.indexOf(0xc4) - 1;
    scanner.push(bytes.subarray(0, frameEnd));
    expect(scanner.failure?.refusal).toBe('too-many-pixels');
    expect(inspectJpeg(craftJpeg({ width: 10000, height: 10000 })).ok).toBe(true);
    expect(inspectJpeg(craftJpeg({ width: 10000, height: 10001 }))).toMatchObject({
      refusal: 'too-many-pixels',
    });
  });

  it('reads every start-of-frame kind and skips DHT, JPG and DAC', () => {
    for (let marker = 0xc0; marker <= 0xcf; marker++) {
      const result = inspectJpeg(craftJpeg({ width: 300, height: 200, frameMarker: marker }));
      if (marker === 0xc4 || marker === 0xc8 || marker === 0xcc)
        expect(result.ok, marker.toString(16)).toBe(false);
      else
        expect(result, marker.toString(16)).toEqual({
          ok: true,
          format: 'jpeg',
          width: 300,
          height: 200,
        });
    }
  });

  it('refuses a zero height, a truncated file and a missing end-of-image marker', () => {
    expect(inspectJpeg(craftJpeg({ width: 300, height: 0 }))).toMatchObject({ refusal: 'corrupt' });
    const whole = craftJpeg({ width: 300, height: 200 });
    expect(inspectJpeg(whole.subarray(0, whole.length - 2))).toMatchObject({
      refusal: 'truncated',
    });
    expect(inspectJpeg(whole.subarray(0, 40))).toMatchObject({ refusal: 'truncated' });
  });

  it('accepts restart markers in sequence and data after the end of the image', () => {
    const parts = Array.from({ length: 20 }, (_, k) => Uint8Array.of(k, 0xff, 0x00, k + 1));
    expect(
      inspectJpeg(
        craftJpeg({
          width: 8,
          height: 8,
          scanParts: parts,
          trailer: new Uint8Array(1000).fill(0xff),
        }),
      ).ok,
    ).toBe(true);
  });

  it('refuses a restart marker out of sequence and a reserved marker in the data', () => {
    const outOfSequence = concat([
      craftJpeg({ width: 8, height: 8, scanParts: [Uint8Array.of(1), Uint8Array.of(2)] }),
    ]);
    const rst = outOfSequence.lastIndexOf(0xd0);
    outOfSequence[rst] = 0xd3;
    expect(inspectJpeg(outOfSequence)).toMatchObject({ refusal: 'corrupt' });
    const reserved = craftJpeg({
      width: 8,
      height: 8,
      scanParts: [Uint8Array.of(1, 0xff, 0x1f, 2)],
    });
    expect(inspectJpeg(reserved)).toMatchObject({ refusal: 'corrupt' });
  });

  it('refuses a second image spliced into the first', () => {
    const first = craftJpeg({ width: 8, height: 8 });
    const spliced = concat([
      first.subarray(0, first.length - 2),
      craftJpeg({ width: 8, height: 8 }),
    ]);
    expect(inspectJpeg(spliced)).toMatchObject({ ok: false, refusal: 'corrupt' });
  });
});

describe('PNG check', () => {
  const png = read('reject/testorig.png');

  it('refuses PNG by default and reads its IHDR when allowed', () => {
    expect(inspectImage(png, lenient)).toMatchObject({ ok: false, refusal: 'png-not-allowed' });
    expect(inspectImage(png, { ...lenient, allowPng: true })).toEqual({
      ok: true,
      format: 'png',
      width: 227,
      height: 149,
    });
  });

  it('refuses a bad CRC, a missing IEND and a 20000x20000 IHDR', () => {
    const badCrc = png.slice();
    badCrc[40] = (badCrc[40]! + 1) & 0xff;
    expect(inspectImage(badCrc, { ...lenient, allowPng: true })).toMatchObject({
      refusal: 'corrupt',
    });
    expect(
      inspectImage(png.subarray(0, png.length - 12), { ...lenient, allowPng: true }),
    ).toMatchObject({ refusal: 'truncated' });
    const huge = png.slice();
    const view = new DataView(huge.buffer);
    view.setUint32(16, 20000);
    view.setUint32(20, 20000);
    view.setUint32(29, zlib.crc32(huge.subarray(12, 29)));
    expect(inspectImage(huge, { ...lenient, allowPng: true })).toMatchObject({
      refusal: 'too-many-pixels',
    });
  });
});

describe('image inspector', () => {
  it('refuses more bytes than the limit, empty files and unknown formats', () => {
    const jpeg = craftJpeg({ width: 8, height: 8 });
    expect(inspectImage(jpeg, { ...lenient, maxBytes: jpeg.length })).toMatchObject({ ok: true });
    expect(inspectImage(jpeg, { ...lenient, maxBytes: jpeg.length - 1 })).toMatchObject({
      refusal: 'file-too-big',
    });
    expect(inspectImage(new Uint8Array(0), lenient)).toMatchObject({ refusal: 'not-an-image' });
    expect(inspectImage(Uint8Array.of(0xff), lenient)).toMatchObject({ refusal: 'not-an-image' });
    expect(inspectImage(Uint8Array.of(0xff, 0xd8, 0xff), lenient)).toMatchObject({
      refusal: 'truncated',
    });
  });
});

/** Random marker soup: each element is a marker with a body, a raw byte run, or fill bytes. */
const soupPiece = fc.oneof(
  fc
    .record({ marker: fc.integer({ min: 0, max: 255 }), body: fc.uint8Array({ maxLength: 40 }) })
    .map(({ marker, body }) => segment(marker, body)),
  fc.uint8Array({ maxLength: 30 }),
  fc.constantFrom(
    Uint8Array.of(0xff, 0xd9),
    Uint8Array.of(0xff, 0xda),
    Uint8Array.of(0xff, 0xff, 0xff),
    Uint8Array.of(0xff, 0xd0),
  ),
);
const soup = fc
  .array(soupPiece, { maxLength: 30 })
  .map((pieces) => concat([Uint8Array.of(0xff, 0xd8), ...pieces]));

function inspectInChunks(bytes: Uint8Array, cuts: number[], allowPng: boolean) {
  const inspector = new ImageInspector({ allowPng, maxBytes: Number.MAX_SAFE_INTEGER });
  let at = 0;
  for (const cut of [...cuts.map((c) => c % (bytes.length + 1))].sort((a, b) => a - b)) {
    inspector.push(bytes.subarray(at, Math.max(at, cut)));
    at = Math.max(at, cut);
  }
  inspector.push(bytes.subarray(at));
  return inspector.finish();
}

describe('properties', () => {
  it('random segment soup never throws and gives a size or a clear refusal', () => {
    fc.assert(
      fc.property(soup, fc.boolean(), (bytes, allowPng) => {
        const result = inspectImage(bytes, { allowPng, maxBytes: Number.MAX_SAFE_INTEGER });
        if (result.ok) expect(result.width * result.height).toBeLessThanOrEqual(MAX_PIXELS);
        else
          expect([
            'not-an-image',
            'png-not-allowed',
            'too-many-pixels',
            'corrupt',
            'truncated',
          ]).toContain(result.refusal);
      }),
      { numRuns: 2000 },
    );
  });

  it('any random bytes never throw', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.boolean(), (bytes, allowPng) => {
        expect(inspectImage(bytes, { allowPng, maxBytes: 1000 })).toHaveProperty('ok');
      }),
    );
  });

  it('a crafted JPEG of any allowed size is read back, however the stream is cut', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 65535 }),
        fc.integer({ min: 1, max: 65535 }),
        fc.array(
          fc.record({
            marker: fc.constantFrom(0xe0, 0xe1, 0xe2, 0xed, 0xfe),
            body: fc.uint8Array({ maxLength: 300 }),
          }),
          { maxLength: 4 },
        ),
        fc.array(
          fc.uint8Array({ maxLength: 50 }).map((b) => b.map((x) => (x === 0xff ? 0 : x))),
          { minLength: 1, maxLength: 12 },
        ),
        fc.array(fc.nat(), { maxLength: 6 }),
        (width, height, segments, scanParts, cuts) => {
          const bytes = craftJpeg({ width, height, segments, scanParts });
          const result = inspectInChunks(bytes, cuts, false);
          if (width * height > MAX_PIXELS)
            expect(result).toMatchObject({ ok: false, refusal: 'too-many-pixels' });
          else expect(result).toEqual({ ok: true, format: 'jpeg', width, height });
        },
      ),
    );
  });

  it('cutting a stream anywhere gives the same verdict as reading it whole', () => {
    fc.assert(
      fc.property(soup, fc.array(fc.nat(), { maxLength: 8 }), (bytes, cuts) => {
        expect(inspectInChunks(bytes, cuts, true)).toEqual(
          inspectImage(bytes, { allowPng: true, maxBytes: Number.MAX_SAFE_INTEGER }),
        );
      }),
    );
  });
});
