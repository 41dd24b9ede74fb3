/**
 * The photos a print tile holds while its bands are drawn (printTileRender.ts): each slot's photo is
 * decoded when the first band its slot reaches comes and released after its last band. An unturned
 * slot's photo (sheetPlacement.ts) is placed on the sheet's pixels a band at a time: CanvasKit holds
 * only the band's strip of it, drawn 1:1 (PhotoPart onSheet), and the codec holds only the rows of
 * the photo the next bands of this tile read, at most PLACED_PART_PIXELS of them (a chunk), decoded
 * again for the chunk after. Other slots hold the part of their photo they show (slotCrop.ts), which
 * CanvasKit filters as it draws.
 */
import { ImageCache, imageFromPixels, markPhotoPart } from '../../src/render/cache';
import { isQuarterTurned } from '../../src/render/geometry';
import type { CanvasKit } from 'canvaskit-wasm';
import type { CodecError, PhotoCodec, PlacedRows } from '../../workers/codec/codecTypes';
import type { PhotoDecode } from './printTilePhotos';
import { BAND_OVERLAP_ROWS, type RowRange } from './printTiles';
import {
  composedOrientation,
  placementRows,
  sheetPlacement,
  type SheetPlacement,
} from './sheetPlacement';
import { slotCrop } from './slotCrop';

export class TileError extends Error {
  constructor(
    readonly code: 'BAD_PHOTO' | 'BAD_ARTWORK',
    message: string,
  ) {
    super(message);
  }
}

/** How a slot's photo is decoded onto the sheet's pixels (sheetPlacement.ts), or null: drawn from its part by CanvasKit. */
export interface SheetDecode {
  /** The decode's minimum size and orientation: the photo as the slot shows it, its quarter turn folded in. */
  minW: number;
  minH: number;
  orientation: number;
  fullWidth: number;
  fullHeight: number;
  placement: SheetPlacement;
}

export function sheetDecode(
  codec: PhotoCodec,
  photo: PhotoDecode,
  bytes: Uint8Array,
  sheet: { widthPx: number; heightPx: number },
): SheetDecode | null {
  if (!photo.slotOnSheet) return null;
  const orientation = composedOrientation(photo.orientation, photo.view.rotation);
  const [minW, minH] = isQuarterTurned(photo.view.rotation)
    ? [photo.height, photo.width]
    : [photo.width, photo.height];
  const size = codec.scaledSize(bytes, minW, minH, orientation);
  if (!size.ok) return null;
  const { width: fullWidth, height: fullHeight } = size.value;
  const placement = sheetPlacement(photo.view, photo.slotOnSheet, fullWidth, fullHeight, sheet);
  return placement && { minW, minH, orientation, fullWidth, fullHeight, placement };
}

/**
 * The most pixels of a placed photo's part the codec decodes at once. A tile's rows of a slot that
 * read more are taken in chunks, each decoding the file again (its entropy decoding is whole, 32-36
 * ms for an 8 MP camera photo): the codec's memory follows the chunk, not the photo. The codec keeps
 * a baseline file's chunk as its component planes (1.5 bytes a pixel at 4:2:0) and colours only the
 * rows a band reads (wasm/photo-codec src/placed.rs); a tile holds up to five slots' chunks at once.
 * Kept as RGBA (4 bytes a pixel) they took 48-50 MB of a 50x40 cm tile thread's codec memory, as
 * planes 22 MB. In printBench, 4 MP chunks peaked higher (392-395 MB against 372-383) and 1 MP ones
 * hardly lower (360-376) for more decodes.
 */
export const PLACED_PART_PIXELS = 2_000_000;

/** A photo placed on the sheet: its decode, and the chunk of its rows open in the codec. */
interface Placed {
  bytes: Uint8Array;
  decode: SheetDecode;
  /** Rows of the placed image a chunk may hold (unbounded for a file the codec decodes whole anyway). */
  rowsAtOnce: number;
  open: { rows: PlacedRows; from: number; to: number } | null;
}

export class TilePhotoDecodes {
  private readonly held = new Set<PhotoDecode>();
  private readonly placed = new Map<PhotoDecode, Placed>();

  constructor(
    private readonly ck: CanvasKit,
    private readonly codec: PhotoCodec,
    private readonly images: ImageCache,
    private readonly tile: RowRange & { widthPx: number; heightPx: number },
    private readonly partPixels = PLACED_PART_PIXELS,
  ) {}

  has(photo: PhotoDecode): boolean {
    return this.held.has(photo);
  }

  /** Takes the slot's photo: placed on the sheet chunk by chunk as bands need it (showRows), else its part decoded into CanvasKit. */
  load(photo: PhotoDecode, bytes: Uint8Array): void {
    const decode = sheetDecode(this.codec, photo, bytes, this.tile);
    if (decode)
      this.placed.set(photo, {
        bytes,
        decode,
        rowsAtOnce: rowsAtOnce(this.codec, bytes, decode, this.partPixels),
        open: null,
      });
    else this.images.putPhoto(photo.id, photo.effect, this.part(photo, bytes));
    this.held.add(photo);
  }

  /** Puts in CanvasKit the strip of every placed photo the rows `drawn` show (the one before is dropped). */
  showRows(drawn: RowRange): void {
    for (const [photo, placed] of this.placed) {
      const { placement } = placed.decode;
      const top = Math.max(drawn.top, placement.sheetY);
      const bottom = Math.min(drawn.bottom, placement.sheetY + placement.height);
      // rows the placement does not reach: the slot's clip covers none of them either
      if (bottom <= top) continue;
      const from = top - placement.sheetY;
      const rows = this.chunk(photo, placed, from, bottom - placement.sheetY);
      const strip = rows.rowsInPlace(from, bottom - top, photo.effect, (pixels) =>
        markPhotoPart(imageFromPixels(this.ck, pixels, { opaque: true }), {
          x: 0,
          y: 0,
          fullWidth: pixels.width,
          fullHeight: pixels.height,
          onSheet: { x: placement.sheetX, y: top },
        }),
      );
      if (!strip.ok) throw failed(photo, strip.error);
      this.images.deletePhoto(photo.id);
      this.images.putPhoto(photo.id, photo.effect, strip.value);
    }
  }

  /** Releases the photos whose slots end above `row`. */
  releaseAbove(row: number): void {
    for (const photo of this.held) if (photo.bottom <= row) this.release(photo);
  }

  /** Releases every photo still held (the tile is done, or failed). */
  close(): void {
    for (const photo of this.held) this.release(photo);
  }

  private release(photo: PhotoDecode): void {
    this.images.deletePhoto(photo.id);
    this.placed.get(photo)?.open?.rows.close();
    this.placed.delete(photo);
    this.held.delete(photo);
  }

  /**
   * The open chunk of the placed photo holding its placed rows `from .. to`: the one open, or the
   * next, from `from` on, as many rows as PLACED_PART_PIXELS of the part allow, within this tile
   * (its bands draw BAND_OVERLAP_ROWS past its last row), and never fewer than asked.
   */
  private chunk(photo: PhotoDecode, placed: Placed, from: number, to: number): PlacedRows {
    if (placed.open && placed.open.from <= from && to <= placed.open.to) return placed.open.rows;
    placed.open?.rows.close();
    placed.open = null;
    const { minW, minH, orientation, placement } = placed.decode;
    const { ratio, offsetX, width, height, sheetY } = placement;
    const tileEnd = this.tile.bottom + BAND_OVERLAP_ROWS - sheetY;
    const last = Math.min(height, tileEnd);
    // a rest shorter than half a chunk joins this one: a chunk costs a decode of the whole scan
    const rest = last - (from + placed.rowsAtOnce);
    const end = Math.max(to, rest < placed.rowsAtOnce / 2 ? last : from + placed.rowsAtOnce);
    const part = placementRows(placement, from, end);
    // the whole placed image's rows, as from a session on the whole part: only rows `from .. end` are asked
    const mapping = { width, height, ratioX: ratio, offsetX, ratioY: ratio, offsetY: part.offsetY };
    const rows = this.codec.openPlaced(placed.bytes, minW, minH, orientation, part.crop, mapping);
    if (!rows.ok) throw failed(photo, rows.error);
    placed.open = { rows: rows.value, from, to: end };
    return rows.value;
  }

  /** The part of the photo the slot shows at its planned size with its effect, copied from the codec's memory into CanvasKit's. */
  private part(photo: PhotoDecode, bytes: Uint8Array) {
    const size = this.codec.scaledSize(bytes, photo.width, photo.height, photo.orientation);
    if (!size.ok) throw failed(photo, size.error);
    const crop = slotCrop(photo.view, size.value.width, size.value.height);
    const image = this.codec.decodeScaledRegionInPlace(
      bytes,
      photo.width,
      photo.height,
      photo.orientation,
      crop,
      photo.effect,
      (pixels) =>
        markPhotoPart(imageFromPixels(this.ck, pixels, { opaque: true }), {
          x: crop.x,
          y: crop.y,
          fullWidth: size.value.width,
          fullHeight: size.value.height,
        }),
    );
    if (!image.ok) throw failed(photo, image.error);
    return image.value;
  }
}

/**
 * How many placed rows a chunk of the photo holds: as many as `partPixels` of its part give.
 * A progressive file is decoded whole whatever the part (the codec cuts the part from it), so a
 * second chunk would cost a whole decode and save nothing: it takes the tile's rows at once.
 */
function rowsAtOnce(
  codec: PhotoCodec,
  bytes: Uint8Array,
  { placement }: SheetDecode,
  partPixels: number,
): number {
  const header = codec.probe(bytes);
  if (!header.ok || header.value.progressive) return Number.POSITIVE_INFINITY;
  return Math.max(1, Math.floor(partPixels / placement.crop.width / placement.ratio));
}

function failed(photo: PhotoDecode, error: CodecError): TileError {
  const effect = photo.effect === 'none' ? '' : ` (${photo.effect})`;
  return new TileError(
    'BAD_PHOTO',
    `Photo ${photo.photoId}${effect}: ${error.code} ${error.message}`,
  );
}
