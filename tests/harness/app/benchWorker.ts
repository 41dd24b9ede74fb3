/** The benchmark's own worker: the alternative pipeline and the JPEG encoder comparison. */
import * as Comlink from 'comlink';
import CanvasKitInit from 'canvaskit-wasm/bin/full/canvaskit.js';
import canvasKitWasm from 'canvaskit-wasm/bin/full/canvaskit.wasm?url';
import simdCodecUrl from '../../../wasm/photo-codec/photo_codec.wasm?url';
import scalarCodecUrl from '../../../wasm/photo-codec/photo_codec_scalar.wasm?url';
import { pickCodecWasm } from '../../../workers/codec/codecWasm';
import { loadPhotoCodec } from '../../../workers/codec/photoCodec';
import { canvasJpegEncoder } from '../../../workers/ops/canvasOps';

async function timed<T>(run: () => Promise<T> | T): Promise<[number, T]> {
  const started = performance.now();
  const value = await run();
  return [performance.now() - started, value];
}

const api = {
  /** A fixed CPU loop: tells whether the page's CPU throttling reaches this worker thread. */
  spin(iterations: number) {
    const started = performance.now();
    let sum = 0;
    for (let i = 0; i < iterations; i++) sum = (sum + i * 7) % 1_000_003;
    return { ms: performance.now() - started, sum };
  },

  /** What most web apps do: let the browser decode and resize, then encode through a canvas. */
  async alternative(file: Blob, width: number, height: number) {
    const bitmap = await createImageBitmap(file, {
      resizeWidth: width,
      resizeHeight: height,
      resizeQuality: 'high',
      imageOrientation: 'from-image',
    });
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
    bitmap.close();
    const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.8 });
    return { width: canvas.width, height: canvas.height, bytes: jpeg.size };
  },

  /** The same decoded web-size pixels encoded at quality 80 by OffscreenCanvas and by CanvasKit (full build). */
  async encoders(file: Blob, runs: number) {
    const codec = await loadPhotoCodec(
      new URL(pickCodecWasm({ simd: simdCodecUrl, scalar: scalarCodecUrl }), self.location.href),
    );
    const decoded = codec.decodeToFit(new Uint8Array(await file.arrayBuffer()), 1024, 1024, 1);
    if (!decoded.ok) throw new Error(decoded.error.message);
    const image = decoded.value;
    const canvasMs: number[] = [];
    let canvasBytes = 0;
    for (let run = 0; run < runs; run++) {
      const [ms, blob] = await timed(() => canvasJpegEncoder(image, 0.8));
      canvasMs.push(ms);
      canvasBytes = blob.size;
    }
    const [loadMs, ck] = await timed(() => CanvasKitInit({ locateFile: () => canvasKitWasm }));
    const info = {
      width: image.width,
      height: image.height,
      colorType: ck.ColorType.RGBA_8888,
      alphaType: ck.AlphaType.Unpremul,
      colorSpace: ck.ColorSpace.SRGB,
    };
    const canvasKitMs: number[] = [];
    let canvasKitBytes = 0;
    for (let run = 0; run < runs; run++) {
      const [ms, bytes] = await timed(() => {
        const skImage = ck.MakeImage(info, image.rgba, image.width * 4);
        const encoded = skImage?.encodeToBytes(ck.ImageFormat.JPEG, 80);
        skImage?.delete();
        // What the worker would hand back: a Blob of the bytes.
        return new Blob([encoded as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' });
      });
      canvasKitMs.push(ms);
      canvasKitBytes = bytes.size;
    }
    return {
      width: image.width,
      height: image.height,
      offscreenCanvas: { ms: canvasMs, bytes: canvasBytes },
      canvasKit: {
        ms: canvasKitMs,
        bytes: canvasKitBytes,
        loadMs,
        wasmBytes: (ck as unknown as { HEAPU8: Uint8Array }).HEAPU8.buffer.byteLength,
      },
    };
  },
};

export type BenchWorkerApi = typeof api;
Comlink.expose(api);
