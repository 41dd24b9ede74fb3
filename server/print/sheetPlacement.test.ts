/**
 * The print's photos placed on the sheet's pixel grid (sheetPlacement.ts): the mapping puts every
 * sheet pixel on the point of the photo drawCover (src/render/photo.ts) puts there, the part it
 * reads holds every tap of the resampler, and the EXIF orientation a quarter turn composes to
 * turns the decode as the slot turns the photo.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { cover, isQuarterTurned } from '../../src/render/geometry';
import type { QuarterTurn } from '../../src/render/scene';
import type { DecodedImage, PhotoCodec } from '../../workers/codec/codecTypes';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec';
import {
  composedOrientation,
  MAX_PLACED_RATIO,
  placementRows,
  sheetPlacement,
  type SheetPlacement,
} from './sheetPlacement';
import type { SlotView } from './slotCrop';

const ORIENTATION = new URL('../../../shared/fixtures/photos/orientation/', import.meta.url);
const TURNS: QuarterTurn[] = [0, 90, 180, 270];

/** The image turned clockwise a quarter `turn / 90` times, pixel for pixel. */
function turned(
  image: DecodedImage,
  turn: QuarterTurn,
): { width: number; height: number; rgba: number[] } {
  let { width, height } = image;
  let rgba = Array.from(image.rgba);
  for (let k = 0; k < turn / 90; k += 1) {
    const next = new Array<number>(rgba.length);
    for (let y = 0; y < height; y += 1)
      for (let x = 0; x < width; x += 1)
        for (let c = 0; c < 4; c += 1)
          next[(x * height + (height - 1 - y)) * 4 + c] = rgba[(y * width + x) * 4 + c]!;
    rgba = next;
    [width, height] = [height, width];
  }
  return { width, height, rgba };
}

describe('composedOrientation', () => {
  let codec: PhotoCodec;
  beforeAll(async () => {
    codec = await loadNodePhotoCodec();
  });

  it('decodes every EXIF orientation turned by every quarter turn as turning the upright decode does', () => {
    for (let orientation = 1; orientation <= 8; orientation += 1) {
      const bytes = new Uint8Array(
        readFileSync(new URL(`Landscape_${orientation}.jpg`, ORIENTATION)),
      );
      // the smallest DCT scale: whole pixels, no resampling, so a turn is a permutation
      const upright = codec.decodeScaled(bytes, 1, 1, orientation);
      if (!upright.ok) throw new Error(upright.error.message);
      for (const turn of TURNS) {
        const composed = codec.decodeScaled(bytes, 1, 1, composedOrientation(orientation, turn));
        if (!composed.ok) throw new Error(composed.error.message);
        const expected = turned(upright.value, turn);
        expect([composed.value.width, composed.value.height]).toEqual([
          expected.width,
          expected.height,
        ]);
        expect(Array.from(composed.value.rgba), `orientation ${orientation}, turn ${turn}`).toEqual(
          expected.rgba,
        );
      }
    }
  });
});

const views = fc.record({
  width: fc.double({ min: 20, max: 3000, noNaN: true }),
  height: fc.double({ min: 20, max: 3000, noNaN: true }),
  inset: fc.double({ min: 0, max: 0.3, noNaN: true }),
  zoom: fc.double({ min: 1, max: 4, noNaN: true }),
  focusX: fc.double({ min: 0, max: 1, noNaN: true }),
  focusY: fc.double({ min: 0, max: 1, noNaN: true }),
  rotation: fc.constantFrom<QuarterTurn>(0, 90, 180, 270),
  slotX: fc.double({ min: -200, max: 4000, noNaN: true }),
  slotY: fc.double({ min: -200, max: 4000, noNaN: true }),
  imageWidth: fc.integer({ min: 40, max: 6000 }),
  imageHeight: fc.integer({ min: 40, max: 6000 }),
});

type Case = typeof views extends fc.Arbitrary<infer T> ? T : never;

function viewOf(c: Case): SlotView {
  const own = { x: 0, y: 0, width: c.width, height: c.height };
  const shown = {
    x: c.width * c.inset,
    y: c.height * c.inset,
    width: c.width * (1 - 2 * c.inset),
    height: c.height * (1 - 2 * c.inset),
  };
  return { own, shown, zoom: c.zoom, focusX: c.focusX, focusY: c.focusY, rotation: c.rotation };
}

/**
 * Where drawCover puts a point of the decode turned by the slot's quarter turn (`imageWidth` x
 * `imageHeight` as the slot shows it): it draws the unturned photo centred, turned about its centre.
 */
function drawnAt(c: Case, view: SlotView, [u, v]: [number, number]): [number, number] {
  const quarter = isQuarterTurned(c.rotation);
  const [w0, h0] = quarter ? [c.imageHeight, c.imageWidth] : [c.imageWidth, c.imageHeight];
  const placed = cover({
    slotWidth: c.width,
    slotHeight: c.height,
    imageWidth: w0,
    imageHeight: h0,
    zoom: view.zoom,
    focusX: view.focusX,
    focusY: view.focusY,
    rotation: c.rotation,
  });
  // the turned decode's point back on the unturned photo (clockwise turns undone)
  const [a, b] = { 0: [u, v], 90: [v, h0 - u], 180: [w0 - u, h0 - v], 270: [w0 - v, u] }[
    c.rotation
  ] as [number, number];
  const [dx, dy] = [(a - w0 / 2) * placed.scale, (b - h0 / 2) * placed.scale];
  const radians = (c.rotation * Math.PI) / 180;
  const [cos, sin] = [Math.round(Math.cos(radians)), Math.round(Math.sin(radians))];
  return [
    c.slotX + placed.centerX + cos * dx - sin * dy,
    c.slotY + placed.centerY + sin * dx + cos * dy,
  ];
}

const SHEET = { widthPx: 5000, heightPx: 5000 };

function placementOf(c: Case, view: SlotView) {
  return sheetPlacement(view, { x: c.slotX, y: c.slotY }, c.imageWidth, c.imageHeight, SHEET);
}

describe('sheetPlacement', () => {
  it('puts the centre of every sheet pixel it covers on the point of the photo drawCover puts there', () => {
    fc.assert(
      fc.property(views, (c) => {
        const view = viewOf(c);
        const placed = placementOf(c, view);
        if (!placed) return;
        for (const [i, j] of [
          [0, 0],
          [placed.width - 1, placed.height - 1],
          [placed.width >> 1, 0],
        ] as const) {
          const u = placed.crop.x + (i + 0.5) * placed.ratio + placed.offsetX;
          const v = placed.crop.y + (j + 0.5) * placed.ratio + placed.offsetY;
          const [x, y] = drawnAt(c, view, [u, v]);
          expect(x).toBeCloseTo(placed.sheetX + i + 0.5, 6);
          expect(y).toBeCloseTo(placed.sheetY + j + 0.5, 6);
        }
      }),
    );
  });

  it('reads a part holding every tap of the Lanczos-3 resampler, within the decode', () => {
    fc.assert(
      fc.property(views, (c) => {
        const placed = placementOf(c, viewOf(c));
        if (!placed) return;
        const { crop, ratio } = placed;
        const reach = 3 * Math.max(1, ratio);
        expect(crop.x).toBeGreaterThanOrEqual(0);
        expect(crop.y).toBeGreaterThanOrEqual(0);
        expect(crop.x + crop.width).toBeLessThanOrEqual(c.imageWidth);
        expect(crop.y + crop.height).toBeLessThanOrEqual(c.imageHeight);
        const first = [0.5 * ratio + placed.offsetX, 0.5 * ratio + placed.offsetY];
        const last = [
          (placed.width - 0.5) * ratio + placed.offsetX,
          (placed.height - 0.5) * ratio + placed.offsetY,
        ];
        if (crop.x > 0) expect(first[0]! - reach).toBeGreaterThanOrEqual(0);
        if (crop.y > 0) expect(first[1]! - reach).toBeGreaterThanOrEqual(0);
        if (crop.x + crop.width < c.imageWidth)
          expect(last[0]! + reach).toBeLessThanOrEqual(crop.width);
        if (crop.y + crop.height < c.imageHeight)
          expect(last[1]! + reach).toBeLessThanOrEqual(crop.height);
      }),
    );
  });

  it('covers the sheet pixels the shown rect touches where the photo covers their centres, and no others', () => {
    fc.assert(
      fc.property(views, (c) => {
        const view = viewOf(c);
        const placed = placementOf(c, view);
        if (!placed) return;
        const shownLeft = c.slotX + view.shown.x;
        const shownTop = c.slotY + view.shown.y;
        expect(placed.sheetX).toBeGreaterThanOrEqual(Math.max(0, Math.floor(shownLeft)));
        expect(placed.sheetY).toBeGreaterThanOrEqual(Math.max(0, Math.floor(shownTop)));
        expect(placed.sheetX + placed.width).toBeLessThanOrEqual(
          Math.ceil(shownLeft + view.shown.width),
        );
        expect(placed.sheetY + placed.height).toBeLessThanOrEqual(
          Math.ceil(shownTop + view.shown.height),
        );
        // the photo, drawn without antialiasing, reaches only the pixels whose centres it covers
        const corners = [drawnAt(c, view, [0, 0]), drawnAt(c, view, [c.imageWidth, c.imageHeight])];
        const photoLeft = Math.min(corners[0]![0], corners[1]![0]);
        const photoRight = Math.max(corners[0]![0], corners[1]![0]);
        expect(placed.sheetX).toBeGreaterThanOrEqual(Math.round(photoLeft - 1e-6));
        expect(placed.sheetX + placed.width).toBeLessThanOrEqual(Math.round(photoRight + 1e-6));
        // the photo covers the slot (cover): every pixel of the shown rect whose centre is inside it is covered
        const insideX = [
          Math.max(0, Math.ceil(shownLeft - 0.5)),
          Math.min(SHEET.widthPx, Math.floor(shownLeft + view.shown.width - 0.5) + 1),
        ];
        if (insideX[1]! > insideX[0]!) {
          expect(placed.sheetX).toBeLessThanOrEqual(insideX[0]!);
          expect(placed.sheetX + placed.width).toBeGreaterThanOrEqual(insideX[1]!);
        }
      }),
    );
  });

  it('leaves to CanvasKit a photo reduced more than the resampler reaches', () => {
    const view = viewOf({
      width: 100,
      height: 100,
      inset: 0,
      zoom: 1,
      focusX: 0.5,
      focusY: 0.5,
      rotation: 0,
      slotX: 10,
      slotY: 10,
      imageWidth: 1,
      imageHeight: 1,
    });
    expect(
      sheetPlacement(
        view,
        { x: 10, y: 10 },
        100 * MAX_PLACED_RATIO,
        1000 * MAX_PLACED_RATIO,
        SHEET,
      ),
    ).not.toBeNull();
    expect(
      sheetPlacement(
        view,
        { x: 10, y: 10 },
        100 * MAX_PLACED_RATIO + 40,
        1000 * MAX_PLACED_RATIO,
        SHEET,
      ),
    ).toBeNull();
    expect(sheetPlacement(view, { x: 6000, y: 10 }, 400, 400, SHEET), 'off the sheet').toBeNull();
    expect(sheetPlacement(view, { x: 10, y: 10 }, 60, 60, SHEET), 'enlarged').not.toBeNull();
  });
});

describe('placementRows', () => {
  let codec: PhotoCodec;
  beforeAll(async () => {
    codec = await loadNodePhotoCodec();
  });

  /** Rows `from .. to` of the placed image, the codec given `crop` and `offsetY`, as bytes. */
  function placedRows(
    bytes: Uint8Array,
    orientation: number,
    placement: SheetPlacement,
    { crop, offsetY }: { crop: SheetPlacement['crop']; offsetY: number },
    [from, to]: [number, number],
  ): number[] {
    const { width, height, ratio, offsetX } = placement;
    const mapping = { width, height, ratioX: ratio, offsetX, ratioY: ratio, offsetY };
    const open = codec.openPlaced(bytes, 1, 1, orientation, crop, mapping);
    if (!open.ok) throw new Error(open.error.message);
    const rows = open.value.rowsInPlace(from, to - from, 'none', (image) => Array.from(image.rgba));
    open.value.close();
    if (!rows.ok) throw new Error(rows.error.message);
    return rows.value;
  }

  it('places exactly the rows of the whole part from the part those rows read, enlarged or reduced, on a photo stored turned (EXIF 6)', () => {
    const bytes = new Uint8Array(readFileSync(new URL('Landscape_6.jpg', ORIENTATION)));
    const size = codec.scaledSize(bytes, 1, 1, 6);
    if (!size.ok) throw new Error(size.error.message);
    const { width: imageWidth, height: imageHeight } = size.value;
    fc.assert(
      fc.property(
        fc.double({ min: 0.3, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 40 }),
        (scale, focusY, at, count) => {
          // a slot the photo covers at `scale` sheet pixels a decode pixel
          const view: SlotView = {
            own: { x: 0, y: 0, width: imageWidth * scale * 0.5, height: imageHeight * scale * 0.5 },
            shown: {
              x: 0,
              y: 0,
              width: imageWidth * scale * 0.5,
              height: imageHeight * scale * 0.5,
            },
            zoom: 1,
            focusX: 0.5,
            focusY,
            rotation: 0,
          };
          const placement = sheetPlacement(view, { x: 3.25, y: 7.5 }, imageWidth, imageHeight, {
            widthPx: 100_000,
            heightPx: 100_000,
          });
          if (!placement) return;
          const from = Math.floor(at * (placement.height - 1));
          const to = Math.min(placement.height, from + count);
          const part = placementRows(placement, from, to);
          expect(part.crop.y).toBeGreaterThanOrEqual(placement.crop.y);
          expect(part.crop.y + part.crop.height).toBeLessThanOrEqual(
            placement.crop.y + placement.crop.height,
          );
          const whole = { crop: placement.crop, offsetY: placement.offsetY };
          expect(placedRows(bytes, 6, placement, part, [from, to])).toEqual(
            placedRows(bytes, 6, placement, whole, [from, to]),
          );
        },
      ),
      { numRuns: 40 },
    );
  });
});
