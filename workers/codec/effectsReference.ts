/**
 * The photo effects written out in TypeScript from the table in wasm/photo-codec/README.md:
 * the reference the WASM effects are tested against pixel for pixel, and a readable
 * definition of each look. Integer arithmetic only, so both give identical bytes.
 */
import type { PhotoEffect } from './photoCodec';

type Rgb = [number, number, number];

/** BT.601 luma in 1/256 steps, rounded. */
export function greyValue(r: number, g: number, b: number): number {
  return (77 * r + 150 * g + 29 * b + 128) >> 8;
}

/** W3C Filter Effects sepia(1) matrix, scaled by 1024 and rounded. */
const SEPIA: Rgb[] = [
  [402, 787, 194],
  [357, 702, 172],
  [279, 547, 134],
];

/** Grey value -> brown, linear between the stops [grey, r, g, b]. */
const SEPIABROWN_STOPS = [
  [0, 20, 10, 4],
  [128, 134, 90, 52],
  [255, 250, 234, 210],
] as const;

const FADED = { greyShare: 90, black: 36, white: 232 };

/** Vintage curves per channel after contrast 1.1: [input, output] points. */
const VINTAGE_CURVES: [number, number][][] = [
  [
    [0, 20],
    [64, 70],
    [128, 140],
    [192, 205],
    [255, 245],
  ],
  [
    [0, 10],
    [64, 60],
    [128, 128],
    [192, 190],
    [255, 235],
  ],
  [
    [0, 40],
    [64, 72],
    [128, 112],
    [192, 158],
    [255, 200],
  ],
];

function clampByte(value: number): number {
  return Math.min(255, Math.max(0, value));
}

/** Linear interpolation through the points, rounded half up. */
export function interpolate(points: readonly (readonly [number, number])[], x: number): number {
  for (let i = 1; i < points.length; i++) {
    const [x0, y0] = points[i - 1]!;
    const [x1, y1] = points[i]!;
    if (x <= x1)
      return clampByte(y0 + Math.floor(((y1 - y0) * (x - x0) * 2 + (x1 - x0)) / (2 * (x1 - x0))));
  }
  return clampByte(points[points.length - 1]![1]);
}

/** Contrast 1.1 around 128, rounded half up. */
export function contrast(value: number): number {
  return clampByte(128 + Math.floor(((value - 128) * 11 + 5) / 10));
}

function pixel(effect: PhotoEffect, r: number, g: number, b: number): Rgb {
  const y = greyValue(r, g, b);
  switch (effect) {
    case 'none':
      return [r, g, b];
    case 'grey':
      return [y, y, y];
    case 'sepia':
      return SEPIA.map(([kr, kg, kb]) =>
        Math.min(255, (kr * r + kg * g + kb * b + 512) >> 10),
      ) as Rgb;
    case 'sepiabrown':
      return [1, 2, 3].map((c) =>
        interpolate(
          SEPIABROWN_STOPS.map((stop) => [stop[0], stop[c]!] as const),
          y,
        ),
      ) as Rgb;
    case 'faded':
      return [r, g, b].map((v) => {
        const mixed = (y * FADED.greyShare + v * (256 - FADED.greyShare) + 128) >> 8;
        return FADED.black + Math.floor((mixed * (FADED.white - FADED.black) + 127) / 255);
      }) as Rgb;
    case 'vintage':
      return [r, g, b].map((v, c) => interpolate(VINTAGE_CURVES[c]!, contrast(v))) as Rgb;
  }
}

/** A copy of `rgba` with `effect` applied; alpha is kept. */
export function applyEffectReference(
  rgba: Uint8ClampedArray,
  effect: PhotoEffect,
): Uint8ClampedArray {
  const out = new Uint8ClampedArray(rgba);
  for (let i = 0; i < out.length; i += 4) {
    const [r, g, b] = pixel(effect, out[i]!, out[i + 1]!, out[i + 2]!);
    out[i] = r;
    out[i + 1] = g;
    out[i + 2] = b;
  }
  return out;
}
