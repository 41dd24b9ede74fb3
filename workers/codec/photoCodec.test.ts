import { readdirSync, readFileSync } from 'node:fs';
import exifr from 'exifr';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  crashForTest,
  loadPhotoCodec,
  type CodecResult,
  type DecodedImage,
  type PhotoCodec,
  type PhotoEffect,
  type PhotoRegion,
} from './photoCodec';
import type { PhotoPlacement } from './codecTypes';
import {
  FIXTURES,
  fitWithin,
  fixture,
  jpegSize,
  loadCodec,
  meanAbsDifference,
  WASM_PATH,
} from './test/support';

let codec: PhotoCodec;
beforeAll(async () => {
  codec = await loadCodec();
});

function decoded(result: ReturnType<PhotoCodec['decodeToFit']>): DecodedImage {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

async function orientationOf(bytes: Uint8Array): Promise<number> {
  return ((await exifr.orientation(bytes)) as number | undefined) ?? 1;
}

describe('EXIF orientation', () => {
  for (const kind of ['Landscape', 'Portrait'] as const) {
    it(`turns every ${kind}_N upright, matching ${kind}_1 pixel for pixel`, async () => {
      const upright = decoded(
        codec.decodeToFit(fixture(`orientation/${kind}_1.jpg`), 1024, 1024, 1),
      );
      const [w, h] = kind === 'Landscape' ? [1024, 683] : [683, 1024];
      expect([upright.width, upright.height]).toEqual([w, h]);
      for (let n = 0; n <= 8; n++) {
        const bytes = fixture(`orientation/${kind}_${n}.jpg`);
        const orientation = await orientationOf(bytes);
        expect(orientation, 'the tag as written (0 is out of range: as stored)').toBe(n);
        const image = decoded(codec.decodeToFit(bytes, 1024, 1024, orientation));
        expect([image.width, image.height], `${kind}_${n}`).toEqual([w, h]);
        expect(meanAbsDifference(image, upright), `${kind}_${n}`).toBeLessThan(3);
      }
    });
  }

  it('a wrong orientation is clearly visible to the comparison', () => {
    const upright = decoded(
      codec.decodeToFit(fixture('orientation/Landscape_1.jpg'), 1024, 1024, 1),
    );
    const mirrored = decoded(
      codec.decodeToFit(fixture('orientation/Landscape_3.jpg'), 1024, 1024, 2),
    );
    expect(meanAbsDifference(mirrored, upright)).toBeGreaterThan(20);
  });

  it('maps each orientation as EXIF defines it, on a tiny stored image', () => {
    // 3x2 stored pixels numbered 0..5; expected oriented layouts, row by row.
    const expected: Record<number, number[]> = {
      1: [0, 1, 2, 3, 4, 5],
      2: [2, 1, 0, 5, 4, 3],
      3: [5, 4, 3, 2, 1, 0],
      4: [3, 4, 5, 0, 1, 2],
      5: [0, 3, 1, 4, 2, 5],
      6: [3, 0, 4, 1, 5, 2],
      7: [5, 2, 4, 1, 3, 0],
      8: [2, 5, 1, 4, 0, 3],
    };
    // TINY_JPEG has one flat 8x8 block per pixel: decoded at 1/8 each block is one pixel.
    for (const [orientation, order] of Object.entries(expected)) {
      const o = Number(orientation);
      const image = decoded(codec.decodeScaled(TINY_JPEG, 1, 1, o));
      expect([image.width, image.height]).toEqual(o >= 5 ? [2, 3] : [3, 2]);
      const seen = Array.from({ length: 6 }, (_, i) => Math.round(image.rgba[i * 4]! / 40));
      expect(seen, `orientation ${o}`).toEqual(order);
    }
  });
});

describe('camera and phone photos', () => {
  const cameras = readdirSync(`${FIXTURES}/cameras`).filter((name) => name.endsWith('.jpg'));

  it.each(cameras)(
    '%s decodes inside the 1024, 640 and 512 boxes with its aspect ratio',
    (name) => {
      const bytes = fixture(`cameras/${name}`);
      const stored = jpegSize(bytes);
      const probe = codec.probe(bytes);
      expect(probe.ok && [probe.value.width, probe.value.height]).toEqual([
        stored.width,
        stored.height,
      ]);
      for (const box of [1024, 640, 512]) {
        const image = decoded(codec.decodeToFit(bytes, box, box, 1));
        expect([image.width, image.height]).toEqual(
          fitWithin(stored.width, stored.height, box, box),
        );
        expect(Math.max(image.width, image.height)).toBeLessThanOrEqual(box);
        expect(Math.abs(image.width / image.height - stored.width / stored.height)).toBeLessThan(
          2 / Math.min(image.width, image.height),
        );
        expect([image.sourceWidth, image.sourceHeight]).toEqual([stored.width, stored.height]);
      }
    },
  );

  it('chooses the smallest DCT scale whose output is at or above the target', () => {
    for (const name of cameras) {
      const bytes = fixture(`cameras/${name}`);
      const { width, height } = jpegSize(bytes);
      for (const box of [1024, 640, 512, 100]) {
        const image = decoded(codec.decodeToFit(bytes, box, box, 1));
        const [fw, fh] = fitWithin(width, height, box, box);
        const side = (length: number, eighths: number) => Math.ceil((length * eighths) / 8);
        const covers = (e: number) => side(width, e) >= fw && side(height, e) >= fh;
        const smallest = [1, 2, 4, 8].find(covers) ?? 8;
        expect(image.scaleEighths, `${name} in ${box}`).toBe(smallest);
      }
    }
    const big = fixture('cameras/hdr_iphone_hdr_YES.jpg'); // 3264x2448
    expect(decoded(codec.decodeToFit(big, 1024, 1024)).scaleEighths).toBe(4);
    expect(decoded(codec.decodeToFit(big, 512, 512)).scaleEighths).toBe(2);
    expect(decoded(codec.decodeToFit(big, 100, 100)).scaleEighths).toBe(1);
  });

  it('decodeScaled returns the DCT-scaled pixels at or above the minimum, oriented', () => {
    const big = fixture('cameras/hdr_iphone_hdr_YES.jpg'); // 3264x2448
    const half = decoded(codec.decodeScaled(big, 1000, 1000));
    expect([half.width, half.height, half.scaleEighths]).toEqual([1632, 1224, 4]);
    const quarter = decoded(codec.decodeScaled(big, 816, 612));
    expect([quarter.width, quarter.height, quarter.scaleEighths]).toEqual([816, 612, 2]);
    // Orientation 6 swaps the axes: 1300 wide after turning needs 1300 stored rows.
    const turned = decoded(codec.decodeScaled(big, 1300, 100, 6));
    expect([turned.width, turned.height, turned.scaleEighths]).toEqual([2448, 3264, 8]);
    const full = decoded(codec.decodeScaled(big, 99999, 99999));
    expect([full.width, full.height, full.scaleEighths]).toEqual([3264, 2448, 8]);
  });

  it('decodeScaledInPlace hands over the pixels decodeScaled and applyEffect make, without keeping a handle', () => {
    const big = fixture('cameras/hdr_iphone_hdr_YES.jpg');
    const copied = decoded(
      codec.applyEffect(decoded(codec.decodeScaled(big, 700, 500, 6)), 'sepia'),
    );
    const inPlace = codec.decodeScaledInPlace(big, 700, 500, 6, 'sepia', (image) => ({
      width: image.width,
      height: image.height,
      same: Buffer.from(image.rgba.buffer, image.rgba.byteOffset, image.rgba.length).equals(
        Buffer.from(copied.rgba),
      ),
    }));
    expect(inPlace).toEqual({
      ok: true,
      value: { width: copied.width, height: copied.height, same: true },
    });
    expect(codec.liveImages()).toBe(0);
    const broken = codec.decodeScaledInPlace(
      new Uint8Array([0x89, 0x50, 0x4e, 0x47]),
      1,
      1,
      1,
      'none',
      () => 'never',
    );
    expect(broken.ok || broken.error.code).toBe('NOT_JPEG');
  });

  it('decodeScaledRegionInPlace gives the part of decodeScaled (effect applied), scaledSize its size first', () => {
    const big = fixture('cameras/hdr_iphone_hdr_YES.jpg'); // 3264x2448 baseline: the region path
    for (const [minW, minH, orientation] of [
      [700, 500, 6],
      [1000, 1000, 1],
      [400, 300, 3],
    ] as const) {
      const whole = decoded(
        codec.applyEffect(decoded(codec.decodeScaled(big, minW, minH, orientation)), 'grey'),
      );
      const size = codec.scaledSize(big, minW, minH, orientation);
      expect(size).toEqual({
        ok: true,
        value: { width: whole.width, height: whole.height, scaleEighths: whole.scaleEighths },
      });
      for (const region of [
        { x: 0, y: 0, width: 1, height: 1 },
        { x: whole.width - 37, y: 101, width: 37, height: whole.height - 101 },
        { x: 250, y: 170, width: 123, height: 45 },
      ]) {
        const part = codec.decodeScaledRegionInPlace(
          big,
          minW,
          minH,
          orientation,
          region,
          'grey',
          (image) => ({ width: image.width, height: image.height, rgba: Buffer.from(image.rgba) }),
        );
        const expected = Buffer.alloc(region.width * region.height * 4);
        for (let row = 0; row < region.height; row++) {
          const from = ((region.y + row) * whole.width + region.x) * 4;
          expected.set(whole.rgba.subarray(from, from + region.width * 4), row * region.width * 4);
        }
        expect(
          part.ok && part.value.rgba.equals(expected),
          `${orientation} ${JSON.stringify(region)}`,
        ).toBe(true);
      }
    }
    const outside = codec.decodeScaledRegionInPlace(
      big,
      1,
      1,
      1,
      { x: 400, y: 0, width: 9, height: 9 },
      'none',
      () => 'never',
    );
    expect(outside.ok || outside.error.code).toBe('BAD_ARGUMENT');
    expect(codec.liveImages()).toBe(0);
  });
});

/** The whole placed image of an openPlaced photo, closed after. */
function decodePlaced<T>(
  jpeg: Uint8Array,
  minW: number,
  minH: number,
  orientation: number,
  region: PhotoRegion,
  placement: PhotoPlacement,
  effect: PhotoEffect,
  use: (image: DecodedImage) => T,
): CodecResult<T> {
  const open = codec.openPlaced(jpeg, minW, minH, orientation, region, placement);
  if (!open.ok) return open;
  try {
    return open.value.rowsInPlace(0, placement.height, effect, use);
  } finally {
    open.value.close();
  }
}

describe('openPlaced', () => {
  const big = fixture('cameras/hdr_iphone_hdr_YES.jpg');
  const keep = (image: DecodedImage) => ({
    width: image.width,
    height: image.height,
    rgba: Buffer.from(image.rgba),
  });

  it('gives the region itself, effect applied, when the placement moves it by whole pixels only', () => {
    for (const orientation of [1, 6, 7]) {
      const region = { x: 120, y: 80, width: 64, height: 48 };
      const part = codec.decodeScaledRegionInPlace(
        big,
        800,
        600,
        orientation,
        region,
        'sepia',
        keep,
      );
      const shifted = { width: 60, height: 40, ratioX: 1, ratioY: 1, offsetX: 3, offsetY: 5 };
      const placed = decodePlaced(big, 800, 600, orientation, region, shifted, 'sepia', keep);
      if (!part.ok || !placed.ok) throw new Error('decode failed');
      expect([placed.value.width, placed.value.height]).toEqual([60, 40]);
      for (const [x, y] of [
        [0, 0],
        [59, 39],
        [17, 23],
      ] as const) {
        const at = (y * 60 + x) * 4;
        const from = ((y + 5) * 64 + x + 3) * 4;
        expect([...placed.value.rgba.subarray(at, at + 4)]).toEqual([
          ...part.value.rgba.subarray(from, from + 4),
        ]);
      }
    }
    expect(codec.liveImages()).toBe(0);
  });

  it('answers any placement with pixels or BAD_ARGUMENT, never a trap, and leaves no image behind', () => {
    const small = fixture('orientation/Landscape_5.jpg');
    fc.assert(
      fc.property(
        fc.record({
          x: fc.integer({ min: 0, max: 80 }),
          y: fc.integer({ min: 0, max: 60 }),
          width: fc.integer({ min: 1, max: 90 }),
          height: fc.integer({ min: 1, max: 90 }),
        }),
        fc.record({
          width: fc.integer({ min: 0, max: 300 }),
          height: fc.integer({ min: 0, max: 300 }),
          ratioX: fc.double({ min: -1, max: 12 }),
          ratioY: fc.double({ min: 0.01, max: 12, noNaN: true }),
          offsetX: fc.double({ min: -500, max: 500 }),
          offsetY: fc.double({ min: -500, max: 500, noNaN: true }),
        }),
        (region, placement) => {
          const result = decodePlaced(small, 1, 1, 5, region, placement, 'grey', (image) => [
            image.width,
            image.height,
          ]);
          if (result.ok) expect(result.value).toEqual([placement.width, placement.height]);
          else expect(result.error.code).toBe('BAD_ARGUMENT');
          expect(codec.liveImages()).toBe(0);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives a band of rows as those rows of the whole, holds the part until closed, then refuses rows', () => {
    const region = { x: 40, y: 30, width: 300, height: 200 };
    const placement = {
      width: 170,
      height: 113,
      ratioX: 1.7,
      ratioY: 1.7,
      offsetX: 2.5,
      offsetY: 1,
    };
    const whole = decodePlaced(big, 800, 600, 6, region, placement, 'vintage', keep);
    const open = codec.openPlaced(big, 800, 600, 6, region, placement);
    if (!whole.ok || !open.ok) throw new Error('decode failed');
    expect(codec.liveImages()).toBe(1);
    for (const [top, count] of [
      [0, 20],
      [20, 1],
      [57, 56],
    ] as const) {
      const rows = open.value.rowsInPlace(top, count, 'vintage', keep);
      expect(
        rows.ok &&
          rows.value.rgba.equals(whole.value.rgba.subarray(top * 170 * 4, (top + count) * 170 * 4)),
      ).toBe(true);
    }
    const past = open.value.rowsInPlace(100, 14, 'none', keep);
    expect(past.ok || past.error.code).toBe('BAD_ARGUMENT');
    open.value.close();
    open.value.close();
    expect(codec.liveImages()).toBe(0);
    const closed = open.value.rowsInPlace(0, 1, 'none', keep);
    expect(closed.ok || closed.error.code).toBe('BAD_ARGUMENT');
  });

  it('halves a region as a Lanczos-3 reduction keeps its mean, and refuses placements it cannot reach', () => {
    const region = { x: 0, y: 0, width: 400, height: 300 };
    const part = codec.decodeScaledRegionInPlace(big, 800, 600, 1, region, 'none', keep);
    const half = { width: 200, height: 150, ratioX: 2, ratioY: 2, offsetX: 0, offsetY: 0 };
    const placed = decodePlaced(big, 800, 600, 1, region, half, 'none', keep);
    if (!part.ok || !placed.ok) throw new Error('decode failed');
    const mean = (rgba: Buffer) =>
      rgba.reduce((sum, v, i) => (i % 4 === 3 ? sum : sum + v), 0) / ((rgba.length / 4) * 3);
    expect(Math.abs(mean(placed.value.rgba) - mean(part.value.rgba))).toBeLessThan(0.5);
    for (const bad of [
      { ...half, ratioX: 0 },
      { ...half, ratioY: 10.5 },
      { ...half, offsetX: Number.NaN },
      { ...half, width: 0 },
    ]) {
      const refused = decodePlaced(big, 800, 600, 1, region, bad, 'none', () => 'never');
      expect(refused.ok || refused.error.code, JSON.stringify(bad)).toBe('BAD_ARGUMENT');
    }
    expect(codec.liveImages()).toBe(0);
  });
});

describe('colour spaces, boxes and memory', () => {
  const local = (name: string) =>
    new Uint8Array(readFileSync(new URL(`./test/${name}`, import.meta.url)));

  it('refuses an Adobe CMYK JPEG with the CMYK code (no false colours), in every call', () => {
    for (const result of [
      codec.decodeToFit(local('cmyk-48x32.jpg'), 100, 100),
      codec.decodeScaled(local('cmyk-48x32.jpg'), 1, 1),
      codec.probe(local('cmyk-48x32.jpg')),
    ]) {
      expect(result.ok).toBe(false);
      if (!result.ok)
        expect(result.error).toEqual({ code: 'CMYK', message: expect.stringContaining('RGB') });
    }
    const rgb = decoded(codec.decodeToFit(local('rgb-48x32.jpg'), 100, 100));
    expect([rgb.width, rgb.height, rgb.colour]).toEqual([48, 32, 'none']);
    expect(codec.liveImages()).toBe(0);
  });

  it('measures a non-square box after orientation', () => {
    const bytes = fixture('orientation/Landscape_6.jpg'); // stored 1200x1800, upright 1800x1200
    const wide = decoded(codec.decodeToFit(bytes, 300, 250, 6));
    expect([wide.width, wide.height]).toEqual([300, 200]);
    const narrow = decoded(codec.decodeToFit(bytes, 150, 400, 6));
    expect([narrow.width, narrow.height]).toEqual([150, 100]);
  });

  it('never enlarges a photo smaller than the box', () => {
    const small = decoded(codec.decodeToFit(fixture('libjpeg-turbo/testorig.jpg'), 1024, 1024));
    expect([small.width, small.height, small.scaleEighths]).toEqual([227, 149, 8]);
  });

  it('gives grown memory back by replacing the instance', async () => {
    const lean = await loadPhotoCodec(readFileSync(WASM_PATH), { maxRetainedBytes: 4 << 20 });
    const small = lean.memoryBytes();
    expect(
      decoded(lean.decodeToFit(fixture('cameras/hdr_iphone_hdr_YES.jpg'), 1024, 1024)).width,
    ).toBe(1024);
    expect(lean.restarts).toBe(1);
    expect(lean.memoryBytes()).toBe(small);
  });
});

describe('files it cannot decode', () => {
  const good = fixture('libjpeg-turbo/testorig.jpg');
  const landscape = fixture('orientation/Landscape_1.jpg');
  const cases: [string, Uint8Array, string][] = [
    ['arithmetic coding', fixture('libjpeg-turbo/testimgari.jpg'), 'ARITHMETIC'],
    ['12-bit samples', fixture('libjpeg-turbo/monkey12.jpg'), 'PRECISION'],
    ['a corrupt scan', fixture('reject/corrupted.jpg'), 'CORRUPT'],
    ['a truncated file', landscape.subarray(0, landscape.length >> 1), 'TRUNCATED'],
    ['only the header', landscape.subarray(0, 600), 'TRUNCATED'],
    ['HEIC', fixture('reject/iphone.heic'), 'NOT_JPEG'],
    ['TIFF', fixture('reject/BSG1.tiff'), 'NOT_JPEG'],
    ['PNG', fixture('reject/testorig.png'), 'NOT_JPEG'],
    ['no bytes at all', new Uint8Array(0), 'TRUNCATED'],
  ];

  it.each(cases)(
    '%s gives a clear error and the next file still decodes',
    (_label, bytes, code) => {
      const result = codec.decodeToFit(bytes, 1024, 1024, 1);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.code).toBe(code);
        expect(result.error.message.length).toBeGreaterThan(5);
      }
      expect(decoded(codec.decodeToFit(good, 1024, 1024, 1)).width).toBe(227);
      expect(codec.liveImages()).toBe(0);
    },
  );

  it('survives a trap: the instance is replaced and the next file decodes', () => {
    const before = codec.restarts;
    const crash = crashForTest(codec);
    expect(crash.ok).toBe(false);
    if (!crash.ok) {
      expect(crash.error.code).toBe('CRASHED');
      expect(crash.error.message).toContain('panic_for_test was called');
    }
    const image = decoded(codec.decodeToFit(good, 100, 100, 1));
    expect([image.width, image.height]).toEqual([100, 66]);
    expect(codec.restarts).toBe(before + 1);
  });

  it('refuses bad arguments without trapping', () => {
    for (const [w, h] of [
      [0, 1024],
      [-1, 1024],
      [1024, Number.NaN],
      [10.5, 10],
    ]) {
      const result = codec.decodeToFit(good, w!, h!, 1);
      expect(!result.ok && result.error.code, `${w}x${h}`).toBe('BAD_ARGUMENT');
    }
    const image = decoded(codec.decodeToFit(good, 64, 64));
    const wrong = codec.applyEffect({ ...image, rgba: image.rgba.subarray(4) }, 'grey');
    expect(!wrong.ok && wrong.error.code).toBe('BAD_ARGUMENT');
  });
});

/** 24x16 greyscale JPEG of six flat 8x8 blocks (0, 40, 80 / 120, 160, 200), quality 100 (cjpeg). */
const TINY_JPEG = Uint8Array.from(
  atob(
    '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQH/wAALCAAQABgBAREA/8QAFQABAQAAAAAAAAAAAAAAAAAACQv/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/9oACAEBAAA/AJ/5QCgFAKAUB//Z',
  ),
  (c) => c.charCodeAt(0),
);
