/**
 * The tiled print master against an untiled reference: the same collage (photos with borders,
 * photos turned in their slots, texts) drawn as one band of the whole sheet, and drawn in tiles
 * of bands thin enough that every photo, border and text crosses seams: 0 differing pixels. With
 * the print's own bands, and with tilted slots, the few differences Skia's clipping makes are
 * bounded (measured figures in the tests). The master from the thread pool is byte for byte the
 * same bands drawn and encoded in the test's thread.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERN_PHOTO_BORDER, type Layout } from '../../src/model/layout/types';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import type { PhotoCodec } from '../../workers/codec/codecTypes';
import { cameraOriginals, printCollage, PRINT_BACKGROUND } from '../../tests/render/printCollage';
import { loadNodeCanvasKit } from './assets';
import { srgbProfile } from './iccProfile';
import { encodeBand, JPEG_END, jpegHeader, MCU_PX } from './jpegBands';
import { setJfifDensity, withIccProfile } from './jfif';
import { closeTilePool, printSizePx, readOrientations, renderPrintMaster, tileThreads } from './printMaster';
import { renderTile, type TileInput, type TileTools } from './printTileRender';
import { BAND_ROWS, bandRows, planPhotos, reaches, tileRows } from './printTiles';

const DPI = 40;
const PX_PER_CM = DPI / 2.54;

let tools: TileTools;
let codec: PhotoCodec;
beforeAll(async () => {
  const [canvasKit, loaded] = await Promise.all([loadNodeCanvasKit('default'), loadNodePhotoCodec()]);
  tools = { canvasKit, codec: loaded };
  codec = loaded;
});
afterAll(() => closeTilePool());

/**
 * The print test collage (photos turned a quarter in their slots, a sepia one, two texts) with a
 * card border round every photo; `tiltDegrees` tilts every fifth slot.
 */
function borderedCollage(tiltDegrees = 0): ReturnType<typeof printCollage> {
  const { layout, slots } = printCollage(true);
  let index = 0;
  const layers = layout.layers.map((layer) => (layer.kind === 'photo' ? { ...layer, border: MODERN_PHOTO_BORDER, rotation: index++ % 5 === 1 ? tiltDegrees : layer.rotation } : layer));
  return { layout: { ...layout, layers } as Layout, slots };
}

async function tileInput(rows: { top: number; bottom: number }, tiltDegrees: number): Promise<TileInput> {
  const { layout, slots } = borderedCollage(tiltDegrees);
  const originals = cameraOriginals();
  const photos = planPhotos({ layout, slots, originals, orientations: await readOrientations(originals), pxPerCm: PX_PER_CM, probe: (jpeg) => codec.probe(jpeg) });
  const own = photos.filter((photo) => reaches(photo, rows));
  const { widthPx, heightPx } = printSizePx(layout, DPI);
  return { ...rows, layout, slots, backgroundColor: PRINT_BACKGROUND, originals, photos: own, artwork: {}, pxPerCm: PX_PER_CM, widthPx, heightPx };
}

/** The whole sheet's pixels, drawn by tiles of `bandHeight`-row bands (or in one band). */
async function sheet(tiles: number, bandHeight?: number, tiltDegrees = 0): Promise<{ rgba: Uint8Array; widthPx: number; heightPx: number }> {
  const { widthPx, heightPx } = printSizePx(borderedCollage().layout, DPI);
  const rgba = new Uint8Array(widthPx * heightPx * 4);
  for (const rows of tileRows(heightPx, tiles)) {
    renderTile(tools, await tileInput(rows, tiltDegrees), (pixels, band) => rgba.set(pixels, band.top * widthPx * 4), bandHeight ?? Math.ceil(heightPx / MCU_PX) * MCU_PX);
  }
  return { rgba, widthPx, heightPx };
}

describe('tiled print master', () => {
  it('draws tiles of thin bands with 0 pixels differing from the untiled sheet, at the seams and everywhere', async () => {
    const reference = await sheet(1);
    const { widthPx, heightPx } = reference;
    const tiled = await sheet(3, 2 * MCU_PX);
    const seams = new Set(tileRows(heightPx, 3).flatMap((tile) => bandRows(tile, 2 * MCU_PX).map((band) => band.top)).filter((top) => top > 0));
    expect(seams.size).toBeGreaterThan(15);
    let differing = 0;
    let atSeams = 0;
    for (let y = 0; y < heightPx; y += 1) {
      const nearSeam = [...seams].some((seam) => Math.abs(y - seam) <= 2);
      for (let x = 0; x < widthPx; x += 1) {
        const p = (y * widthPx + x) * 4;
        if (reference.rgba[p] !== tiled.rgba[p] || reference.rgba[p + 1] !== tiled.rgba[p + 1] || reference.rgba[p + 2] !== tiled.rgba[p + 2]) {
          differing += 1;
          if (nearSeam) atSeams += 1;
        }
      }
    }
    expect({ differing, atSeams }).toEqual({ differing: 0, atSeams: 0 });
    // the seams do cross the drawing: the rows on either side of one are not plain background
    const colours = (y: number) => new Set(new Uint32Array(reference.rgba.buffer, y * widthPx * 4, widthPx)).size;
    expect([...seams].filter((seam) => colours(seam) > 50).length).toBeGreaterThan(10);
  }, 120_000);

  it('draws the print own bands (256 rows, a tile per thread) within 1/255 of the untiled sheet on at most 10 pixels', async () => {
    const reference = await sheet(1);
    const banded = await sheet(tileThreads(), BAND_ROWS);
    let differing = 0;
    let largest = 0;
    for (let i = 0; i < reference.rgba.length; i += 1) {
      const difference = Math.abs(reference.rgba[i]! - banded.rgba[i]!);
      if (difference > 0 && i % 4 === 0) differing += 1;
      largest = Math.max(largest, difference);
    }
    // measured: 1 pixel, 1/255, at the bottom edge of a band through a border's blurred glow
    expect(differing).toBeLessThanOrEqual(10);
    expect(largest).toBeLessThanOrEqual(1);
  }, 120_000);

  // Known limit, measured here: a slot tilted by other than a quarter turn has slanted antialiased
  // edges, and Skia's edge walker starts such an edge at the band's clip instead of at its top, so
  // those edge pixels round differently (up to about 15/255, 0.2 % of this sheet's pixels).
  it('keeps the differences of tilted slots to their slanted edges', async () => {
    const reference = await sheet(1, undefined, 7);
    const tiled = await sheet(3, 2 * MCU_PX, 7);
    let differing = 0;
    for (let i = 0; i < reference.rgba.length; i += 4) if (reference.rgba[i] !== tiled.rgba[i] || reference.rgba[i + 1] !== tiled.rgba[i + 1] || reference.rgba[i + 2] !== tiled.rgba[i + 2]) differing += 1;
    expect(differing / (reference.widthPx * reference.heightPx)).toBeLessThan(0.005);
  }, 120_000);

  it('writes, through its thread pool, the file its bands drawn and encoded in one thread make, byte for byte', async () => {
    const { layout, slots } = borderedCollage();
    const master = await renderPrintMaster({ layout, slots, originals: cameraOriginals(), backgroundColor: PRINT_BACKGROUND, dpi: DPI });
    const { rgba, widthPx, heightPx } = await sheet(tileThreads(), BAND_ROWS);
    const frame = { width: widthPx, height: heightPx, quality: 92 };
    const header = withIccProfile(setJfifDensity(jpegHeader(frame), DPI, true), srgbProfile());
    const expected = Buffer.concat([header, encodeBand(frame, { rgba, rows: heightPx, top: 0 }), JPEG_END]);
    expect(master.jpeg.length).toBe(expected.length);
    expect(Buffer.compare(master.jpeg, expected)).toBe(0);
  }, 120_000);

  it('cuts any sheet into tiles and bands of whole MCU rows that cover it once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20_000 }), fc.integer({ min: 1, max: 8 }), (height, count) => {
        const tiles = tileRows(height, count);
        expect(tiles.length).toBeLessThanOrEqual(count);
        let next = 0;
        for (const tile of tiles) {
          expect(tile.top).toBe(next);
          expect(tile.top % MCU_PX).toBe(0);
          for (const band of bandRows(tile)) {
            expect(band.top % MCU_PX).toBe(0);
            expect(band.bottom === height || band.bottom % MCU_PX === 0).toBe(true);
          }
          next = tile.bottom;
        }
        expect(next).toBe(height);
      }),
    );
  });
});
