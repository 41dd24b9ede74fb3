/**
 * A print tile in a worker thread (printMaster.ts runs these through piscina): CanvasKit, the fonts
 * and the photo codec are loaded on the first tile and kept for the next. The tile's encoded
 * bands come back as they are, each moved, not copied: they are parts of the master, which is
 * written to its file part by part and never joined (printMaster.ts PrintMaster.jpegParts).
 */
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import { loadNodeCanvasKit } from './assets';
import { BandEncoder } from './jpegBands';
import { renderTile, TileError, type TileInput, type TileTools } from './printTileRender';
import { nameThisThread, THREAD_NAMES } from './threadName';

nameThisThread(THREAD_NAMES.printTile);

/** The tile's bands, encoded, top to bottom, or why it could not be drawn. */
export type TileResult = Uint8Array[] | { code: string; message: string };

let tools: Promise<TileTools> | null = null;

function tileTools(): Promise<TileTools> {
  tools ??= (async () => {
    // the default build: tiles need no encoder. The codec keeps its working memory for the next photo:
    // a discarded instance's memory lingers until a garbage collection while the new one grows, so
    // giving it back mid-print raised the peak (a 9 MP photo decoded whole takes 101-107 MB, over
    // the former 96 MB limit: 40-60 MB more at the bench print's peak). The thread itself ends after
    // a minute idle (printMaster.ts tilePool), which gives it all back.
    const [canvasKit, codec] = await Promise.all([
      loadNodeCanvasKit('default'),
      loadNodePhotoCodec({ maxRetainedBytes: 512 * 1024 * 1024 }),
    ]);
    return { canvasKit, codec };
  })().catch((error: unknown) => {
    tools = null;
    throw error;
  });
  return tools;
}

/** A tile to draw, and the JPEG quality its bands are encoded at. */
export interface TileTask extends TileInput {
  quality: number;
}

export default async function printTileTask(tile: TileTask): Promise<TileResult> {
  try {
    const encoder = new BandEncoder({
      width: tile.widthPx,
      height: tile.heightPx,
      quality: tile.quality,
    });
    const bands: Uint8Array[] = [];
    renderTile(await tileTools(), tile, (rgba, band) =>
      bands.push(encoder.encode({ rgba, rows: band.bottom - band.top, top: band.top })),
    );
    return movedBands(bands);
  } catch (error) {
    return {
      code: error instanceof TileError ? error.code : 'FAILED',
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

/** The bands, each one's buffer (its own: BandEncoder.encode) moved to the print thread. */
function movedBands(bands: Uint8Array[]): Uint8Array[] {
  return move({
    get [transferableSymbol]() {
      return bands.map((band) => band.buffer);
    },
    get [valueSymbol]() {
      return bands;
    },
  }) as unknown as Uint8Array[];
}
