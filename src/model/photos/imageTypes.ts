/** What the byte-level image checks can conclude; shared by the JPEG and PNG scanners. */

/** Larger images are refused before anyone decodes them (decompression bombs). */
export const MAX_PIXELS = 100_000_000;

export type ImageFormat = 'jpeg' | 'png';

/** The eight bytes every PNG starts with. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

export type Refusal =
  /** Neither a JPEG nor a PNG signature (HEIC, TIFF, text, …). */
  | 'not-an-image'
  /** A PNG while the shop's PNG setting is off. */
  | 'png-not-allowed'
  /** Width x height above MAX_PIXELS. */
  | 'too-many-pixels'
  /** The structure is broken: bad segment, bad restart sequence, bad CRC, impossible size. */
  | 'corrupt'
  /** The bytes end before the image does (no EOI / IEND). */
  | 'truncated'
  /** More bytes than the limit of this upload (25 MB for originals). */
  | 'file-too-big';

export type InspectResult =
  | { ok: true; format: ImageFormat; width: number; height: number }
  | { ok: false; refusal: Refusal; detail: string };

export interface ImageSize {
  width: number;
  height: number;
}

/** A streaming checker: fed chunk by chunk, never throws, and can refuse before the end. */
export interface ImageScanner {
  push(chunk: Uint8Array): void;
  /** Set as soon as the bytes seen so far are refused; later pushes are ignored. */
  readonly failure: { refusal: Refusal; detail: string } | null;
  /** Known once the size header has been read. */
  readonly size: ImageSize | null;
  /** The verdict once every byte has been pushed. */
  finish(): InspectResult;
}

export function refuse(
  refusal: Refusal,
  detail: string,
): { ok: false; refusal: Refusal; detail: string } {
  return { ok: false, refusal, detail };
}

export function checkPixelCount(
  width: number,
  height: number,
): { refusal: Refusal; detail: string } | null {
  if (width < 1 || height < 1)
    return { refusal: 'corrupt', detail: `impossible size ${width}x${height}` };
  if (width * height > MAX_PIXELS)
    return {
      refusal: 'too-many-pixels',
      detail: `${width}x${height} is above ${MAX_PIXELS} pixels`,
    };
  return null;
}
