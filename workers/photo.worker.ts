/** The photo worker: a module worker exposing the photo ops with comlink (see photoClient.ts). */
import * as Comlink from 'comlink';
import codecUrl from '../wasm/photo-codec/photo_codec.wasm?url';
import { loadPhotoCodec } from './codec/photoCodec';
import { canvasJpegEncoder, canvasPngResizer } from './ops/canvasOps';
import { createPhotoWorkerApi } from './photoWorkerApi';
import { MAX_FILE_BYTES } from '../src/stores/photoTypes';

const api = createPhotoWorkerApi({
  // The .wasm is an asset of the build; compiled once per worker, instantiated again after a trap.
  loadCodec: () => loadPhotoCodec(new URL(codecUrl, self.location.href)),
  encodeJpeg: canvasJpegEncoder,
  resizePng: canvasPngResizer,
  maxBytes: MAX_FILE_BYTES,
});

Comlink.expose(api);
