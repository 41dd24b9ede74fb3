/**
 * One tile of the print master, drawn and encoded band by band in the thread that calls it (a
 * printTileTask worker, or a test): the editor's src/render draws the whole scene moved up by the
 * band's top into a surface one band high, and the band's pixels are handed on from CanvasKit's
 * memory (to the JPEG encoder, printTileTask.ts). A photo is decoded when the first band its slots reach comes,
 * and freed after the last.
 */
import type { Canvas, CanvasKit, MallocObj } from 'canvaskit-wasm';
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import { ImageCache, imageFromPixels } from '../../src/render/cache';
import { SceneRenderer } from '../../src/render/sceneRenderer';
import { sceneFromSlots } from '../../src/render/slotScene';
import type { PhotoCodec } from '../../workers/codec/codecTypes';
import type { NodeCanvasKit } from './assets';
import { bandRows, BAND_ROWS, reaches, type PhotoDecode, type RowRange } from './printTiles';

export interface TileInput extends RowRange {
  layout: Layout;
  slots: SlotData;
  backgroundColor?: string;
  /** The originals of the photos this tile draws, by photo id. */
  originals: Record<string, Uint8Array>;
  /** The photos this tile draws. */
  photos: PhotoDecode[];
  artwork: Record<string, Uint8Array>;
  pxPerCm: number;
  widthPx: number;
  heightPx: number;
}

export class TileError extends Error {
  constructor(
    readonly code: 'BAD_PHOTO' | 'BAD_ARTWORK',
    message: string,
  ) {
    super(message);
  }
}

export interface TileTools {
  canvasKit: NodeCanvasKit;
  codec: PhotoCodec;
}

/**
 * Draws the tile's bands top to bottom and hands each one's pixels to `onBand` (straight RGBA, a
 * view on CanvasKit's memory valid during the call). `bandHeight` is a multiple of 16 (a test
 * draws the whole sheet as one band: the untiled reference).
 */
export function renderTile({ canvasKit, codec }: TileTools, tile: TileInput, onBand: (rgba: Uint8ClampedArray, band: RowRange) => void, bandHeight = BAND_ROWS): void {
  const { ck, fonts } = canvasKit;
  const scene = sceneFromSlots(tile.layout, tile.slots, { backgroundColor: tile.backgroundColor, purpose: 'print' });
  const images = new ImageCache(ck, { maxBytes: Number.POSITIVE_INFINITY, deriveLevels: false });
  const renderer = new SceneRenderer(ck, fonts, { sampling: 'high' });
  const bandPixels = ck.Malloc(Uint8Array, tile.widthPx * Math.min(bandHeight, tile.bottom - tile.top) * 4);
  try {
    for (const [url, bytes] of Object.entries(tile.artwork)) {
      const image = ck.MakeImageFromEncoded(bytes);
      if (!image) throw new TileError('BAD_ARTWORK', `Artwork ${url} could not be decoded`);
      images.putArtwork(url, image);
    }
    const loaded = new Set<string>();
    for (const band of bandRows(tile, bandHeight)) {
      for (const photo of tile.photos) {
        if (loaded.has(photo.id) || !reaches(photo, band)) continue;
        decodePhoto(ck, codec, photo, tile.originals[photo.id]!, images);
        loaded.add(photo.id);
      }
      // only the layers whose drawing meets the band (the clip keeps the rest out anyway)
      const region = { x: 0, y: band.top - 1, width: tile.widthPx, height: band.bottom - band.top + 2 };
      drawBand(ck, bandPixels, tile, band, (canvas) => renderer.drawCollage(canvas, scene, tile.pxPerCm, images, region));
      // the sheet is opaque, so CanvasKit's premultiplied pixels are the straight ones
      const view = bandPixels.toTypedArray() as Uint8Array;
      onBand(new Uint8ClampedArray(view.buffer, view.byteOffset, tile.widthPx * (band.bottom - band.top) * 4), band);
      for (const id of loaded) {
        const photo = tile.photos.find((p) => p.id === id)!;
        if (photo.bottom <= band.bottom) {
          images.deletePhoto(id);
          loaded.delete(id);
        }
      }
    }
  } finally {
    ck.Free(bandPixels);
    renderer.dispose();
    images.dispose();
  }
}

/**
 * Draws one band as part of a surface of the whole sheet whose rows live in `bandPixels` and whose
 * clip is the band: every device coordinate is the one the untiled sheet has, so every pixel is
 * computed exactly as it would be there (a surface one band high, drawn moved up, differs in the
 * rounding of antialiased edges and of photo sampling). The surface's row pointer points
 * `band.top` rows before the buffer; the clip keeps every write (and read) inside it.
 */
function drawBand(ck: CanvasKit, bandPixels: MallocObj, tile: TileInput, band: RowRange, draw: (canvas: Canvas) => void): void {
  const rowBytes = tile.widthPx * 4;
  const info = { width: tile.widthPx, height: tile.heightPx, colorType: ck.ColorType.RGBA_8888, alphaType: ck.AlphaType.Premul, colorSpace: ck.ColorSpace.SRGB };
  // wasm32 addresses wrap modulo 2^32: the rows above the band are never addressed
  const rowZero = { byteOffset: (bandPixels.byteOffset - band.top * rowBytes) >>> 0 } as MallocObj;
  const surface = ck.MakeRasterDirectSurface(info, rowZero, rowBytes);
  if (!surface) throw new Error(`CanvasKit: cannot make the ${tile.widthPx}x${tile.heightPx} sheet's surface`);
  try {
    const canvas = surface.getCanvas();
    canvas.clipRect(ck.XYWHRect(0, band.top, tile.widthPx, band.bottom - band.top), ck.ClipOp.Intersect, false);
    canvas.clear(ck.WHITE);
    draw(canvas);
    surface.flush();
  } finally {
    surface.delete();
  }
}

/**
 * The photo at its planned size with each of its effects (one decode each: the codec applies an
 * effect in place), copied from the codec's memory straight into CanvasKit's.
 */
function decodePhoto(ck: CanvasKit, codec: PhotoCodec, photo: PhotoDecode, bytes: Uint8Array, images: ImageCache): void {
  for (const effect of photo.effects) {
    const image = codec.decodeScaledInPlace(bytes, photo.width, photo.height, photo.orientation, effect, (pixels) => imageFromPixels(ck, pixels));
    if (!image.ok) throw new TileError('BAD_PHOTO', `Photo ${photo.id}${effect === 'none' ? '' : ` (${effect})`}: ${image.error.code} ${image.error.message}`);
    images.putPhoto(photo.id, effect, image.value);
  }
}
