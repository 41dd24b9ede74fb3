/**
 * One decode of one photo by the photo codec's wasm, for codecInstructions.ts to count under
 * callgrind. Bundled to plain JavaScript first (no tsx, no esbuild service process under valgrind).
 *   node codec-once.mjs <codec.wasm> <photo.jpg> <decode|baseline>
 * 'baseline' does everything but the decode (Node's start, reading the files, compiling and
 * instantiating the module), so the decode's own instructions are the difference of the two.
 */
import { readFileSync } from 'node:fs';
import { loadPhotoCodec } from '../../workers/codec/photoCodec';

const [wasmPath, photoPath, mode] = process.argv.slice(2);
// Compiled synchronously: an asynchronous compile lets the event loop spin a number of times that depends on timing.
const codec = await loadPhotoCodec(new WebAssembly.Module(readFileSync(wasmPath!)));
const jpeg = new Uint8Array(readFileSync(photoPath!));
if (mode === 'decode') {
  const result = codec.decodeToFit(jpeg, 1024, 1024);
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  process.stdout.write(`${result.value.width}x${result.value.height}\n`);
} else {
  process.stdout.write(`baseline ${jpeg.length}\n`);
}
