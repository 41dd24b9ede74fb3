import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readJfifDensity, setJfifDensity } from './jfif';

const skiaHeader = [
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01,
  0x00, 0x01, 0x00, 0x00, 0xff, 0xdb,
];

describe('JFIF density', () => {
  it('patches the APP0 that Skia writes to dots per inch', () => {
    const jpeg = new Uint8Array(skiaHeader);
    const patched = setJfifDensity(jpeg, 300);
    expect(readJfifDensity(patched)).toEqual({ units: 1, x: 300, y: 300 });
    expect(readJfifDensity(jpeg)).toEqual({ units: 0, x: 1, y: 1 });
    expect(patched.length).toBe(jpeg.length);
  });

  it('inserts an APP0 when there is none, keeping every other byte', () => {
    const bare = new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 0x01]);
    const patched = setJfifDensity(bare, 150);
    expect(readJfifDensity(patched)).toEqual({ units: 1, x: 150, y: 150 });
    expect(Array.from(patched.slice(-5))).toEqual([0xff, 0xdb, 0x00, 0x43, 0x01]);
  });

  it('round-trips any dpi a print can have', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 0xffff }), (dpi) => {
        expect(readJfifDensity(setJfifDensity(new Uint8Array(skiaHeader), dpi))).toEqual({
          units: 1,
          x: dpi,
          y: dpi,
        });
      }),
    );
  });

  it('refuses what is not a JPEG', () => {
    expect(() => setJfifDensity(new Uint8Array([0x89, 0x50, 0x4e, 0x47]), 300)).toThrow(
      /Not a JPEG/,
    );
  });
});
