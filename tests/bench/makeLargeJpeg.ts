/**
 * Generates a large camera-like JPEG for the codec benchmarks (nothing is downloaded and the
 * result is not committed): a fixture photo scaled up with CanvasKit (full build, the one
 * with a JPEG encoder), plus deterministic sensor-like grain so the entropy-coded data is as
 * dense as a real camera file's (a plain upscale compresses far better than a photo would).
 *
 *   node --import tsx tests/bench/makeLargeJpeg.ts [megapixels=24] [out/bench/photo-24mp.jpg]
 *
 * A progressive copy is written next to it when Debian's jpegtran is installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import CanvasKitInit from 'canvaskit-wasm/bin/full/canvaskit.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = `${root}../shared/fixtures/photos/cameras/hdr_iphone_hdr_YES.jpg`;
const QUALITY = 92;

export interface LargeJpeg {
  baseline: string;
  progressive: string | null;
  width: number;
  height: number;
  bytes: number;
}

/** Gaussian-ish grain (sum of four uniforms) from a fixed xorshift seed. */
function grain(rgba: Uint8Array, strength: number): void {
  let seed = 0x2545f491;
  const next = () => {
    seed ^= seed << 13;
    seed ^= seed >>> 17;
    seed ^= seed << 5;
    return (seed >>> 0) / 4294967296;
  };
  for (let i = 0; i < rgba.length; i += 4) {
    const luma = (next() + next() + next() + next() - 2) * strength;
    for (let c = 0; c < 3; c++)
      rgba[i + c] = Math.max(
        0,
        Math.min(255, rgba[i + c]! + luma + (next() - 0.5) * strength * 0.5),
      );
  }
}

export async function makeLargeJpeg(
  megapixels = 24,
  path = `${root}out/bench/photo-${megapixels}mp.jpg`,
): Promise<LargeJpeg> {
  const width = Math.round(Math.sqrt(megapixels * 1e6 * 1.5) / 16) * 16;
  const height = Math.round(width / 1.5 / 16) * 16;
  const progressivePath = path.replace(/\.jpg$/, '-progressive.jpg');
  if (existsSync(path)) {
    return {
      baseline: path,
      progressive: existsSync(progressivePath) ? progressivePath : null,
      width,
      height,
      bytes: readFileSync(path).length,
    };
  }
  const ck = await CanvasKitInit({
    locateFile: (file: string) => `${root}node_modules/canvaskit-wasm/bin/full/${file}`,
  });
  const photo = ck.MakeImageFromEncoded(readFileSync(SOURCE));
  const surface = ck.MakeSurface(width, height);
  if (!photo || !surface)
    throw new Error('CanvasKit could not decode the source or make a surface');
  // Cover the 3:2 frame with the 4:3 photo: crop top and bottom.
  const cropHeight = photo.width() / 1.5;
  const src = ck.XYWHRect(0, (photo.height() - cropHeight) / 2, photo.width(), cropHeight);
  surface
    .getCanvas()
    .drawImageRectCubic(photo, src, ck.XYWHRect(0, 0, width, height), 1 / 3, 1 / 3, null);
  const info = {
    width,
    height,
    colorType: ck.ColorType.RGBA_8888,
    alphaType: ck.AlphaType.Unpremul,
    colorSpace: ck.ColorSpace.SRGB,
  };
  const pixels = surface.getCanvas().readPixels(0, 0, info) as Uint8Array;
  photo.delete();
  surface.delete();
  grain(pixels, 9);
  const grainy = ck.MakeImage(info, pixels, width * 4);
  const jpeg = grainy?.encodeToBytes(ck.ImageFormat.JPEG, QUALITY);
  grainy?.delete();
  if (!jpeg) throw new Error('CanvasKit could not encode the JPEG');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, jpeg);
  const jpegtran = spawnSync('jpegtran', [
    '-progressive',
    '-copy',
    'all',
    '-outfile',
    progressivePath,
    path,
  ]);
  return {
    baseline: path,
    progressive: jpegtran.status === 0 ? progressivePath : null,
    width,
    height,
    bytes: jpeg.length,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const megapixels = Number(process.argv[2] ?? 24);
  const made = await makeLargeJpeg(megapixels, process.argv[3]);
  console.log(
    `${made.baseline}: ${made.width}x${made.height}, ${(made.bytes / 1e6).toFixed(1)} MB${made.progressive ? `; progressive copy ${made.progressive}` : ''}`,
  );
}
