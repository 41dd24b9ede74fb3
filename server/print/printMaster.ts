/**
 * The print master: a saved collage drawn by the same src/render as the editor, in Node, at the
 * print resolution (300 dpi unless asked otherwise), the whole sheet with the material's wrap
 * margins, as a JPEG at quality 92 whose JFIF header carries the dpi and whose APP2 the sRGB profile.
 *
 * The sheet is drawn in tiles of whole rows by a bounded pool of worker threads (one per core),
 * each drawing and encoding its rows in bands (printTiles.ts, printTileRender.ts, jpegBands.ts):
 * memory grows with a band and the photos its rows show, never with the sheet. This thread only
 * plans, and joins the tiles' encoded bytes behind the header.
 *
 * Originals are decoded by the photo codec at the smallest DCT scale that still gives every slot
 * the pixels it covers at this resolution (never larger than needed, never enlarged), with the
 * photo's effect applied by the codec, then handed to CanvasKit. Originals are stored as shot;
 * the editor shows them upright (its web copies have the EXIF orientation applied) and the slot's
 * rotation is the customer's own turn on top. So the print decodes each original with its EXIF
 * orientation too, and what prints stands as it stood on screen.
 */
import exifr from 'exifr';
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import type { PhotoCodec } from '../../workers/codec/codecTypes';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import { srgbProfile } from './iccProfile';
import { JPEG_END, joinBytes, jpegHeader } from './jpegBands';
import { setJfifDensity, withIccProfile } from './jfif';
import type { TileResult, TileTask } from './printTileTask';
import { reaches, tileRows, unsplitRows } from './printTiles';
import { PhotoProblem, planPhotos } from './printTilePhotos';

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
  jpeg: Uint8Array;
  widthPx: number;
  heightPx: number;
  dpi: number;
}

export type PrintErrorCode =
  | 'MISSING_PHOTO'
  | 'BAD_PHOTO'
  | 'BAD_ARTWORK'
  | 'TOO_LARGE'
  | 'ENCODE_FAILED'
  | 'WORKER_FAILED'
  | 'QUEUE_CLOSED'
  | 'FAILED';

export class PrintError extends Error {
  constructor(
    readonly code: PrintErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'PrintError';
  }
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

/** Tile threads: one per core (at most 4: a print is one job among others), by PRINT_TILE_THREADS otherwise. */
export function tileThreads(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.PRINT_TILE_THREADS);
  return Number.isInteger(asked) && asked >= 1 ? asked : Math.min(4, availableParallelism());
}

let pool: Piscina<TileTask, TileResult> | null = null;

/** The thread pool, made on the first print of this thread; threads stop after a minute idle. */
function tilePool(): Piscina<TileTask, TileResult> {
  pool ??= new Piscina({
    filename: new URL('./printTileTask.mjs', import.meta.url).href,
    minThreads: 0,
    maxThreads: tileThreads(),
    idleTimeout: 60_000,
  });
  return pool;
}

/** Stops the tile threads (tests, shutdown); the next print starts them again. */
export async function closeTilePool(): Promise<void> {
  const closing = pool;
  pool = null;
  await closing?.destroy();
}

let headerCodec: Promise<PhotoCodec> | null = null;

export async function renderPrintMaster(input: PrintInput): Promise<PrintMaster> {
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
  const tiles = tileRows(heightPx, tileThreads(), unsplitRows(input.layout, input.slots, pxPerCm));
  const results = await Promise.all(
    tiles.map((rows) => {
      const own = photos.filter((photo) => reaches(photo, rows));
      const tile: TileTask = {
        ...rows,
        layout: input.layout,
        slots: input.slots,
        backgroundColor: input.backgroundColor,
        originals: Object.fromEntries(
          own.map((photo) => [photo.photoId, input.originals[photo.photoId]!]),
        ),
        photos: own,
        artwork: input.artwork ?? {},
        pxPerCm,
        widthPx,
        heightPx,
        quality,
      };
      return tilePool()
        .run(tile)
        .catch((error: unknown) => {
          throw new PrintError(
            'WORKER_FAILED',
            `A print tile thread failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        });
    }),
  );
  const header = withIccProfile(
    setJfifDensity(jpegHeader({ width: widthPx, height: heightPx, quality }), dpi, true),
    SRGB_PROFILE,
  );
  const parts: Uint8Array[] = [header];
  for (const result of results) {
    if (!(result instanceof Uint8Array))
      throw new PrintError(result.code as PrintErrorCode, result.message);
    parts.push(result);
  }
  parts.push(JPEG_END);
  return { jpeg: joinBytes(parts), widthPx, heightPx, dpi };
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
