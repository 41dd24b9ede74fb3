/** The photo codec's public face: its effects, error codes, colour outcomes, results and the PhotoCodec interface (photoCodec.ts implements it over the WASM module). */

export const PHOTO_EFFECTS = ['none', 'sepia', 'sepiabrown', 'grey', 'faded', 'vintage'] as const;
export type PhotoEffect = (typeof PHOTO_EFFECTS)[number];

/** Error codes, in the order of the Rust `Code` enum (index = numeric code). */
export const CODEC_ERRORS = [
  'OK',
  'NOT_JPEG',
  'CORRUPT',
  'TRUNCATED',
  'ARITHMETIC',
  'PRECISION',
  'UNSUPPORTED',
  'TOO_LARGE',
  'OUT_OF_MEMORY',
  'BAD_ARGUMENT',
  'CRASHED',
  'CMYK',
] as const;
export type CodecErrorCode = Exclude<(typeof CODEC_ERRORS)[number], 'OK'>;

export interface CodecError {
  code: CodecErrorCode;
  message: string;
}

/**
 * What the codec did with the photo's embedded ICC profile; the pixels are sRGB in every case.
 * none: no profile (taken as sRGB, as browsers do); srgb: a profile equal to sRGB; converted:
 * converted from the profile to sRGB; ignored: a broken or unusable profile (taken as sRGB,
 * the reason went to the codec's onWarning).
 */
export const COLOUR_OUTCOMES = ['none', 'srgb', 'converted', 'ignored'] as const;
export type ColourOutcome = (typeof COLOUR_OUTCOMES)[number];

export interface DecodedImage {
  /** Size after scaling and orientation. */
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  /** The JPEG's stored (unrotated) size. */
  sourceWidth: number;
  sourceHeight: number;
  /** DCT scale used, in eighths: 1 (1/8), 2 (1/4), 4 (1/2), 8 (full); 0 when not decoded. */
  scaleEighths: number;
  /** The colour profile's fate (absent on images the caller made). */
  colour?: ColourOutcome;
}

export type CodecResult<T> = { ok: true; value: T } | { ok: false; error: CodecError };

export interface JpegHeader {
  width: number;
  height: number;
  components: number;
  progressive: boolean;
}

/** What decodeScaled would return, known from the header: its size (oriented) and DCT scale. */
export interface ScaledSize {
  width: number;
  height: number;
  scaleEighths: number;
}

/** A rectangle of decodeScaled's output (oriented pixels at the DCT scale). */
export interface PhotoRegion {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A region resampled onto another pixel grid (the print sheet's): `width` x `height` output
 * pixels, output pixel (i, j) centred at ((i + 0.5) * ratioX + offsetX, (j + 0.5) * ratioY +
 * offsetY) in the region's pixels. Ratios above 10 (reductions the resampler cannot reach) are refused.
 */
export interface PhotoPlacement {
  width: number;
  height: number;
  ratioX: number;
  offsetX: number;
  ratioY: number;
  offsetY: number;
}

/** An open placed photo (openPlaced): its placed image's rows, until closed. */
export interface PlacedRows {
  /** Rows [top, top + count) of the placed image with `effect`, handed to `use` where the codec made them. */
  rowsInPlace<T>(
    top: number,
    count: number,
    effect: PhotoEffect,
    use: (image: DecodedImage) => T,
  ): CodecResult<T>;
  /** Frees the decoded part (once; later calls do nothing). */
  close(): void;
}

export interface PhotoCodec {
  /** Decodes to fit inside maxW x maxH after orientation (never enlarged), Lanczos-3. */
  decodeToFit(
    jpeg: Uint8Array,
    maxW: number,
    maxH: number,
    orientation?: number,
    effect?: PhotoEffect,
  ): CodecResult<DecodedImage>;
  /** Decodes at the smallest DCT scale whose oriented output is at least minW x minH; no resampling. */
  decodeScaled(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation?: number,
  ): CodecResult<DecodedImage>;
  /**
   * decodeScaled with `effect` applied, handing `use` the pixels where the codec made them (no
   * copy): `rgba` is valid only during `use` (the print hands it straight to CanvasKit, so a
   * photo is never held twice in memory).
   */
  decodeScaledInPlace<T>(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation: number,
    effect: PhotoEffect,
    use: (image: DecodedImage) => T,
  ): CodecResult<T>;
  /**
   * decodeScaledInPlace of only `region` of the output (the same pixels as cutting it from the
   * whole): on the usual baseline files only the blocks that reach the region are transformed
   * and kept, so the codec's memory holds about the region, not the photo.
   */
  decodeScaledRegionInPlace<T>(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation: number,
    region: PhotoRegion,
    effect: PhotoEffect,
    use: (image: DecodedImage) => T,
  ): CodecResult<T>;
  /**
   * The print's photo on the sheet's own pixel grid, drawn there 1:1: the part `region` of
   * decodeScaled decoded once and kept in the codec, whose `placement` (Lanczos-3) is taken rows
   * at a time (a band of the sheet), so no whole placed image is ever held. Close it when done.
   */
  openPlaced(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation: number,
    region: PhotoRegion,
    placement: PhotoPlacement,
  ): CodecResult<PlacedRows>;
  /** The size and DCT scale decodeScaled would give, from the header only (to plan a region). */
  scaledSize(
    jpeg: Uint8Array,
    minW: number,
    minH: number,
    orientation?: number,
  ): CodecResult<ScaledSize>;
  /** Reads the frame header only. */
  probe(jpeg: Uint8Array): CodecResult<JpegHeader>;
  /** A new image with `effect` applied; the input is left untouched. */
  applyEffect(image: DecodedImage, effect: PhotoEffect): CodecResult<DecodedImage>;
  /** A smaller copy fitting maxW x maxH (e.g. the 100 px effect thumbnails), optionally with an effect. */
  resizeToFit(
    image: DecodedImage,
    maxW: number,
    maxH: number,
    effect?: PhotoEffect,
  ): CodecResult<DecodedImage>;
  /** Bytes of WASM linear memory now (it only grows; the instance is replaced above the limit). */
  memoryBytes(): number;
  /** Image handles not yet freed inside the module (0 between calls). */
  liveImages(): number;
  /** How many times the instance was replaced after a trap or to give memory back. */
  readonly restarts: number;
}

export interface PhotoCodecOptions {
  /** Replace the instance after a call that left memory above this (default 192 MiB). */
  maxRetainedBytes?: number;
  /** Told why a photo's colour profile was ignored (default console.warn). */
  onWarning?: (message: string) => void;
}
