/**
 * What most web apps use for a preview: @jsquash/jpeg (MozJPEG in WASM) decodes the whole image,
 * @jsquash/resize (Rust `resize` in WASM) fits it into the box with its defaults (Lanczos-3,
 * premultiplied, in linear light). In Node their WASM files must be handed over explicitly; the
 * instances are captured so their memory can be read.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import decode, { init as initDecode } from '@jsquash/jpeg/decode.js';
import resize, { initResize } from '@jsquash/resize';

const jsquash = fileURLToPath(new URL('../../node_modules/@jsquash/', import.meta.url));

export interface JsquashPreview {
  width: number;
  height: number;
  decodeMs: number;
  resizeMs: number;
}

export interface JsquashEngine {
  preview(bytes: Uint8Array, box: number): Promise<JsquashPreview>;
  /** MozJPEG's Emscripten heap plus the resizer's memory (both only grow). */
  wasmBytes(): number;
}

const memoryOf = (exports: WebAssembly.Exports) =>
  Object.values(exports).find(
    (value): value is WebAssembly.Memory => value instanceof WebAssembly.Memory,
  );

export async function loadJsquash(): Promise<JsquashEngine> {
  const decoderModule = await WebAssembly.compile(
    readFileSync(`${jsquash}jpeg/codec/dec/mozjpeg_dec.wasm`),
  );
  let decoderMemory: WebAssembly.Memory | undefined;
  await initDecode({
    // Emscripten calls back with the instance (its type declarations say module).
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(decoderModule, imports);
      decoderMemory = memoryOf(instance.exports);
      done(instance);
      return instance.exports;
    },
  });
  const resizer = (await initResize(
    readFileSync(`${jsquash}resize/lib/resize/pkg/squoosh_resize_bg.wasm`),
  )) as { memory: WebAssembly.Memory };
  return {
    async preview(bytes, box) {
      const started = performance.now();
      // MozJPEG copies the input into its heap; it needs an ArrayBuffer of the file alone.
      const image = await decode(
        bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      );
      const decoded = performance.now();
      const scale = Math.min(1, box / Math.max(image.width, image.height));
      const width = Math.round(image.width * scale);
      const height = Math.round(image.height * scale);
      const small = await resize(image, { width, height });
      return {
        width: small.width,
        height: small.height,
        decodeMs: decoded - started,
        resizeMs: performance.now() - decoded,
      };
    },
    wasmBytes: () => (decoderMemory?.buffer.byteLength ?? NaN) + resizer.memory.buffer.byteLength,
  };
}
