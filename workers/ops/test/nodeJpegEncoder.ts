/** A real JPEG encoder for the ops tests in Node (the worker uses OffscreenCanvas): CanvasKit's full build. */
import { fileURLToPath } from 'node:url';
import CanvasKitInit, { type CanvasKit } from 'canvaskit-wasm/bin/full/canvaskit.js';
import type { JpegEncoder } from '../processFile';

const root = fileURLToPath(new URL('../../../', import.meta.url));
let canvasKit: Promise<CanvasKit> | null = null;

export async function nodeJpegEncoder(): Promise<JpegEncoder> {
  canvasKit ??= CanvasKitInit({
    locateFile: (file: string) => `${root}node_modules/canvaskit-wasm/bin/full/${file}`,
  });
  const ck = await canvasKit;
  return async (image, quality) => {
    const info = {
      width: image.width,
      height: image.height,
      colorType: ck.ColorType.RGBA_8888,
      alphaType: ck.AlphaType.Unpremul,
      colorSpace: ck.ColorSpace.SRGB,
    };
    const skImage = ck.MakeImage(info, image.rgba, image.width * 4);
    const bytes = skImage?.encodeToBytes(ck.ImageFormat.JPEG, Math.round(quality * 100)) ?? null;
    skImage?.delete();
    if (!bytes) throw new Error('CanvasKit could not encode');
    return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
  };
}

/** A Blob of the given parts (fixtures are Uint8Arrays over ArrayBufferLike, which Blob's types refuse). */
export function blob(...parts: Uint8Array[]): Blob {
  return new Blob(parts as Uint8Array<ArrayBuffer>[]);
}
