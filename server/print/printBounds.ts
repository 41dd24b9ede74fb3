/**
 * A print's bounds in time and memory (issue 26 item 1), planned before any photo is decoded.
 *
 * Time: a print may take a base, plus seconds per square metre of sheet (drawing and encoding
 * follow the sheet's pixels), plus seconds per megapixel of the originals its busiest tile thread
 * decodes (a slot's photo is entropy-decoded whole in every tile its slot reaches, whatever the
 * scale; the upload's rules, src/model/photos/jpegLimits.ts, keep a file's work in proportion to
 * its pixels). Past it the print's tile threads are stopped and the order fails with PRINT_TIMEOUT.
 *
 * Memory: the wasm heaps of the tile threads (CanvasKit's and the photo codec's) hold nearly all
 * of a print and no worker resourceLimits bound them; they only grow, by what the plan asks: a
 * band buffer, the parts of photos the bands hold at once, and each decode's working memory. So
 * the plan's own figures are summed per tile thread (`tileCost`) and the print is refused with
 * PRINT_TOO_HEAVY before decoding anything when its tiles together ask more than the bound; with
 * fewer tiles (each photo decoded in fewer threads) first, down to one.
 */
import { JpegScanner } from '../../src/model/photos/jpegHeader';
import { samples } from '../../src/model/photos/jpegLimits';
import {
  isStartOfFrame,
  readFrameHeader,
  type JpegFrame,
} from '../../src/model/photos/jpegSegments';
import { BAND_OVERLAP_ROWS, BAND_ROWS, bandRows, reaches, type RowRange } from './printTiles';
import type { PrintBounds } from './printBoundsConfig';
import type { PhotoDecode } from './printTilePhotos';

const MB = 1024 * 1024;

export { DEFAULT_PRINT_BOUNDS, type PrintBounds } from './printBoundsConfig';

/**
 * A tile thread at rest: CanvasKit's heap starts at 128 MB (fonts, Skia's own, and room a band and
 * small photo parts fit in without growing); the idle codec's 1-2 MB are in decodeCost's 4 MB.
 */
export const TILE_BASE_BYTES = 128 * MB;

/** What the planning reads of a photo's frame header. */
export interface PhotoFrame {
  width: number;
  height: number;
  progressive: boolean;
  /** Samples of all components, padded to whole MCUs (jpegLimits `samples`). */
  samples: number;
}

/** The frame header of a JPEG (null when it has none the structure check reads). */
export function photoFrame(bytes: Uint8Array): PhotoFrame | null {
  let frame: JpegFrame | null = null;
  const scanner = new JpegScanner({
    segment(marker, start, end, head) {
      if (frame || !isStartOfFrame(marker)) return;
      const read = readFrameHeader(marker, head, end - start - 2);
      if (read.ok) frame = read.value;
    },
    skipped() {},
  });
  scanner.push(bytes);
  const found = frame as JpegFrame | null;
  return found
    ? {
        width: found.width,
        height: found.height,
        progressive: found.progressive,
        samples: samples(found),
      }
    : null;
}

/** What one slot's decode asks of its tile thread. */
export interface DecodeCost {
  /** The codec's heap while it decodes (it keeps it for the next photo). */
  codecBytes: number;
  /** The slot's part of the photo in CanvasKit's heap, from its first band to its last. */
  imageBytes: number;
  /** Pixels of the original walked by the entropy decoder, in megapixels. */
  megapixels: number;
}

/**
 * The codec's heap for a decode at `scaled` size, however its path goes: measured over baseline and
 * progressive files (4:2:0, 4:4:4, Y 4x1 through jpeg-decoder, 24 MP at every DCT scale) it stays
 * under three times the scaled image's RGBA (output planes, the RGBA, the region's copy), plus for a
 * progressive file two bytes a sample of coefficients at full scale (what jpeg-decoder keeps; the
 * codec's own progressive path keeps only the scale's share), plus 4 MB. A region is counted as the
 * whole image: a baseline file that goes wrong past the region is decoded whole again.
 */
export function decodeCost(
  frame: PhotoFrame,
  scaled: { width: number; height: number },
  crop: { width: number; height: number },
): DecodeCost {
  const rgba = scaled.width * scaled.height * 4;
  return {
    codecBytes: 3 * rgba + (frame.progressive ? 2 * frame.samples : 0) + 4 * MB,
    imageBytes: crop.width * crop.height * 4,
    megapixels: (frame.width * frame.height) / 1e6,
  };
}

export interface TileCost {
  bytes: number;
  megapixels: number;
}

/**
 * A tile thread's planned memory and decoding, band by band as printTileRender draws them: the
 * thread at rest, the band buffer, the originals it is given, the largest decode's codec heap, and
 * the most photo parts its bands hold at once (each from the first band whose drawn rows it reaches
 * until the band after its last row).
 */
export function tileCost(
  rows: RowRange,
  photos: readonly PhotoDecode[],
  costs: ReadonlyMap<PhotoDecode, DecodeCost>,
  sheet: { widthPx: number; heightPx: number },
  unsplit: readonly RowRange[],
  originalBytes: number,
): TileCost {
  const bands = bandRows(rows, BAND_ROWS, photos, unsplit);
  const tallest = Math.max(...bands.map((band) => band.bottom - band.top));
  let codec = 0;
  let held = 0;
  let peak = 0;
  let megapixels = 0;
  const loaded = new Set<PhotoDecode>();
  for (const band of bands) {
    const drawn = {
      top: Math.max(0, band.top - BAND_OVERLAP_ROWS),
      bottom: Math.min(sheet.heightPx, band.bottom + BAND_OVERLAP_ROWS),
    };
    for (const photo of photos) {
      if (loaded.has(photo) || !reaches(photo, drawn)) continue;
      const cost = costs.get(photo)!;
      loaded.add(photo);
      held += cost.imageBytes;
      codec = Math.max(codec, cost.codecBytes);
      megapixels += cost.megapixels;
    }
    peak = Math.max(peak, held);
    for (const photo of loaded) {
      if (photo.bottom > band.bottom - BAND_OVERLAP_ROWS) continue;
      held -= costs.get(photo)!.imageBytes;
      loaded.delete(photo);
    }
  }
  const bandBytes = sheet.widthPx * (tallest + 2 * BAND_OVERLAP_ROWS) * 4;
  return { bytes: TILE_BASE_BYTES + bandBytes + originalBytes + codec + peak, megapixels };
}

/**
 * The most tiles, up to `most`, whose planned memory together keeps within `memoryBytes`: fewer
 * tiles decode each photo in fewer threads. Null when even one tile asks more (PRINT_TOO_HEAVY).
 */
export function fitTiles<T extends TileCost>(
  most: number,
  plan: (count: number) => T[],
  memoryBytes: number,
): { tiles: T[]; bytes: number } | { tiles: null; bytes: number } {
  let bytes = Infinity;
  for (let count = most; count >= 1; count -= 1) {
    const tiles = plan(count);
    bytes = tiles.reduce((sum, tile) => sum + tile.bytes, 0);
    if (bytes <= memoryBytes) return { tiles, bytes };
  }
  return { tiles: null, bytes };
}

/** The time a print of this sheet and these tiles may take. */
export function printTimeBudgetMs(
  bounds: PrintBounds,
  sheet: { widthCm: number; heightCm: number },
  tiles: readonly TileCost[],
): number {
  const squareMetres = (sheet.widthCm * sheet.heightCm) / 10_000;
  const busiest = Math.max(0, ...tiles.map((tile) => tile.megapixels));
  return Math.round(
    bounds.baseMs + bounds.msPerM2 * squareMetres + bounds.msPerMegapixel * busiest,
  );
}
