/** Photo rotation and identity (editor-core §3, §5; templates-photos-text §7). */

export type QuarterRotation = 0 | 90 | 180 | 270;

/** EXIF orientation 3, 6, 8 turn the photo 180, 90, 270 degrees clockwise; anything else 0. */
export function rotationFromExifOrientation(orientation: number): QuarterRotation {
  switch (orientation) {
    case 3:
      return 180;
    case 6:
      return 90;
    case 8:
      return 270;
    default:
      return 0;
  }
}

/** Any angle in degrees to 0–359 (rotation changes step modulo 360). */
export function normalizeRotation(degrees: number): number {
  if (!Number.isFinite(degrees)) return 0;
  const turned = degrees % 360;
  return turned < 0 ? turned + 360 : turned === 0 ? 0 : turned;
}

/** The photo editor's Draaien: one step of 90 degrees (or `step`), modulo 360. */
export function rotateStep(rotation: number, step = 90): number {
  return normalizeRotation(rotation + step);
}

/** Suggested rotations are limited to multiples of 90: any other value (or a non-number) is 0. */
export function suggestedRotation(value: unknown): QuarterRotation {
  const degrees = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof degrees !== 'number' || !Number.isInteger(degrees) || degrees % 90 !== 0) return 0;
  return normalizeRotation(degrees) as QuarterRotation;
}

/** Hex characters of the MD5 kept in a photo key: 8 (32 bits), enough with size and pixel sizes. */
export const PHOTO_KEY_HASH_LENGTH = 8;

/**
 * The photo key: file size in bytes, image width, image height (as stored in the file, before
 * EXIF rotation) and the first 8 hex characters of the file's MD5, lower case, joined by dots:
 * '2483921.4000.3000.9e107d9d'. Two uploads of the same file get the same key.
 */
export function photoKey(
  sizeBytes: number,
  widthPx: number,
  heightPx: number,
  md5Hex: string,
): string {
  for (const [name, value] of [
    ['size', sizeBytes],
    ['width', widthPx],
    ['height', heightPx],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0)
      throw new RangeError(`photoKey: ${name} must be a whole number ≥ 0, got ${value}`);
  }
  if (!/^[0-9a-f]{8,}$/i.test(md5Hex))
    throw new RangeError('photoKey: md5 must be at least 8 hex characters');
  return [sizeBytes, widthPx, heightPx, md5Hex.slice(0, PHOTO_KEY_HASH_LENGTH).toLowerCase()].join(
    '.',
  );
}

export interface PhotoKeyParts {
  sizeBytes: number;
  widthPx: number;
  heightPx: number;
  hash: string;
}

/** Reads a key made by `photoKey`; null for anything else (keys come from clients: never trust them). */
export function parsePhotoKey(key: string): PhotoKeyParts | null {
  const match = /^(0|[1-9]\d{0,15})\.(0|[1-9]\d{0,8})\.(0|[1-9]\d{0,8})\.([0-9a-f]{8})$/.exec(key);
  if (!match) return null;
  const [sizeBytes, widthPx, heightPx] = [match[1], match[2], match[3]].map(Number) as [
    number,
    number,
    number,
  ];
  if (!Number.isSafeInteger(sizeBytes)) return null;
  return { sizeBytes, widthPx, heightPx, hash: match[4]! };
}
