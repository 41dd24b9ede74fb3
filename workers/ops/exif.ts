import { parse } from 'exifr/dist/mini.esm.mjs';
import { PhotoLoadFailure } from './loadFailure';

/** The spec's pause before the one retry of an EXIF read. */
export const EXIF_RETRY_MS = 20;

/** Only IFD0's Orientation tag (274), untranslated: the cheapest read exifr offers. */
const ORIENTATION_ONLY = {
  ifd0: { pick: [274] },
  ifd1: false,
  exif: false,
  gps: false,
  interop: false,
  sanitize: false,
  reviveValues: true,
  translateKeys: false,
  translateValues: false,
  mergeOutput: false,
  // exifr otherwise returns { errors } for broken EXIF; the spec wants those refused. (Missing from exifr's types.)
  silentErrors: false,
};

export type Sleep = (ms: number) => Promise<void>;
export const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The EXIF orientation (1–8) of a JPEG from its head; 1 when there is no EXIF or no tag.
 * A read that throws is retried once after 20 ms; a second failure means the file is not a
 * valid JPEG (the spec: unreadable EXIF counts as not a JPEG).
 */
export async function readOrientation(head: Uint8Array, wait: Sleep = sleep): Promise<number> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 2; attempt++) {
    if (attempt > 0) await wait(EXIF_RETRY_MS);
    try {
      const tags = (await parse(head, ORIENTATION_ONLY as Parameters<typeof parse>[1])) as
        { ifd0?: Record<number, unknown> } | undefined;
      const orientation = tags?.ifd0?.[274];
      return typeof orientation === 'number' &&
        Number.isInteger(orientation) &&
        orientation >= 1 &&
        orientation <= 8
        ? orientation
        : 1;
    } catch (error) {
      lastError = error;
    }
  }
  throw new PhotoLoadFailure(
    'ERROR_NO_JPG_IMAGE',
    `EXIF unreadable: ${lastError instanceof Error ? lastError.message : String(lastError)}`,
  );
}
