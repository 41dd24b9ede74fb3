/**
 * One tile of the print master, drawn and encoded band by band in the thread that calls it (a
 * printTileTask worker, or a test): the editor's src/render draws the whole scene into a band of
 * the sheet's rows, and the band's pixels are handed on from CanvasKit's memory (to the JPEG
 * encoder, printTileTask.ts). A slot's photo is decoded when the first band the slot reaches
 * comes, only in the part the slot shows, and freed after the slot's last band.
 */
import type { Canvas, CanvasKit, MallocObj } from 'canvaskit-wasm';
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import { ImageCache } from '../../src/render/cache';
import { SceneRenderer } from '../../src/render/sceneRenderer';
import { sceneFromSlots } from '../../src/render/slotScene';
import type { PhotoCodec } from '../../workers/codec/codecTypes';
import type { NodeCanvasKit } from './assets';
import {
  bandRows,
  BAND_OVERLAP_ROWS,
  BAND_ROWS,
  reaches,
  unsplitRows,
  type RowRange,
} from './printTiles';
import { slotKeyedPhotos, type PhotoDecode } from './printTilePhotos';
import { PLACED_PART_PIXELS, TileError, TilePhotoDecodes } from './tilePhotoDecodes';

export { TileError, sheetDecode, type SheetDecode } from './tilePhotoDecodes';

export interface TileInput extends RowRange {
  layout: Layout;
  slots: SlotData;
  backgroundColor?: string;
  /** The originals of the photos this tile draws, by photo id. */
  originals: Record<string, Uint8Array>;
  /** The slots' photos this tile draws. */
  photos: PhotoDecode[];
  artwork: Record<string, Uint8Array>;
  pxPerCm: number;
  widthPx: number;
  heightPx: number;
}

export interface TileTools {
  canvasKit: NodeCanvasKit;
  codec: PhotoCodec;
}

/**
 * Draws the tile's bands top to bottom and hands each one's pixels to `onBand` (straight RGBA, a
 * view on CanvasKit's memory valid during the call). `bandHeight` is a multiple of 16 (a test
 * draws the whole sheet as one band: the untiled reference); `placedPartPixels` bounds a placed
 * photo's chunk (tilePhotoDecodes.ts; a test makes chunks of a small sheet's photos).
 */
export function renderTile(
  { canvasKit, codec }: TileTools,
  tile: TileInput,
  onBand: (rgba: Uint8ClampedArray, band: RowRange) => void,
  bandHeight = BAND_ROWS,
  placedPartPixels = PLACED_PART_PIXELS,
): void {
  const { ck, fonts } = canvasKit;
  const scene = sceneFromSlots(tile.layout, slotKeyedPhotos(tile.slots), {
    backgroundColor: tile.backgroundColor,
    purpose: 'print',
  });
  const images = new ImageCache(ck, { maxBytes: Number.POSITIVE_INFINITY, deriveLevels: false });
  const photos = new TilePhotoDecodes(ck, codec, images, tile, placedPartPixels);
  const renderer = new SceneRenderer(ck, fonts, { sampling: 'high' });
  const bands = bandRows(
    tile,
    bandHeight,
    tile.photos,
    unsplitRows(tile.layout, tile.slots, tile.pxPerCm),
  );
  const bandPixels = ck.Malloc(
    Uint8Array,
    tile.widthPx *
      (Math.max(...bands.map((band) => band.bottom - band.top)) + 2 * BAND_OVERLAP_ROWS) *
      4,
  );
  try {
    for (const [url, bytes] of Object.entries(tile.artwork)) {
      const image = ck.MakeImageFromEncoded(bytes);
      if (!image) throw new TileError('BAD_ARTWORK', `Artwork ${url} could not be decoded`);
      images.putArtwork(url, image);
    }
    for (const band of bands) {
      const drawn = overlapped(band, tile.heightPx);
      // the largest first: the codec's memory only grows, and a larger photo after a smaller one
      // grows it past the holes the smaller one left (9 MP after 8 MP took 101 MB, alone 75 MB)
      const arriving = tile.photos
        .filter((photo) => !photos.has(photo) && reaches(photo, drawn))
        .sort((a, b) => b.width * b.height - a.width * a.height);
      for (const photo of arriving) photos.load(photo, tile.originals[photo.photoId]!);
      photos.showRows(drawn);
      // only the layers whose drawing meets the drawn rows (the clip keeps the rest out anyway)
      const region = {
        x: 0,
        y: drawn.top - 1,
        width: tile.widthPx,
        height: drawn.bottom - drawn.top + 2,
      };
      drawBand(ck, bandPixels, tile, drawn, (canvas) =>
        renderer.drawCollage(canvas, scene, tile.pxPerCm, images, region),
      );
      // the sheet is opaque, so CanvasKit's premultiplied pixels are the straight ones
      const view = bandPixels.toTypedArray() as Uint8Array;
      onBand(
        new Uint8ClampedArray(
          view.buffer,
          view.byteOffset + (band.top - drawn.top) * tile.widthPx * 4,
          tile.widthPx * (band.bottom - band.top) * 4,
        ),
        band,
      );
      photos.releaseAbove(band.bottom - BAND_OVERLAP_ROWS);
    }
  } finally {
    photos.close();
    ck.Free(bandPixels);
    renderer.dispose();
    images.dispose();
  }
}

/**
 * The rows drawn for a band: the band and BAND_OVERLAP_ROWS on either side, within the sheet. Only
 * the band's own rows are kept; drawn this way, no edge of the band's clip runs through them (a
 * blur cut by the clip, or an image's sampling clipped there, rounds the rows next to the cut).
 */
function overlapped(band: RowRange, heightPx: number): RowRange {
  return {
    top: Math.max(0, band.top - BAND_OVERLAP_ROWS),
    bottom: Math.min(heightPx, band.bottom + BAND_OVERLAP_ROWS),
  };
}

/**
 * Draws one band as part of a surface of the whole sheet whose rows live in `bandPixels` and whose
 * clip is the band: every device coordinate is the one the untiled sheet has, so every pixel is
 * computed exactly as it would be there (a surface one band high, drawn moved up, differs in the
 * rounding of antialiased edges and of photo sampling). The surface's row pointer points
 * `band.top` rows before the buffer; the clip keeps every write (and read) inside it.
 */
function drawBand(
  ck: CanvasKit,
  bandPixels: MallocObj,
  tile: TileInput,
  band: RowRange,
  draw: (canvas: Canvas) => void,
): void {
  const rowBytes = tile.widthPx * 4;
  const info = {
    width: tile.widthPx,
    height: tile.heightPx,
    colorType: ck.ColorType.RGBA_8888,
    alphaType: ck.AlphaType.Premul,
    colorSpace: ck.ColorSpace.SRGB,
  };
  // wasm32 addresses wrap modulo 2^32: the rows above the band are never addressed
  const rowZero = { byteOffset: (bandPixels.byteOffset - band.top * rowBytes) >>> 0 } as MallocObj;
  const surface = ck.MakeRasterDirectSurface(info, rowZero, rowBytes);
  if (!surface)
    throw new Error(`CanvasKit: cannot make the ${tile.widthPx}x${tile.heightPx} sheet's surface`);
  try {
    const canvas = surface.getCanvas();
    canvas.clipRect(
      ck.XYWHRect(0, band.top, tile.widthPx, band.bottom - band.top),
      ck.ClipOp.Intersect,
      false,
    );
    canvas.clear(ck.WHITE);
    draw(canvas);
    surface.flush();
  } finally {
    surface.delete();
  }
}
