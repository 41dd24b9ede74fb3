import type { ProcessedPhoto } from '../../src/model/photos/photoTypes';
import { photoKey, rotationFromExifOrientation } from '../../src/model/photos/orientation';
import type { PhotoCodec, DecodedImage } from '../codec/photoCodec';
import { checkHead, HEAD_BYTES } from './headCheck';
import { readOrientation, sleep, type Sleep } from './exif';
import { digestFile } from './fileDigest';
import { PhotoLoadFailure, failureOfRefusal } from './loadFailure';

/** The spec's local resize quality. */
export const WEB_JPEG_QUALITY = 0.8;

/** Encodes RGBA pixels as a JPEG (OffscreenCanvas in the worker; CanvasKit in Node tests). */
export type JpegEncoder = (image: DecodedImage, quality: number) => Promise<Blob>;

export interface FileOpsDeps {
  codec: PhotoCodec;
  encodeJpeg: JpegEncoder;
  allowPng: boolean;
  maxBytes: number;
  /** Only when the PNG setting is on: createImageBitmap + OffscreenCanvas in the worker. */
  resizePng?: (file: Blob, width: number, height: number) => Promise<Blob>;
  wait?: Sleep;
}

/** What the worker answers for a file: the photo store's ProcessedPhoto (web JPEG, sizes, key, rotation). */
export type ProcessedFile = ProcessedPhoto;

/**
 * File to web version: head checks and EXIF from the first 256 KiB, then one read of the whole
 * file for the MD5 key and the structure check, a DCT-scaled decode to the box with the
 * orientation applied, and a JPEG at quality 80. The web image is upright, so the editor shows
 * it without any rotation of its own.
 */
export async function processFile(
  file: Blob,
  box: number,
  deps: FileOpsDeps,
): Promise<ProcessedFile> {
  const head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
  const facts = checkHead(head, file.size, { allowPng: deps.allowPng, maxBytes: deps.maxBytes });
  if (facts.format === 'png') return processPng(file, box, facts.size!, deps);

  const orientation = await readOrientation(head, deps.wait ?? sleep);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const { md5, structure } = await digestFile(bytes, true);
  if (structure && !structure.ok) {
    throw failureOfRefusal(structure.refusal, structure.detail);
  }
  const decoded = deps.codec.decodeToFit(bytes, box, box, orientation);
  if (!decoded.ok) {
    const code =
      decoded.error.code === 'CMYK' ? 'ERROR_CMYK_PHOTO' : 'ERROR_IMAGE_COULD_NOT_BE_LOADED';
    throw new PhotoLoadFailure(code, `${decoded.error.code}: ${decoded.error.message}`);
  }
  const image = decoded.value;
  const web = await deps.encodeJpeg(image, WEB_JPEG_QUALITY);
  const turned = orientation >= 5;
  return {
    web,
    webWidth: image.width,
    webHeight: image.height,
    orgWidth: turned ? image.sourceHeight : image.sourceWidth,
    orgHeight: turned ? image.sourceWidth : image.sourceHeight,
    key: photoKey(file.size, image.sourceWidth, image.sourceHeight, md5),
    suggestedRotation: rotationFromExifOrientation(orientation),
  };
}

async function processPng(
  file: Blob,
  box: number,
  size: { width: number; height: number },
  deps: FileOpsDeps,
): Promise<ProcessedFile> {
  if (!deps.resizePng)
    throw new PhotoLoadFailure('ERROR_IMAGE_COULD_NOT_BE_LOADED', 'no PNG decoder here');
  const { md5 } = await digestFile(new Uint8Array(await file.arrayBuffer()), false);
  const [webWidth, webHeight] = fitWithin(size.width, size.height, box);
  let web: Blob;
  try {
    web = await deps.resizePng(file, webWidth, webHeight);
  } catch (error) {
    throw new PhotoLoadFailure(
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      error instanceof Error ? error.message : String(error),
    );
  }
  return {
    web,
    webWidth,
    webHeight,
    orgWidth: size.width,
    orgHeight: size.height,
    key: photoKey(file.size, size.width, size.height, md5),
    suggestedRotation: 0,
  };
}

/** The size width x height takes inside a square box, never enlarged (the codec's rule, for PNGs). */
export function fitWithin(width: number, height: number, box: number): [number, number] {
  if (width <= box && height <= box) return [width, height];
  const ratio = box / Math.max(width, height);
  return [
    Math.max(1, Math.min(box, Math.round(width * ratio))),
    Math.max(1, Math.min(box, Math.round(height * ratio))),
  ];
}
