/**
 * Golden images: a rendering is compared with tests/render/golden/<name>.png; UPDATE_GOLDENS=1
 * writes the PNGs instead. On a mismatch the actual image and a diff land in out/render-diff/.
 *
 * Tolerance: CanvasKit's software rasteriser is deterministic wasm, so on one build the same scene
 * gives the same bytes (the parity test asserts exactly that). The goldens allow a little slack so
 * that a CanvasKit or font upgrade that shifts anti-aliasing by a level or two on glyph and curve
 * edges does not fail every test: at most 0.1 % of pixels may differ by more than 8/255 in a
 * channel, and the mean difference must stay under 0.5/255. A real regression (a missing or moved
 * layer, a wrong colour, a photo cropped differently, a shifted text line) changes far more: one
 * 1-px shift of a 20x20 px slot edge in a 400x320 image is already 0.3 % of the pixels.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CanvasKit, Surface } from 'canvaskit-wasm';

export const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), 'golden');
const DIFF_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'out', 'render-diff');
export const UPDATE = process.env.UPDATE_GOLDENS === '1';

export interface Pixels {
  width: number;
  height: number;
  /** Unpremultiplied RGBA. */
  data: Uint8Array;
}

export function readSurface(ck: CanvasKit, surface: Surface): Pixels {
  const image = surface.makeImageSnapshot();
  try {
    return readImage(ck, image);
  } finally {
    image.delete();
  }
}

export function readImage(ck: CanvasKit, image: ReturnType<Surface['makeImageSnapshot']>): Pixels {
  const width = image.width();
  const height = image.height();
  const data = image.readPixels(0, 0, {
    width,
    height,
    colorType: ck.ColorType.RGBA_8888,
    alphaType: ck.AlphaType.Unpremul,
    colorSpace: ck.ColorSpace.SRGB,
  });
  if (!data) throw new Error('readPixels failed');
  return { width, height, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
}

export interface Difference {
  /** Pixels with any channel different. */
  differing: number;
  /** Pixels with a channel more than `threshold` apart. */
  over: number;
  /** Mean absolute channel difference, 0..255. */
  mean: number;
  total: number;
}

export function compare(a: Pixels, b: Pixels, threshold = 8): Difference {
  if (a.width !== b.width || a.height !== b.height || a.data.length !== b.data.length)
    throw new Error(`size ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let differing = 0;
  let over = 0;
  let sum = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    let max = 0;
    for (let c = 0; c < 4; c += 1) {
      const d = Math.abs(a.data[i + c]! - b.data[i + c]!);
      sum += d;
      if (d > max) max = d;
    }
    if (max > 0) differing += 1;
    if (max > threshold) over += 1;
  }
  const total = a.width * a.height;
  return { differing, over, mean: sum / (total * 4), total };
}

export function encodePng(ck: CanvasKit, pixels: Pixels): Uint8Array {
  const image = ck.MakeImage(
    {
      width: pixels.width,
      height: pixels.height,
      colorType: ck.ColorType.RGBA_8888,
      alphaType: ck.AlphaType.Unpremul,
      colorSpace: ck.ColorSpace.SRGB,
    },
    pixels.data,
    pixels.width * 4,
  )!;
  try {
    const png = image.encodeToBytes();
    if (!png) throw new Error('PNG encoding failed');
    return png;
  } finally {
    image.delete();
  }
}

export function decodePng(ck: CanvasKit, bytes: Uint8Array): Pixels {
  const image = ck.MakeImageFromEncoded(bytes);
  if (!image) throw new Error('PNG decoding failed');
  try {
    return readImage(ck, image);
  } finally {
    image.delete();
  }
}

function diffImage(a: Pixels, b: Pixels): Pixels {
  const data = new Uint8Array(a.data.length);
  for (let i = 0; i < a.data.length; i += 4) {
    const d = Math.max(
      Math.abs(a.data[i]! - b.data[i]!),
      Math.abs(a.data[i + 1]! - b.data[i + 1]!),
      Math.abs(a.data[i + 2]! - b.data[i + 2]!),
    );
    data[i] = d > 0 ? 255 : a.data[i]! / 4;
    data[i + 1] = d > 0 ? 0 : a.data[i + 1]! / 4;
    data[i + 2] = d > 0 ? 0 : a.data[i + 2]! / 4;
    data[i + 3] = 255;
  }
  return { width: a.width, height: a.height, data };
}

export interface GoldenResult {
  written: boolean;
  difference?: Difference;
}

/** Compares with the golden PNG (or writes it under UPDATE_GOLDENS=1); throws with the numbers on a mismatch. */
export function matchGolden(ck: CanvasKit, name: string, actual: Pixels): GoldenResult {
  const file = join(GOLDEN_DIR, `${name}.png`);
  if (UPDATE || !existsSync(file)) {
    if (!UPDATE)
      throw new Error(`No golden ${name}.png: run with UPDATE_GOLDENS=1 and review the image`);
    mkdirSync(GOLDEN_DIR, { recursive: true });
    writeFileSync(file, encodePng(ck, actual));
    return { written: true };
  }
  const expected = decodePng(ck, new Uint8Array(readFileSync(file)));
  const difference = compare(actual, expected);
  if (difference.over > difference.total * 0.001 || difference.mean > 0.5) {
    mkdirSync(DIFF_DIR, { recursive: true });
    writeFileSync(join(DIFF_DIR, `${name}.actual.png`), encodePng(ck, actual));
    writeFileSync(join(DIFF_DIR, `${name}.diff.png`), encodePng(ck, diffImage(actual, expected)));
    throw new Error(
      `${name}: ${difference.over} of ${difference.total} pixels off by more than 8/255, mean ${difference.mean.toFixed(3)}/255 (see out/render-diff/)`,
    );
  }
  return { written: false, difference };
}
