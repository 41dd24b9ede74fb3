import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  clampView,
  FITTED,
  panBy,
  sheetPlacement,
  VIEW_ZOOM_MAX,
  VIEW_ZOOM_MIN,
  zoomAround,
  type ViewBox,
  type ViewZoom,
} from './viewZoom';

const BOX: ViewBox = { width: 800, height: 600, sheetWidth: 800, sheetHeight: 400 };

const boxes = fc
  .record({
    width: fc.integer({ min: 50, max: 2000 }),
    height: fc.integer({ min: 50, max: 2000 }),
    fill: fc.double({ min: 0.2, max: 1, noNaN: true }),
    aspect: fc.double({ min: 0.2, max: 5, noNaN: true }),
  })
  .map(({ width, height, fill, aspect }): ViewBox => {
    // A sheet fitted into the box, as the canvas fits it.
    const scale = Math.min(width / aspect, height) * fill;
    return { width, height, sheetWidth: scale * aspect, sheetHeight: scale };
  });
const views = fc.record({
  zoom: fc.double({ min: 0, max: 10, noNaN: true }),
  panX: fc.double({ min: -5000, max: 5000, noNaN: true }),
  panY: fc.double({ min: -5000, max: 5000, noNaN: true }),
});

/** Whether the placed sheet leaves no gap it could cover: larger than the box means covering it, smaller means centred. */
function coversOrCentres(view: ViewZoom, box: ViewBox): boolean {
  const p = sheetPlacement(view, box);
  const axis = (start: number, size: number, room: number) =>
    size >= room
      ? start <= 1e-6 && start + size >= room - 1e-6
      : Math.abs(start - (room - size) / 2) < 1e-6;
  return axis(p.left, p.width, box.width) && axis(p.top, p.height, box.height);
}

describe('the editor zoom and pan', () => {
  it('fits and centres the sheet at zoom 1', () => {
    expect(sheetPlacement(FITTED, BOX)).toEqual({ left: 0, top: 100, width: 800, height: 400 });
    expect(clampView({ zoom: 1, panX: 50, panY: -30 }, BOX)).toEqual(FITTED);
  });

  it('keeps the zoom between 1 and 4 and the box covered, whatever it is asked', () => {
    fc.assert(
      fc.property(views, boxes, (view, box) => {
        const clamped = clampView(view, box);
        expect(clamped.zoom).toBeGreaterThanOrEqual(VIEW_ZOOM_MIN);
        expect(clamped.zoom).toBeLessThanOrEqual(VIEW_ZOOM_MAX);
        expect(coversOrCentres(clamped, box)).toBe(true);
      }),
    );
  });

  it('zooms around the pinch centre: the sheet point under it stays put unless an edge stops it', () => {
    fc.assert(
      fc.property(
        boxes,
        fc.double({ min: 1.01, max: 1.5, noNaN: true }),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        fc.double({ min: 0.1, max: 0.9, noNaN: true }),
        (box, factor, bx, by) => {
          const start = zoomAround(FITTED, box, 2, { x: box.width / 2, y: box.height / 2 });
          const centre = { x: box.width * bx, y: box.height * by };
          const before = sheetPlacement(start, box);
          const zoomed = zoomAround(start, box, factor, centre);
          const after = sheetPlacement(zoomed, box);
          expect(zoomed.zoom).toBeCloseTo(Math.min(VIEW_ZOOM_MAX, start.zoom * factor), 9);
          const free = (startEdge: number, size: number, room: number) =>
            size > room && startEdge < -1e-6 && startEdge + size > room + 1e-6;
          if (free(after.left, after.width, box.width))
            expect((centre.x - after.left) / after.width).toBeCloseTo(
              (centre.x - before.left) / before.width,
              6,
            );
          if (free(after.top, after.height, box.height))
            expect((centre.y - after.top) / after.height).toBeCloseTo(
              (centre.y - before.top) / before.height,
              6,
            );
        },
      ),
    );
  });

  it('moves the sheet by the pan delta until an edge meets the box', () => {
    const zoomed = zoomAround(FITTED, BOX, 2, { x: 400, y: 300 });
    expect(zoomed.zoom).toBe(2);
    const moved = panBy(zoomed, BOX, -30, 20);
    expect(moved.panX - zoomed.panX).toBeCloseTo(-30, 9);
    expect(moved.panY - zoomed.panY).toBeCloseTo(20, 9);
    const far = panBy(zoomed, BOX, -10_000, 10_000);
    const placed = sheetPlacement(far, BOX);
    expect(placed.left + placed.width).toBeCloseTo(BOX.width, 9);
    expect(placed.top).toBeCloseTo(0, 9);
  });

  it('does not zoom past 4 or below 1', () => {
    expect(zoomAround(FITTED, BOX, 10, { x: 10, y: 10 }).zoom).toBe(4);
    expect(zoomAround({ zoom: 2, panX: 0, panY: 0 }, BOX, 0.1, { x: 10, y: 10 })).toEqual(FITTED);
  });
});
