/**
 * One upload decode in a worker thread (decodeCheck.ts runs it): the photo codec decodes the JPEG at
 * its smallest DCT scale (1/8), which reads every entropy-coded byte but makes few pixels. The codec
 * is loaded once per thread and kept.
 */
import type { MessagePort } from 'node:worker_threads';
import type { CodecErrorCode, PhotoCodec } from '../../workers/codec/codecTypes';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import { nameThisThread, THREAD_NAMES } from '../print/threadName';

nameThisThread(THREAD_NAMES.photoDecode);

export interface DecodeTaskInput {
  jpeg: Uint8Array;
  /** Told when the decode begins (the thread and its codec are ready): its time bound starts then. */
  started?: MessagePort;
}

export type DecodeTaskResult =
  | { ok: true; width: number; height: number }
  | { ok: false; code: CodecErrorCode; message: string };

let codec: Promise<PhotoCodec> | null = null;

function loadCodec(): Promise<PhotoCodec> {
  // warnings (an unusable colour profile) are the editor's business, not a reason to refuse
  codec ??= loadNodePhotoCodec({ onWarning: () => undefined, maxRetainedBytes: 64 * 1024 * 1024 });
  return codec;
}

export default async function decodeTask({
  jpeg,
  started,
}: DecodeTaskInput): Promise<DecodeTaskResult> {
  const ready = await loadCodec();
  started?.postMessage('started');
  started?.close();
  const result = ready.decodeScaled(jpeg, 1, 1);
  if (!result.ok) return { ok: false, code: result.error.code, message: result.error.message };
  return { ok: true, width: result.value.sourceWidth, height: result.value.sourceHeight };
}
