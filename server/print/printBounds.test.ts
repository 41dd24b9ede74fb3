/**
 * A print's bounds (issue 26 item 1): the time budget follows the sheet's area and the pixels its
 * busiest tile decodes; the settings come from the environment; the memory plan takes the most
 * tiles that fit and holds a photo's part only between its first and last band; and the plan is
 * an upper bound of what the tile threads' wasm heaps really grow to, for each of the codec's
 * paths (baseline, its own progressive path, jpeg-decoder's for Y sampled 4x1).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { samples } from '../../src/model/photos/jpegLimits';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import { cameraOriginals, printCollage, PRINT_BACKGROUND } from '../../tests/render/printCollage';
import { craftProgressive, libjpegProgression, repeatedScanJpeg } from '../test/craftProgressive';
import { fixture } from '../test/uploads';
import { loadNodeCanvasKit } from './assets';
import {
  decodeCost,
  DEFAULT_PRINT_BOUNDS,
  fitTiles,
  photoFrame,
  printTimeBudgetMs,
  TILE_BASE_BYTES,
  tileCost,
  type DecodeCost,
} from './printBounds';
import { printBoundsFromEnv } from './printBoundsConfig';
import { closeTilePool, planPrint } from './printMaster';
import { renderTile } from './printTileRender';
import type { PhotoDecode } from './printTilePhotos';

const MB = 1024 * 1024;
afterAll(() => closeTilePool());

/** CanvasKit's wasm heap (Emscripten's, not in its typings). */
function heapBytes(ck: object): number {
  return (ck as { HEAPU8: Uint8Array }).HEAPU8.buffer.byteLength;
}

describe('the time bound', () => {
  const bounds = { ...DEFAULT_PRINT_BOUNDS, baseMs: 30_000, msPerM2: 60_000, msPerMegapixel: 100 };

  it('is the base, plus the sheet by square metre, plus the busiest tile by megapixel', () => {
    const tiles = [
      { bytes: 0, megapixels: 52 },
      { bytes: 0, megapixels: 35 },
    ];
    expect(printTimeBudgetMs(bounds, { widthCm: 50, heightCm: 40 }, tiles)).toBe(
      30_000 + 12_000 + 5_200,
    );
    expect(printTimeBudgetMs(bounds, { widthCm: 100, heightCm: 70 }, [])).toBe(72_000);
  });

  it('is set by PRINT_TIMEOUT_SECONDS, _PER_M2 and _PER_MEGAPIXEL, and memory by PRINT_MEMORY_MB', () => {
    expect(printBoundsFromEnv({})).toEqual(DEFAULT_PRINT_BOUNDS);
    expect(DEFAULT_PRINT_BOUNDS).toEqual({
      baseMs: 30_000,
      msPerM2: 60_000,
      msPerMegapixel: 100,
      memoryBytes: 2048 * MB,
    });
    expect(
      printBoundsFromEnv({
        PRINT_TIMEOUT_SECONDS: '2.5',
        PRINT_TIMEOUT_SECONDS_PER_M2: '0',
        PRINT_TIMEOUT_SECONDS_PER_MEGAPIXEL: '0.05',
        PRINT_MEMORY_MB: '900',
      }),
    ).toEqual({ baseMs: 2500, msPerM2: 0, msPerMegapixel: 50, memoryBytes: 900 * MB });
    expect(() => printBoundsFromEnv({ PRINT_TIMEOUT_SECONDS: '0' })).toThrow(/at least 1/);
    expect(() => printBoundsFromEnv({ PRINT_TIMEOUT_SECONDS_PER_M2: '-1' })).toThrow(/at least 0/);
    expect(() => printBoundsFromEnv({ PRINT_MEMORY_MB: '1.5' })).toThrow(/whole number/);
  });
});

describe('the memory plan', () => {
  it('reads the frame of a progressive file with Y sampled 4x1: samples padded to whole MCUs', () => {
    const frame = photoFrame(repeatedScanJpeg(4000, 3000, 22))!;
    expect(frame).toEqual({
      width: 4000,
      height: 3000,
      progressive: true,
      samples: samples({
        width: 4000,
        height: 3000,
        progressive: true,
        components: [
          { id: 1, h: 4, v: 1 },
          { id: 2, h: 1, v: 1 },
          { id: 3, h: 1, v: 1 },
        ],
      }),
    });
    // 125 x 375 MCUs of 32 x 8 pixels, 6 blocks each
    expect(frame.samples).toBe(125 * 375 * 6 * 64);
  });

  it('counts a decode as three times its scaled RGBA, plus coefficients for a progressive file', () => {
    const frame = { width: 4000, height: 3000, progressive: false, samples: 18_000_000 };
    const scaled = { width: 1000, height: 750 };
    expect(decodeCost(frame, scaled, { width: 500, height: 400 })).toEqual({
      codecBytes: 3 * 1000 * 750 * 4 + 4 * MB,
      imageBytes: 500 * 400 * 4,
      megapixels: 12,
    });
    expect(
      decodeCost({ ...frame, progressive: true }, scaled, { width: 1, height: 1 }).codecBytes,
    ).toBe(3 * 1000 * 750 * 4 + 2 * 18_000_000 + 4 * MB);
  });

  it("holds a photo's part only while the bands reach it; the codec's heap is its largest decode", () => {
    const photo = (top: number, bottom: number) => ({ top, bottom }) as PhotoDecode;
    const cost = (mb: number): DecodeCost => ({
      codecBytes: 10 * mb * MB,
      imageBytes: mb * MB,
      megapixels: mb,
    });
    const [a, b] = [photo(0, 200), photo(600, 900)];
    const sheet = { widthPx: 1000, heightPx: 1024 };
    const band = 1000 * (256 + 16) * 4;
    const apart = tileCost(
      { top: 0, bottom: 1024 },
      [a, b],
      new Map([
        [a, cost(30)],
        [b, cost(20)],
      ]),
      sheet,
      [],
      7,
    );
    // a is freed before b comes: 30 MB held at most, not 50
    expect(apart).toEqual({
      bytes: TILE_BASE_BYTES + band + 7 + 300 * MB + 30 * MB,
      megapixels: 50,
    });
    const c = photo(100, 700);
    const together = tileCost(
      { top: 0, bottom: 1024 },
      [a, c],
      new Map([
        [a, cost(30)],
        [c, cost(20)],
      ]),
      sheet,
      [],
      0,
    );
    expect(together.bytes).toBe(TILE_BASE_BYTES + band + 300 * MB + 50 * MB);
  });

  it('takes the most tiles that fit, fewer when they do not, none when one tile does not', () => {
    const plan = (count: number) =>
      Array.from({ length: count }, () => ({ bytes: 300 + 100 * count, megapixels: 0 }));
    expect(fitTiles(4, plan, 3000)).toEqual({ tiles: plan(4), bytes: 2800 });
    expect(fitTiles(4, plan, 1000)).toEqual({ tiles: plan(2), bytes: 1000 });
    expect(fitTiles(4, plan, 399)).toEqual({ tiles: null, bytes: 400 });
  });

  it(
    "is an upper bound of the tile threads' wasm heaps, for every path of the codec",
    { timeout: 300_000 },
    async () => {
      const { layout, slots } = printCollage(true);
      const originals = {
        ...cameraOriginals(),
        // the codec's own progressive path, 4:4:4: its coefficient store
        photo0: craftProgressive({
          width: 3000,
          height: 2000,
          sampling: [
            [1, 1],
            [1, 1],
            [1, 1],
          ],
          scans: libjpegProgression(3),
        }),
        // jpeg-decoder's path: coefficients of the whole photo whatever the scale
        photo1: repeatedScanJpeg(4000, 3000, 22),
        photo2: await fixture('cameras/Canon_40D.jpg'),
      };
      const plan = await planPrint({ layout, slots, originals, backgroundColor: PRINT_BACKGROUND });
      expect(plan.memoryBytes).toBeLessThan(DEFAULT_PRINT_BOUNDS.memoryBytes);
      // CanvasKit's heap only grows, and is shared by the tiles drawn here one after the other
      const canvasKit = await loadNodeCanvasKit('default');
      for (const tile of plan.tiles) {
        const codec = await loadNodePhotoCodec({ maxRetainedBytes: 512 * MB });
        renderTile({ canvasKit, codec }, tile, () => undefined);
        const originalBytes = Object.values(tile.originals).reduce((sum, b) => sum + b.length, 0);
        const heaps = heapBytes(canvasKit.ck) + codec.memoryBytes();
        expect(heaps).toBeLessThanOrEqual(tile.bytes - originalBytes);
        // and not far above it: the plan refuses no print for nothing
        expect(heaps).toBeGreaterThan((tile.bytes - originalBytes) / 2);
      }
    },
  );
});
