/** The photo codec in Node (server, scripts, benchmarks): the module this engine can run, read from wasm/photo-codec. */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CODEC_WASM_FILES, pickCodecWasm } from './codecWasm';
import type { PhotoCodec, PhotoCodecOptions } from './codecTypes';
import { loadPhotoCodec } from './photoCodec';

export async function loadNodePhotoCodec(options: PhotoCodecOptions = {}): Promise<PhotoCodec> {
  const wasm = await readFile(
    fileURLToPath(
      new URL(`../../wasm/photo-codec/${pickCodecWasm(CODEC_WASM_FILES)}`, import.meta.url),
    ),
  );
  return loadPhotoCodec(wasm, options);
}
