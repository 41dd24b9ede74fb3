/** Shared by the codec tests and the codec benchmark: fixtures, an independent JPEG header
 * reader, a float Lanczos-3 reference resampler and image comparisons. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CODEC_WASM_FILES, pickCodecWasm, type CodecWasmVariant } from '../codecWasm';
import { loadPhotoCodec, type DecodedImage, type PhotoCodec } from '../photoCodec';

const root = fileURLToPath(new URL('../../../', import.meta.url));
export const FIXTURES = `${root}../shared/fixtures/photos`;
/** Both builds of the codec; WASM_PATH is the one this runtime gets (SIMD in any current Node). */
export const WASM_PATHS: Readonly<Record<CodecWasmVariant, string>> = {
  simd: `${root}wasm/photo-codec/${CODEC_WASM_FILES.simd}`,
  scalar: `${root}wasm/photo-codec/${CODEC_WASM_FILES.scalar}`,
};
export const WASM_PATH = pickCodecWasm(WASM_PATHS);

export function fixture(path: string): Uint8Array {
  return new Uint8Array(readFileSync(`${FIXTURES}/${path}`));
}

export function loadCodec(): Promise<PhotoCodec> {
  return loadPhotoCodec(readFileSync(WASM_PATH));
}

/** Stored size from the first SOF marker, read without the codec. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`no marker at ${at}`);
    const marker = bytes[at + 1]!;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    const isSof =
      marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isSof)
      return {
        height: (bytes[at + 5]! << 8) | bytes[at + 6]!,
        width: (bytes[at + 7]! << 8) | bytes[at + 8]!,
      };
    at += 2 + length;
  }
  throw new Error('no SOF marker');
}

/** The size `width` x `height` takes to fit inside the box, never enlarged. */
export function fitWithin(
  width: number,
  height: number,
  maxW: number,
  maxH: number,
): [number, number] {
  if (width <= maxW && height <= maxH) return [width, height];
  const ratio = Math.min(maxW / width, maxH / height);
  return [
    Math.min(maxW, Math.max(1, Math.round(width * ratio))),
    Math.min(maxH, Math.max(1, Math.round(height * ratio))),
  ];
}

export function meanAbsDifference(a: DecodedImage, b: DecodedImage): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('sizes differ');
  let sum = 0;
  for (let i = 0; i < a.rgba.length; i += 4) {
    sum +=
      Math.abs(a.rgba[i]! - b.rgba[i]!) +
      Math.abs(a.rgba[i + 1]! - b.rgba[i + 1]!) +
      Math.abs(a.rgba[i + 2]! - b.rgba[i + 2]!);
  }
  return sum / ((a.rgba.length / 4) * 3);
}

/** Peak signal-to-noise ratio over R, G and B in dB. */
export function psnr(a: Uint8ClampedArray | Uint8Array, b: Uint8ClampedArray | Uint8Array): number {
  let squares = 0;
  let count = 0;
  for (let i = 0; i < a.length; i += 4) {
    for (let c = 0; c < 3; c++) {
      const d = a[i + c]! - b[i + c]!;
      squares += d * d;
      count += 1;
    }
  }
  return squares === 0 ? Infinity : 10 * Math.log10((255 * 255) / (squares / count));
}

function lanczos3(x: number): number {
  if (x === 0) return 1;
  if (Math.abs(x) >= 3) return 0;
  const a = Math.PI * x;
  return (3 * Math.sin(a) * Math.sin(a / 3)) / (a * a);
}

/** One pass of a float Lanczos-3 along one axis of an RGBA float image. */
function pass(
  src: Float64Array,
  w: number,
  h: number,
  dstLen: number,
  horizontal: boolean,
): Float64Array {
  const srcLen = horizontal ? w : h;
  const [outW, outH] = horizontal ? [dstLen, h] : [w, dstLen];
  const out = new Float64Array(outW * outH * 4);
  const ratio = srcLen / dstLen;
  const stretch = Math.max(1, ratio);
  for (let o = 0; o < dstLen; o++) {
    const center = (o + 0.5) * ratio;
    const first = Math.max(0, Math.floor(center - 3 * stretch));
    const last = Math.min(srcLen, Math.ceil(center + 3 * stretch));
    const weights: number[] = [];
    for (let s = first; s < last; s++) weights.push(lanczos3((s + 0.5 - center) / stretch));
    const total = weights.reduce((a, b) => a + b, 0);
    for (let across = 0; across < (horizontal ? h : w); across++) {
      const acc = [0, 0, 0];
      for (let k = 0; k < weights.length; k++) {
        const at = horizontal ? (across * w + first + k) * 4 : ((first + k) * w + across) * 4;
        for (let c = 0; c < 3; c++) acc[c]! += weights[k]! * src[at + c]!;
      }
      const to = horizontal ? (across * outW + o) * 4 : (o * outW + across) * 4;
      for (let c = 0; c < 3; c++) out[to + c] = acc[c]! / total;
    }
  }
  return out;
}

/** Float Lanczos-3 reference resize of an RGBA image (no rounding between passes). */
export function lanczosReference(
  image: DecodedImage,
  dstW: number,
  dstH: number,
): Uint8ClampedArray {
  const wide = pass(Float64Array.from(image.rgba), image.width, image.height, dstW, true);
  const done = pass(wide, dstW, image.height, dstH, false);
  const out = new Uint8ClampedArray(dstW * dstH * 4);
  for (let i = 0; i < out.length; i++) out[i] = (i & 3) === 3 ? 255 : Math.round(done[i]!);
  return out;
}
