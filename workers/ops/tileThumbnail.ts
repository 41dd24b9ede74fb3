/**
 * The photo dialog's tile picture: a small JPEG of the web version, made once per photo, so a tile
 * decodes a few kilobytes where it decoded the whole web image (1024 px, 2.8 MB of pixels a tile,
 * held by the page for every tile that had been on screen).
 */
import type { PhotoCodec } from '../codec/photoCodec';
import { PhotoLoadFailure } from './loadFailure';
import type { JpegEncoder } from './processFile';
import type { TileThumbnail } from '../../src/model/photos/photoTypes';

/** A tile is at most 100 CSS px high (tileRules.previewHeight); 200 px serves a DPR 2 screen. */
export const TILE_THUMBNAIL_PX = 200;
/** Small and shown at its size: the effect thumbnails' quality. */
const TILE_THUMBNAIL_QUALITY = 0.85;

/**
 * The box the thumbnail fits: its shorter side `px`, so the tile shows it at least 1:1 at DPR 2
 * whether the tile is turned a quarter or not (a turned tile's height is the image's width).
 */
export function tileThumbnailBox(width: number, height: number, px: number): [number, number] {
  if (width <= 0 || height <= 0) return [px, px];
  const scale = px / Math.min(width, height);
  return [Math.max(1, Math.round(width * scale)), Math.max(1, Math.round(height * scale))];
}

/** The web version (upright already) as a JPEG whose shorter side is `px` at most (never enlarged). */
export async function tileThumbnail(
  codec: PhotoCodec,
  web: Blob,
  encodeJpeg: JpegEncoder,
  px = TILE_THUMBNAIL_PX,
): Promise<TileThumbnail> {
  const bytes = new Uint8Array(await web.arrayBuffer());
  const header = codec.probe(bytes);
  if (!header.ok)
    throw new PhotoLoadFailure(
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      `${header.error.code}: ${header.error.message}`,
    );
  const [boxWidth, boxHeight] = tileThumbnailBox(header.value.width, header.value.height, px);
  const decoded = codec.decodeToFit(bytes, boxWidth, boxHeight, 1);
  if (!decoded.ok)
    throw new PhotoLoadFailure(
      'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      `${decoded.error.code}: ${decoded.error.message}`,
    );
  const image = decoded.value;
  const jpeg = await encodeJpeg(image, TILE_THUMBNAIL_QUALITY);
  return { jpeg, width: image.width, height: image.height };
}
