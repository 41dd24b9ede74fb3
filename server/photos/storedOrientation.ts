import exifr from 'exifr';
import type { PhotoStore } from '../storage/photoStore.js';

/** EXIF sits in APP1 near the start of a JPEG; a camera's thumbnail keeps it well under this. */
const EXIF_HEAD_BYTES = 256 * 1024;

/**
 * The EXIF orientation (1-8) of a stored original; 1 when it has none or it cannot be read. The
 * upload keeps the original as shot, so its pixel size is the stored one; this says how it stands.
 */
export async function storedOrientation(store: PhotoStore, sha256: string): Promise<number> {
  const photo = await store.get(sha256);
  if (!photo) return 1;
  const chunks: Buffer[] = [];
  let length = 0;
  const stream = photo.stream();
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= EXIF_HEAD_BYTES) break;
  }
  stream.destroy();
  const orientation = await exifr.orientation(Buffer.concat(chunks)).catch(() => undefined);
  return typeof orientation === 'number' && orientation >= 1 && orientation <= 8 ? orientation : 1;
}

/** Orientations 5-8 turn the photo a quarter: the upright width and height trade places. */
export function uprightSize(
  width: number,
  height: number,
  orientation: number,
): { width: number; height: number } {
  return orientation >= 5 && orientation <= 8
    ? { width: height, height: width }
    : { width, height };
}

/** The spec's suggestion of EXIF 3/6/8: 180/90/270 degrees; every other orientation 0. */
export function rotationOfOrientation(orientation: number): 0 | 90 | 180 | 270 {
  return orientation === 3 ? 180 : orientation === 6 ? 90 : orientation === 8 ? 270 : 0;
}
