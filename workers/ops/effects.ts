import {
  PHOTO_EFFECTS,
  type DecodedImage,
  type PhotoCodec,
  type PhotoEffect,
} from '../codec/photoCodec';
import { PhotoLoadFailure } from './loadFailure';
import type { JpegEncoder } from './processFile';

/** The spec's effect thumbnail size. */
export const EFFECT_THUMBNAIL_BOX = 100;
/** Thumbnails are small and shown once: a little more quality than the web version costs nothing. */
const THUMBNAIL_QUALITY = 0.85;

export interface EffectThumbnail {
  effect: PhotoEffect;
  jpeg: Blob;
  width: number;
  height: number;
}

/** RGBA pixels ready for the renderer (CanvasKit MakeImage, ImageData); the buffer is transferred. */
export interface EffectImage {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

async function decodeWeb(
  codec: PhotoCodec,
  web: Blob,
  box: number,
  effect: PhotoEffect = 'none',
): Promise<DecodedImage> {
  // The web version is already upright: orientation 1.
  const decoded = codec.decodeToFit(new Uint8Array(await web.arrayBuffer()), box, box, 1, effect);
  if (!decoded.ok)
    throw new PhotoLoadFailure(
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      `${decoded.error.code}: ${decoded.error.message}`,
    );
  return decoded.value;
}

/** One 100 px thumbnail per effect (none, sepia, sepiabrown, grey, faded, vintage) from one decode. */
export async function effectThumbnails(
  codec: PhotoCodec,
  web: Blob,
  encodeJpeg: JpegEncoder,
): Promise<EffectThumbnail[]> {
  const base = await decodeWeb(codec, web, EFFECT_THUMBNAIL_BOX);
  const thumbnails: EffectThumbnail[] = [];
  for (const effect of PHOTO_EFFECTS) {
    const applied =
      effect === 'none' ? { ok: true as const, value: base } : codec.applyEffect(base, effect);
    if (!applied.ok)
      throw new PhotoLoadFailure(
        'ERROR_IMAGE_COULD_NOT_BE_LOADED',
        `${applied.error.code}: ${applied.error.message}`,
      );
    const jpeg = await encodeJpeg(applied.value, THUMBNAIL_QUALITY);
    thumbnails.push({ effect, jpeg, width: applied.value.width, height: applied.value.height });
  }
  return thumbnails;
}

/** A slot's image with an effect, at the web version's own size (never enlarged). */
export async function applyEffect(
  codec: PhotoCodec,
  web: Blob,
  effect: PhotoEffect,
  box: number,
): Promise<EffectImage> {
  const image = await decodeWeb(codec, web, box, effect);
  return { width: image.width, height: image.height, rgba: image.rgba };
}
