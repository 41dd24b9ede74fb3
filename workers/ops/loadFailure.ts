/**
 * Why a photo could not be loaded. The message always starts with the spec's 'Could not load photo'
 * and carries a code, because comlink passes an Error's name and message across, nothing else.
 */

export const PHOTO_LOAD_MESSAGE = 'Could not load photo';

export type LoadFailureCode =
  /** Over 26214400 bytes (the spec's ERROR_FILE_TO_BIG). */
  | 'ERROR_FILE_TO_BIG'
  /** No JPEG signature, a PNG while PNG is off, or EXIF that cannot be read (ERROR_NO_JPG_IMAGE). */
  | 'ERROR_NO_JPG_IMAGE'
  /** The bytes are there but the image is broken, cut off or of a kind the decoder refuses. */
  | 'ERROR_IMAGE_COULD_NOT_BE_LOADED';

export class PhotoLoadFailure extends Error {
  constructor(
    readonly code: LoadFailureCode,
    readonly detail: string,
  ) {
    super(`${PHOTO_LOAD_MESSAGE} (${code}: ${detail})`);
    this.name = 'PhotoLoadFailure';
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
