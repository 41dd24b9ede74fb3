import type { Readable } from 'node:stream';
import type { PhotoType } from '../db/photos.js';
import type { PhotoMessageKey } from '../i18n/photoMessages.js';
import type { PhotoStore, StagedPhoto } from '../storage/photoStore.js';
import { ImageInspector } from './imageInspector.js';
import type { ImageFormat, Refusal } from '../../src/model/photos/imageTypes.js';

/** The spec's limit for one photo file: 26214400 bytes (25 MB). */
export const MAX_UPLOAD_BYTES = 26_214_400;
/** The client's web-size version is at most 1024x1024 (a JPEG of quality 80 is well under this). */
export const MAX_WEB_SIDE = 1024;
export const MAX_WEB_BYTES = 4 * 1024 * 1024;

export interface StagedImage {
  staged: StagedPhoto;
  format: ImageFormat;
  width: number;
  height: number;
}

/** A refusal of the uploaded content, answered with the spec's message. */
export class UploadRefusal extends Error {
  constructor(
    readonly key: PhotoMessageKey,
    detail: string,
  ) {
    super(detail);
  }
}

/** A request the multipart parser could not read to the end (cut off, malformed, over a count limit). */
export class BrokenUpload extends Error {
  constructor(
    readonly key: PhotoMessageKey,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause), { cause });
  }
}

function originalRefusalKey(refusal: Refusal): PhotoMessageKey {
  if (refusal === 'file-too-big') return 'fileTooBig';
  if (refusal === 'too-many-pixels') return 'tooManyPixels';
  return 'noJpgImage';
}

function webRefusalKey(refusal: Refusal): PhotoMessageKey {
  return refusal === 'file-too-big' || refusal === 'too-many-pixels' ? 'webTooLarge' : 'noJpgImage';
}

type FileStream = Readable & { truncated?: boolean };

/**
 * Passes on what the store keeps of the file (of a JPEG, what a photo needs: jpegKeep.ts) while the
 * inspector checks it. Once the bytes are refused nothing more is passed on, but the stream is still
 * read to its end, so the multipart parser can go on.
 */
async function* inspected(
  file: FileStream,
  inspector: ImageInspector,
  refusalKey: (r: Refusal) => PhotoMessageKey,
) {
  for await (const chunk of file as AsyncIterable<Buffer>) {
    if (inspector.failure) continue;
    yield* inspector.push(chunk);
  }
  // busboy cut the file at the size limit: it was larger than the limit
  const verdict = file.truncated
    ? { ok: false as const, refusal: 'file-too-big' as const, detail: 'cut at the size limit' }
    : inspector.finish();
  if (!verdict.ok) throw new UploadRefusal(refusalKey(verdict.refusal), verdict.detail);
  yield* inspector.rest();
}

/** Streams one file part into the store's staging area while checking it; refusals leave nothing behind. */
export async function stageImage(
  store: PhotoStore,
  file: FileStream,
  kind: 'original' | 'web',
  allowPng: boolean,
): Promise<StagedImage> {
  const inspector = new ImageInspector(
    kind === 'original'
      ? { allowPng, maxBytes: MAX_UPLOAD_BYTES }
      : { allowPng: false, maxBytes: MAX_WEB_BYTES },
  );
  let staged: StagedPhoto;
  try {
    staged = await store.stage(
      inspected(file, inspector, kind === 'original' ? originalRefusalKey : webRefusalKey),
    );
  } catch (error) {
    await drain(file);
    if (error instanceof UploadRefusal) throw error;
    throw new BrokenUpload('uploadIncomplete', error);
  }
  const verdict = inspector.finish();
  if (!verdict.ok) {
    await staged.discard();
    throw new UploadRefusal('noJpgImage', verdict.detail);
  }
  if (kind === 'web' && (verdict.width > MAX_WEB_SIDE || verdict.height > MAX_WEB_SIDE)) {
    await staged.discard();
    throw new UploadRefusal('webTooLarge', `${verdict.width}x${verdict.height}`);
  }
  return { staged, format: verdict.format, width: verdict.width, height: verdict.height };
}

/** Reads a stream to its end so the parser behind it can move on. */
export function drain(stream: Readable): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.once('end', resolve);
    stream.once('close', resolve);
    stream.once('error', () => resolve());
    stream.resume();
  });
}

/** Maps an error of the multipart parser to the answer it deserves. */
export function classifyParserError(error: unknown): UploadRefusal | BrokenUpload {
  if (error instanceof UploadRefusal || error instanceof BrokenUpload) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new UploadRefusal('fileTooBig', 'over the size limit');
  if (
    code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_FIELDS_LIMIT' ||
    code === 'FST_PARTS_LIMIT' ||
    code === 'FST_PROTO_VIOLATION'
  ) {
    return new BrokenUpload('badUpload', error);
  }
  return new BrokenUpload('uploadIncomplete', error);
}

export interface UploadFields {
  photoType: PhotoType;
  uniqueKey: string | null;
  rotation: 0 | 90 | 180 | 270;
  resized: { width: number; height: number } | null;
}

const PHOTO_TYPES: readonly PhotoType[] = ['computer', 'social', 'other'];

/** Reads the form fields: t (photo type), x (the client's key), suggestedRotation, resized (WxH). s is the cookie's business. */
export function readUploadFields(fields: Map<string, string>): UploadFields {
  const type = fields.get('t') || 'computer';
  if (!PHOTO_TYPES.includes(type as PhotoType))
    throw new BrokenUpload('badUpload', `photo type ${type}`);
  const key = fields.get('x')?.trim() || null;
  if (key !== null && !/^[\x21-\x7e]{1,200}$/.test(key))
    throw new BrokenUpload('badUpload', 'unique key');
  const rotationText = fields.get('suggestedRotation') ?? '0';
  const rotation = (
    ['90', '180', '270'].includes(rotationText) ? Number(rotationText) : 0
  ) as UploadFields['rotation'];
  const resizedText = fields.get('resized');
  let resized: UploadFields['resized'] = null;
  if (resizedText) {
    const match = /^(\d{1,5})x(\d{1,5})$/.exec(resizedText);
    if (!match) throw new BrokenUpload('badUpload', `resized ${resizedText}`);
    resized = { width: Number(match[1]), height: Number(match[2]) };
  }
  return { photoType: type as PhotoType, uniqueKey: key, rotation, resized };
}
