/**
 * The photos a print tile holds while its bands are drawn (printTileRender.ts): each slot's photo is
 * decoded when the first band its slot reaches comes and released after its last band. An unturned
 * slot's photo (sheetPlacement.ts) is decoded once into the codec and placed on the sheet's pixels a
 * band at a time: CanvasKit holds only the band's strip of it, drawn 1:1 (PhotoPart onSheet). Other
 * slots hold the part of their photo they show (slotCrop.ts), which CanvasKit filters as it draws.
 */
import { ImageCache, imageFromPixels, markPhotoPart } from '../../src/render/cache';
import { isQuarterTurned } from '../../src/render/geometry';
import type { CanvasKit } from 'canvaskit-wasm';
import type { CodecError, PhotoCodec, PlacedRows } from '../../workers/codec/codecTypes';
import type { PhotoDecode } from './printTilePhotos';
import type { RowRange } from './printTiles';
import { composedOrientation, sheetPlacement, type SheetPlacement } from './sheetPlacement';
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

/** A photo placed on the sheet, open in the codec: its placement and the rows to take from it. */
interface OpenPlaced {
  placement: SheetPlacement;
  rows: PlacedRows;
}

export class TilePhotoDecodes {
  private readonly held = new Set<PhotoDecode>();
  private readonly placed = new Map<PhotoDecode, OpenPlaced>();

  constructor(
    private readonly ck: CanvasKit,
    private readonly codec: PhotoCodec,
    private readonly images: ImageCache,
    private readonly sheet: { widthPx: number; heightPx: number },
  ) {}

  has(photo: PhotoDecode): boolean {
    return this.held.has(photo);
  }

  /** Decodes the slot's photo: opened in the codec when it is placed on the sheet, else its part into CanvasKit. */
  load(photo: PhotoDecode, bytes: Uint8Array): void {
    const onSheet = sheetDecode(this.codec, photo, bytes, this.sheet);
    if (onSheet) {
      const { minW, minH, orientation, placement } = onSheet;
      const { crop, ratio, offsetX, offsetY, width, height } = placement;
      const mapping = { width, height, ratioX: ratio, offsetX, ratioY: ratio, offsetY };
      const rows = this.codec.openPlaced(bytes, minW, minH, orientation, crop, mapping);
      if (!rows.ok) throw failed(photo, rows.error);
      this.placed.set(photo, { placement, rows: rows.value });
    } else {
      this.images.putPhoto(photo.id, photo.effect, this.part(photo, bytes));
    }
    this.held.add(photo);
  }

  /** Puts in CanvasKit the strip of every placed photo the rows `drawn` show (the one before is dropped). */
  showRows(drawn: RowRange): void {
    for (const [photo, { placement, rows }] of this.placed) {
      const top = Math.max(drawn.top, placement.sheetY);
      const bottom = Math.min(drawn.bottom, placement.sheetY + placement.height);
      // rows the placement does not reach: the slot's clip covers none of them either
      if (bottom <= top) continue;
      const strip = rows.rowsInPlace(top - placement.sheetY, bottom - top, photo.effect, (pixels) =>
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
    this.placed.get(photo)?.rows.close();
    this.placed.delete(photo);
    this.held.delete(photo);
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

function failed(photo: PhotoDecode, error: CodecError): TileError {
  const effect = photo.effect === 'none' ? '' : ` (${photo.effect})`;
  return new TileError(
    'BAD_PHOTO',
    `Photo ${photo.photoId}${effect}: ${error.code} ${error.message}`,
  );
}
