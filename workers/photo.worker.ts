/** The photo worker: a module worker exposing the photo ops with comlink (see photoClient.ts). */
import * as Comlink from 'comlink';
import simdCodecUrl from '../wasm/photo-codec/photo_codec.wasm?url';
import scalarCodecUrl from '../wasm/photo-codec/photo_codec_scalar.wasm?url';
import { pickCodecWasm } from './codec/codecWasm';
import { loadPhotoCodec } from './codec/photoCodec';
import { canvasJpegEncoder, canvasPngResizer } from './ops/canvasOps';
import { createPhotoWorkerApi } from './photoWorkerApi';
import { MAX_FILE_BYTES } from '../src/model/photos/photoTypes';

const api = createPhotoWorkerApi({
  // The .wasm is an asset of the build; compiled once per worker, instantiated again after a trap.
  // The codec's default memory retention is kept on purpose: dropping the instance after each
  // progressive photo (about 80 MB of WASM memory) left the old memories to a lazy GC and raised
  // the renderer's peak from 46 to 271 MB per file (npm run bench:photos). Idle shutdown gives it back.
  // Both modules are assets; only the one this browser can compile is fetched (no SIMD before iOS 16.4).
  loadCodec: () =>
    loadPhotoCodec(
      new URL(pickCodecWasm({ simd: simdCodecUrl, scalar: scalarCodecUrl }), self.location.href),
    ),
  encodeJpeg: canvasJpegEncoder,
  resizePng: canvasPngResizer,
  maxBytes: MAX_FILE_BYTES,
});

Comlink.expose(api);
