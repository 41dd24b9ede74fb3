/**
 * The print master: a saved collage drawn by the same src/render as the editor, in Node, at the
 * print resolution (300 dpi unless asked otherwise), the whole sheet with the material's wrap
 * margins, as a JPEG at quality 92 whose JFIF header carries the dpi and whose APP2 the sRGB profile.
 *
 * The sheet is drawn in tiles of whole rows by a bounded pool of worker threads (one per core),
 * each drawing and encoding its rows in bands (printTiles.ts, printTileRender.ts, jpegBands.ts):
 * memory grows with a band and the photos its rows show, never with the sheet. This thread only
 * plans, and lays the tiles' encoded bands behind the header as the master's parts, unjoined.
 *
 * Originals are decoded by the photo codec at the smallest DCT scale that still gives every slot
 * the pixels it covers at this resolution (never larger than needed, never enlarged), with the
 * photo's effect applied by the codec, then handed to CanvasKit. Originals are stored as shot;
 * the editor shows them upright (its web copies have the EXIF orientation applied) and the slot's
 * rotation is the customer's own turn on top. So the print decodes each original with its EXIF
 * orientation too, and what prints stands as it stood on screen.
 */
import exifr from 'exifr';
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import type { PhotoCodec } from '../../workers/codec/codecTypes';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import { srgbProfile } from './iccProfile';
import { JPEG_END, jpegHeader } from './jpegBands';
import { PrintError, type PrintErrorCode } from './printError';
import { setJfifDensity, withIccProfile } from './jfif';
import type { TileTask } from './printTileTask';
import { runTiles, tileThreads } from './printTilePool';
import { reaches, tileRows, unsplitRows, type RowRange } from './printTiles';
import { PhotoProblem, planPhotos, type PhotoDecode } from './printTilePhotos';
import {
  decodeCost,
  DEFAULT_PRINT_BOUNDS,
  fitTiles,
  photoFrame,
  printTimeBudgetMs,
  tileCost,
  type DecodeCost,
  type PhotoFrame,
  type PrintBounds,
  type TileCost,
} from './printBounds';
import { slotCrop } from './slotCrop';

export { PrintError, type PrintErrorCode } from './printError';
export { closeTilePool, tileThreads } from './printTilePool';

export const PRINT_DPI = 300;
export const PRINT_JPEG_QUALITY = 92;
const CM_PER_INCH = 2.54;
/** The codec converts every photo to sRGB and CanvasKit draws in sRGB: the master says so. */
const SRGB_PROFILE = srgbProfile();

export interface PrintInput {
  layout: Layout;
  slots: SlotData;
  backgroundColor?: string;
  /** The original photo files (JPEG) by photo id. */
  originals: Record<string, Uint8Array>;
  /** Catalog artwork (overlays, mask images) by URL, as encoded files. */
  artwork?: Record<string, Uint8Array>;
  /** Default 300. */
  dpi?: number;
  /** JPEG quality, default 92. */
  quality?: number;
  /** EXIF orientation (1-8) per photo id; read from the originals when absent. */
  orientations?: Record<string, number>;
}

export interface PrintMaster {
  /**
   * The JPEG file in its parts, in order: the header, every tile's bands, the end marker. They are
   * written to the file one after another and never joined: joining a 150x100 cm master (22 MB)
   * took a copy of it at the print's peak (printBench --size 150x100: 554-566 MB joined, 521-539
   * not). Each part owns its whole buffer, so it can be moved to another thread.
   */
  jpegParts: Uint8Array[];
  widthPx: number;
  heightPx: number;
  dpi: number;
}

/** Beyond this a sheet is refused instead of exhausting memory (150x100 cm at 300 dpi is 209 MP). */
const MAX_PRINT_PIXELS = 260_000_000;

export function printSizePx(
  layout: Pick<Layout, 'widthCm' | 'heightCm'>,
  dpi: number,
): { widthPx: number; heightPx: number } {
  return {
    widthPx: Math.round((layout.widthCm / CM_PER_INCH) * dpi),
    heightPx: Math.round((layout.heightCm / CM_PER_INCH) * dpi),
  };
}

let headerCodec: Promise<PhotoCodec> | null = null;

/** How a print runs: its bounds, and who is told its time budget once it is planned. */
export interface PrintRun {
  bounds?: PrintBounds;
  /** The print's time budget in ms, counted from the call (the PrintQueue's backstop). */
  onBudget?(ms: number): void;
}

/** A print planned within its memory bound: its tiles (each with its planned cost) and its time budget. */
export interface PrintPlan {
  widthPx: number;
  heightPx: number;
  dpi: number;
  quality: number;
  tiles: (TileTask & TileCost)[];
  /** The tiles' planned memory together. */
  memoryBytes: number;
  budgetMs: number;
}

/**
 * Plans the print from the headers alone: the photos' decodes, the tiles (as many as the memory
 * bound allows, up to one per core) and the time the print may take. Refused before anything is
 * decoded: a sheet too large (TOO_LARGE), a photo missing or unreadable, a plan over the memory
 * bound even in one tile (PRINT_TOO_HEAVY).
 */
export async function planPrint(
  input: PrintInput,
  bounds: PrintBounds = DEFAULT_PRINT_BOUNDS,
): Promise<PrintPlan> {
  const dpi = input.dpi ?? PRINT_DPI;
  const quality = input.quality ?? PRINT_JPEG_QUALITY;
  const pxPerCm = dpi / CM_PER_INCH;
  const { widthPx, heightPx } = printSizePx(input.layout, dpi);
  if (widthPx * heightPx > MAX_PRINT_PIXELS || widthPx > 0xffff || heightPx > 0xffff)
    throw new PrintError(
      'TOO_LARGE',
      `A ${widthPx}x${heightPx} px print is larger than the print server draws`,
    );
  const orientations = input.orientations ?? (await readOrientations(input.originals));
  // the planning thread only reads headers: a codec with little memory kept
  headerCodec ??= loadNodePhotoCodec({ maxRetainedBytes: 8 * 1024 * 1024 });
  const codec = await headerCodec;
  let photos;
  try {
    photos = planPhotos({
      layout: input.layout,
      slots: input.slots,
      originals: input.originals,
      orientations,
      pxPerCm,
      probe: (jpeg) => codec.probe(jpeg),
    });
  } catch (error) {
    if (error instanceof PhotoProblem) throw new PrintError(error.code, error.message);
    throw error;
  }
  const costs = decodeCosts(codec, photos, input.originals);
  const unsplit = unsplitRows(input.layout, input.slots, pxPerCm);
  const tileOf = (rows: RowRange): TileTask & TileCost => {
    const own = photos.filter((photo) => reaches(photo, rows));
    const originals = Object.fromEntries(
      own.map((photo) => [photo.photoId, input.originals[photo.photoId]!]),
    );
    const originalBytes = Object.values(originals).reduce((sum, b) => sum + b.byteLength, 0);
    return {
      ...rows,
      ...tileCost(rows, own, costs, { widthPx, heightPx }, unsplit, originalBytes),
      layout: input.layout,
      slots: input.slots,
      backgroundColor: input.backgroundColor,
      originals,
      photos: own,
      artwork: input.artwork ?? {},
      pxPerCm,
      widthPx,
      heightPx,
      quality,
    };
  };
  const fitted = fitTiles(
    tileThreads(),
    (count) => tileRows(heightPx, count, unsplit).map(tileOf),
    bounds.memoryBytes,
  );
  if (!fitted.tiles)
    throw new PrintError(
      'PRINT_TOO_HEAVY',
      `The print plans ${megabytes(fitted.bytes)} MB in one tile thread, more than its bound of ${megabytes(bounds.memoryBytes)} MB`,
    );
  return {
    widthPx,
    heightPx,
    dpi,
    quality,
    tiles: fitted.tiles,
    memoryBytes: fitted.bytes,
    budgetMs: printTimeBudgetMs(bounds, input.layout, fitted.tiles),
  };
}

/**
 * Plans the print, then draws its tiles in the thread pool within its time budget (counted from
 * this call): past it the tile threads are stopped and the print fails with PRINT_TIMEOUT.
 */
export async function renderPrintMaster(
  input: PrintInput,
  { bounds = DEFAULT_PRINT_BOUNDS, onBudget }: PrintRun = {},
): Promise<PrintMaster> {
  const started = performance.now();
  const plan = await planPrint(input, bounds);
  const { widthPx, heightPx, dpi, quality, budgetMs } = plan;
  onBudget?.(budgetMs);
  const tasks = plan.tiles.map(
    ({ bytes: _bytes, megapixels: _megapixels, ...task }): TileTask => task,
  );
  const results = await runTiles(tasks, budgetMs - (performance.now() - started), budgetMs);
  const header = withIccProfile(
    setJfifDensity(jpegHeader({ width: widthPx, height: heightPx, quality }), dpi, true),
    SRGB_PROFILE,
  );
  // copies of their own: the header may be a view into Node's shared pool, the end a shared constant
  const jpegParts: Uint8Array[] = [new Uint8Array(header)];
  for (const result of results) {
    if (!Array.isArray(result)) throw new PrintError(result.code as PrintErrorCode, result.message);
    jpegParts.push(...result);
  }
  jpegParts.push(new Uint8Array(JPEG_END));
  return { jpegParts, widthPx, heightPx, dpi };
}

function megabytes(bytes: number): number {
  return Math.round(bytes / (1024 * 1024));
}

/** What each slot's decode will ask, from the headers: its planned size, the part it shows, the file's frame. */
function decodeCosts(
  codec: PhotoCodec,
  photos: readonly PhotoDecode[],
  originals: Record<string, Uint8Array>,
): Map<PhotoDecode, DecodeCost> {
  const costs = new Map<PhotoDecode, DecodeCost>();
  const frames = new Map<string, PhotoFrame | null>();
  for (const photo of photos) {
    const bytes = originals[photo.photoId]!;
    if (!frames.has(photo.photoId)) frames.set(photo.photoId, photoFrame(bytes));
    const frame = frames.get(photo.photoId);
    const size = codec.scaledSize(bytes, photo.width, photo.height, photo.orientation);
    if (!frame || !size.ok)
      throw new PrintError(
        'BAD_PHOTO',
        `Photo ${photo.photoId}: ${size.ok ? 'no frame header' : `${size.error.code} ${size.error.message}`}`,
      );
    costs.set(
      photo,
      decodeCost(frame, size.value, slotCrop(photo.view, size.value.width, size.value.height)),
    );
  }
  return costs;
}

/** EXIF orientation per original; a file without a readable one stands as stored (1). */
export async function readOrientations(
  originals: Record<string, Uint8Array>,
): Promise<Record<string, number>> {
  const entries = await Promise.all(
    Object.entries(originals).map(async ([id, bytes]) => {
      const orientation = await exifr.orientation(bytes).catch(() => undefined);
      return [
        id,
        typeof orientation === 'number' && orientation >= 1 && orientation <= 8 ? orientation : 1,
      ] as const;
    }),
  );
  return Object.fromEntries(entries);
}
