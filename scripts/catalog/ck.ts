/**
 * CanvasKit in Node for the catalog scripts (artwork, thumbnails, quotes): the full build, which
 * has the JPEG encoder. These scripts write files once; the product's renderer lives in src/render.
 */
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import CanvasKitInit from 'canvaskit-wasm/full';
import type { CanvasKit, Image, Surface } from 'canvaskit-wasm';

export type { Canvas, CanvasKit, Image, Paint, Path, Surface } from 'canvaskit-wasm';

let loading: Promise<CanvasKit> | undefined;

export function loadCanvasKit(): Promise<CanvasKit> {
  loading ??= CanvasKitInit();
  return loading;
}

/** A raster surface; throws instead of returning null so callers need no checks. */
export function makeSurface(ck: CanvasKit, width: number, height: number): Surface {
  const surface = ck.MakeSurface(Math.round(width), Math.round(height));
  if (!surface) throw new Error(`cannot make a ${width}x${height} surface`);
  return surface;
}

/** Writes under a temporary name and renames, so a reader never sees half a file. */
export function writeFileAtomic(path: string, bytes: Uint8Array | string): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.tmp-${process.pid}`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
}

export type EncodedFormat = 'png' | 'jpeg' | 'webp';

export function encodeImage(
  ck: CanvasKit,
  image: Image,
  format: EncodedFormat,
  quality = 90,
): Uint8Array {
  const bytes = image.encodeToBytes(
    { png: ck.ImageFormat.PNG, jpeg: ck.ImageFormat.JPEG, webp: ck.ImageFormat.WEBP }[format],
    quality,
  );
  if (!bytes) throw new Error(`cannot encode ${format}`);
  return bytes;
}

/** Snapshot, encode and write a surface; deletes the snapshot. */
export function saveSurface(
  ck: CanvasKit,
  surface: Surface,
  path: string,
  format: EncodedFormat = 'png',
  quality = 90,
): number {
  const image = surface.makeImageSnapshot();
  try {
    const bytes = encodeImage(ck, image, format, quality);
    writeFileAtomic(path, bytes);
    return bytes.length;
  } finally {
    image.delete();
  }
}

export function decodeImage(ck: CanvasKit, bytes: Uint8Array): Image {
  const image = ck.MakeImageFromEncoded(bytes);
  if (!image) throw new Error('cannot decode image');
  return image;
}

/** Seeded PRNG: the same seed draws the same artwork on every machine (the generators' mulberry32). */
export { mulberry32 as rng } from '../../src/model/generators/geometry';

export type Random = () => number;

export function between(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length) % items.length]!;
}

/** '#rrggbb' (or 'rrggbb') with an alpha 0-1 → CanvasKit colour. */
export function color(ck: CanvasKit, hex: string, alpha = 1): Float32Array {
  const value = parseInt(hex.replace(/^#|^0x/, ''), 16);
  return ck.Color((value >> 16) & 255, (value >> 8) & 255, value & 255, alpha);
}
