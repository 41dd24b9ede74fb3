import { JpegScanner } from '../../src/model/photos/jpegHeader';
import { PNG_SIGNATURE, type ImageSize } from '../../src/model/photos/imageTypes';
import { PhotoLoadFailure, failureOfRefusal } from './loadFailure';

/** Validation and EXIF read only this much of a file: the frame header and EXIF sit at the start. */
export const HEAD_BYTES = 256 * 1024;

export interface HeadOptions {
  /** The spec's PNG setting (default off). */
  allowPng: boolean;
  /** The spec's 26214400 bytes. */
  maxBytes: number;
}

export interface HeadFacts {
  format: 'jpeg' | 'png';
  /** The stored pixel size, when the head holds the frame header (nearly always). */
  size: ImageSize | null;
}

/**
 * The checks that need only the first bytes: the size limit, the signature (JPEG ffd8; PNG only
 * when allowed) and, for a JPEG, the same segment checks the server runs on uploads.
 * Throws PhotoLoadFailure; never decodes.
 */
export function checkHead(head: Uint8Array, fileBytes: number, options: HeadOptions): HeadFacts {
  if (fileBytes > options.maxBytes)
    throw new PhotoLoadFailure(
      'ERROR_FILE_TO_BIG',
      `${fileBytes} bytes is over ${options.maxBytes}`,
    );
  if (fileBytes === 0)
    throw new PhotoLoadFailure('ERROR_NO_JPG_IMAGE', 'the file is empty', 'empty');
  if (head[0] === 0xff && head[1] === 0xd8) {
    const scanner = new JpegScanner();
    scanner.push(head);
    const failure = scanner.failure;
    if (failure) throw failureOfRefusal(failure.refusal, failure.detail);
    return { format: 'jpeg', size: scanner.size };
  }
  if (PNG_SIGNATURE.every((byte, k) => head[k] === byte)) {
    if (!options.allowPng)
      throw new PhotoLoadFailure('ERROR_NO_JPG_IMAGE', 'PNG is not allowed', 'png');
    return { format: 'png', size: pngSize(head) };
  }
  if (isHeif(head))
    throw new PhotoLoadFailure(
      'ERROR_NO_JPG_IMAGE',
      'a HEIC/HEIF photo, no JPEG signature ffd8',
      'heic',
    );
  throw new PhotoLoadFailure('ERROR_NO_JPG_IMAGE', 'no JPEG signature ffd8', 'notJpeg');
}

/** HEIF brands (iPhone photos): an ISO box 'ftyp' at byte 4 with one of these major brands. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

export function isHeif(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const text = (from: number) => String.fromCharCode(...head.subarray(from, from + 4));
  return text(4) === 'ftyp' && HEIF_BRANDS.has(text(8));
}

/** Width and height from the IHDR chunk, which a PNG must start with. */
export function pngSize(head: Uint8Array): ImageSize {
  const ihdr = String.fromCharCode(...head.subarray(12, 16));
  if (head.length < 24 || ihdr !== 'IHDR')
    throw new PhotoLoadFailure('ERROR_IMAGE_COULD_NOT_BE_LOADED', 'PNG without IHDR');
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const size = { width: view.getUint32(16), height: view.getUint32(20) };
  if (size.width < 1 || size.height < 1)
    throw new PhotoLoadFailure('ERROR_IMAGE_COULD_NOT_BE_LOADED', 'PNG of no pixels');
  return size;
}
