import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  normalizeRotation,
  parsePhotoKey,
  photoKey,
  rotateStep,
  rotationFromExifOrientation,
  suggestedRotation,
} from './orientation';

describe('orientation', () => {
  it('maps EXIF orientation 3, 6, 8 to 180, 90, 270 and the rest to 0', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 0, 9].map(rotationFromExifOrientation)).toEqual([
      0, 0, 180, 0, 0, 90, 0, 270, 0, 0,
    ]);
  });

  it('limits suggestions to multiples of 90', () => {
    expect(
      [0, 90, 180, 270, 360, -90, 45, 91, '90', '', 'x', null, undefined, 1.5, Number.NaN].map(
        suggestedRotation,
      ),
    ).toEqual([0, 90, 180, 270, 0, 270, 0, 0, 90, 0, 0, 0, 0, 0, 0]);
  });

  it('rotates in steps modulo 360', () => {
    expect(rotateStep(270)).toBe(0);
    expect(rotateStep(0, -90)).toBe(270);
    expect(normalizeRotation(-0)).toBe(0);
    expect(Object.is(normalizeRotation(-360), 0)).toBe(true);
    expect(normalizeRotation(Number.POSITIVE_INFINITY)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: -10000, max: 10000 }), (degrees) => {
        const r = normalizeRotation(degrees);
        expect(r >= 0 && r < 360 && (r - degrees) % 360 === 0).toBe(true);
        expect(rotateStep(rotateStep(rotateStep(rotateStep(r))))).toBe(r);
      }),
    );
  });
});

describe('photo key', () => {
  it('joins size, width, height and the first 8 hex of the MD5 by dots', () => {
    expect(photoKey(2483921, 4000, 3000, '9E107D9D372BB6826BD81D3542A419D6')).toBe(
      '2483921.4000.3000.9e107d9d',
    );
  });

  it('refuses what cannot be a key', () => {
    expect(() => photoKey(-1, 1, 1, 'abcdef01')).toThrow(RangeError);
    expect(() => photoKey(1.5, 1, 1, 'abcdef01')).toThrow(/size/);
    expect(() => photoKey(1, 1, 1, 'abc')).toThrow(/md5/);
    expect(() => photoKey(1, 1, 1, 'ghijklmn')).toThrow(/md5/);
  });

  it('reads back what it writes and nothing else', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 2 ** 40 }),
        fc.nat({ max: 100000 }),
        fc.nat({ max: 100000 }),
        fc.stringMatching(/^[0-9a-f]{32}$/),
        (size, w, h, md5) => {
          expect(parsePhotoKey(photoKey(size, w, h, md5))).toEqual({
            sizeBytes: size,
            widthPx: w,
            heightPx: h,
            hash: md5.slice(0, 8),
          });
        },
      ),
    );
    for (const bad of [
      '',
      '1.2.3',
      '1.2.3.abcdefg1',
      '01.2.3.abcdef01',
      '1.2.3.ABCDEF01',
      '1.2.3.abcdef012',
      '99999999999999999.1.1.abcdef01',
      '1.2.3.abcdef01\n',
    ]) {
      expect(parsePhotoKey(bad)).toBeNull();
    }
  });
});
