import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODEC_WASM_FILES, pickCodecWasm, wasmSimdSupported } from './codecWasm';
import { loadPhotoCodec, type CodecResult, type DecodedImage, type PhotoCodec } from './photoCodec';
import { fixture, WASM_PATHS } from './test/support';

describe('pickCodecWasm', () => {
  const urls = { simd: '/assets/photo_codec-a.wasm', scalar: '/assets/photo_codec_scalar-b.wasm' };

  it('gives the SIMD module where the SIMD probe validates', () => {
    expect(pickCodecWasm(urls, true)).toBe(urls.simd);
  });

  it('gives the scalar module where it does not (iOS Safari before 16.4)', () => {
    expect(pickCodecWasm(urls, false)).toBe(urls.scalar);
  });

  it('asks the engine when no probe result is given: Node has wasm SIMD', () => {
    expect(wasmSimdSupported()).toBe(true);
    expect(pickCodecWasm(CODEC_WASM_FILES)).toBe('photo_codec.wasm');
  });
});

/** How many RGBA bytes differ (0 = the same image). */
function differingBytes(a: DecodedImage, b: DecodedImage): number {
  let count = 0;
  for (let i = 0; i < a.rgba.length; i++) if (a.rgba[i] !== b.rgba[i]) count += 1;
  return count;
}

function pixels(result: CodecResult<DecodedImage>): DecodedImage {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

describe('the scalar module', () => {
  let simd: PhotoCodec;
  let scalar: PhotoCodec;
  beforeAll(async () => {
    const [simdBytes, scalarBytes] = [
      readFileSync(WASM_PATHS.simd),
      readFileSync(WASM_PATHS.scalar),
    ];
    // Two different builds, or the comparisons below would prove nothing.
    expect(Buffer.compare(simdBytes, scalarBytes)).not.toBe(0);
    [simd, scalar] = await Promise.all([loadPhotoCodec(simdBytes), loadPhotoCodec(scalarBytes)]);
  });

  // Baseline and progressive camera files, EXIF-rotated ones; boxes that leave the
  // Lanczos-3 passes a non-trivial reduction after DCT scaling.
  const files = [
    ['cameras/hdr_iphone_hdr_YES.jpg', 6],
    ['cameras/mobile_HMD_Nokia_8.3_5G.jpg', 1],
    ['libjpeg-turbo/testimgint.jpg', 1],
    ['orientation/Landscape_6.jpg', 6],
    ['orientation/Portrait_3.jpg', 3],
  ] as const;

  for (const [file, orientation] of files) {
    it(`decodes ${file} to the SIMD module's pixels`, () => {
      const bytes = fixture(file);
      for (const box of [1024, 640, 333]) {
        const a = pixels(simd.decodeToFit(bytes, box, box, orientation));
        const b = pixels(scalar.decodeToFit(bytes, box, box, orientation));
        expect([b.width, b.height, b.scaleEighths]).toEqual([a.width, a.height, a.scaleEighths]);
        expect(differingBytes(a, b), `${file} at ${box}`).toBe(0);
      }
      const preview = pixels(simd.decodeToFit(bytes, 640, 640, orientation));
      const a = pixels(simd.resizeToFit(preview, 100, 100, 'sepia'));
      const b = pixels(scalar.resizeToFit(preview, 100, 100, 'sepia'));
      expect(differingBytes(a, b), `${file} thumbnail`).toBe(0);
    });
  }
});
