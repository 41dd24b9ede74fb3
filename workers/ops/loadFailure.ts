import type { Refusal } from '../../src/model/photos/imageTypes';

/**
 * Why a photo could not be loaded. The message always starts with the spec's 'Could not load photo'
 * and carries a code and a reason, because comlink passes an Error's name and message across,
 * nothing else: `Could not load photo (CODE: detail) [reason]`.
 */

export const PHOTO_LOAD_MESSAGE = 'Could not load photo';

export type LoadFailureCode =
  /** Over 26214400 bytes (the spec's ERROR_FILE_TO_BIG). */
  | 'ERROR_FILE_TO_BIG'
  /** No JPEG signature, a PNG while PNG is off, or EXIF that cannot be read (ERROR_NO_JPG_IMAGE). */
  | 'ERROR_NO_JPG_IMAGE'
  /** The bytes are there but the image is broken, cut off or of a kind the decoder refuses. */
  | 'ERROR_IMAGE_COULD_NOT_BE_LOADED'
  /** A CMYK or YCCK JPEG (print colours): refused rather than shown in false colours. */
  | 'ERROR_CMYK_PHOTO';

/**
 * What the customer is told besides the spec's words (beyond the spec, whose tile shows no reason):
 * the tile, the analytics event and the server's log all name the same one.
 */
export const LOAD_FAILURE_REASONS = [
  'tooLarge',
  'empty',
  'damaged',
  'tooManyPixels',
  'notJpeg',
  'png',
  'heic',
  'cmyk',
] as const;
export type LoadFailureReason = (typeof LOAD_FAILURE_REASONS)[number];

const REASON_OF_CODE: Record<LoadFailureCode, LoadFailureReason> = {
  ERROR_FILE_TO_BIG: 'tooLarge',
  ERROR_NO_JPG_IMAGE: 'notJpeg',
  ERROR_IMAGE_COULD_NOT_BE_LOADED: 'damaged',
  ERROR_CMYK_PHOTO: 'cmyk',
};

export class PhotoLoadFailure extends Error {
  readonly reason: LoadFailureReason;
  constructor(
    readonly code: LoadFailureCode,
    readonly detail: string,
    reason?: LoadFailureReason,
  ) {
    const why = reason ?? REASON_OF_CODE[code];
    super(`${PHOTO_LOAD_MESSAGE} (${code}: ${detail}) [${why}]`);
    this.name = 'PhotoLoadFailure';
    this.reason = why;
  }
}

/** The code and reason of a byte-level refusal (the structure check shared with the server). */
export function failureOfRefusal(refusal: Refusal, detail: string): PhotoLoadFailure {
  switch (refusal) {
    case 'not-an-image':
      return new PhotoLoadFailure('ERROR_NO_JPG_IMAGE', detail, 'notJpeg');
    case 'png-not-allowed':
      return new PhotoLoadFailure('ERROR_NO_JPG_IMAGE', detail, 'png');
    case 'file-too-big':
      return new PhotoLoadFailure('ERROR_FILE_TO_BIG', detail, 'tooLarge');
    case 'too-many-pixels':
      return new PhotoLoadFailure('ERROR_IMAGE_COULD_NOT_BE_LOADED', detail, 'tooManyPixels');
    default:
      return new PhotoLoadFailure('ERROR_IMAGE_COULD_NOT_BE_LOADED', detail, 'damaged');
  }
}

/** True for a failure of the photo itself (not of the worker): retrying cannot help. */
export function isPhotoLoadFailure(error: unknown): boolean {
  return error instanceof Error && error.name === 'PhotoLoadFailure';
}

/** The code back from a failure that crossed a worker boundary (only name and message survive). */
export function loadFailureCode(error: unknown): LoadFailureCode | null {
  if (!isPhotoLoadFailure(error)) return null;
  const match = /\((ERROR_[A-Z_]+):/.exec((error as Error).message);
  return (match?.[1] as LoadFailureCode | undefined) ?? null;
}

/** The reason back from a failure that crossed a worker boundary; null for other errors. */
export function loadFailureReason(error: unknown): LoadFailureReason | null {
  if (!isPhotoLoadFailure(error)) return null;
  const match = /\[([A-Za-z]+)\]$/.exec((error as Error).message);
  const reason = match?.[1] as LoadFailureReason | undefined;
  return reason && LOAD_FAILURE_REASONS.includes(reason)
    ? reason
    : REASON_OF_CODE[loadFailureCode(error) ?? 'ERROR_IMAGE_COULD_NOT_BE_LOADED'];
}
