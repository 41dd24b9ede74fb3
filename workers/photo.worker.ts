/** The photo worker: a module worker exposing the photo ops with comlink (see photoClient.ts). */
import * as Comlink from 'comlink';
import codecUrl from '../wasm/photo-codec/photo_codec.wasm?url';
import { loadPhotoCodec } from './codec/photoCodec';
import { canvasJpegEncoder, canvasPngResizer } from './ops/canvasOps';
import { createPhotoWorkerApi } from './photoWorkerApi';
import { MAX_FILE_BYTES } from '../src/stores/photoTypes';

const CODEC_RETAINED_BYTES = 48 * 1024 * 1024;

const api = createPhotoWorkerApi({
  // The .wasm is an asset of the build; compiled once per worker, instantiated again after a trap.
  // A baseline 24 MP photo needs 14 MB of WASM memory, a progressive one about 80 MB (all its
  // coefficients): above 48 MB the instance is dropped after the call and its memory given back.
  loadCodec: () => loadPhotoCodec(new URL(codecUrl, self.location.href), { maxRetainedBytes: CODEC_RETAINED_BYTES }),
  encodeJpeg: canvasJpegEncoder,
  resizePng: canvasPngResizer,
  maxBytes: MAX_FILE_BYTES,
});

Comlink.expose(api);
