import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MODERN_PHOTO_BORDER } from '../layout/types';
import { inside } from '../../../tests/support/model/layoutChecks';
import {
  BORDERED_GAP_CM,
  BORDER_REACH_CM,
  PLAYFUL_MAX_DEGREES,
  PLAYFUL_ROTATIONS,
  fitForRotation,
  playfulRotation,
  rotatedBounds,
  withModernBorder,
} from './playful';

const rectArb = fc.record({
  x: fc.double({ min: -50, max: 50, noNaN: true }),
  y: fc.double({ min: -50, max: 50, noNaN: true }),
  width: fc.double({ min: 0.1, max: 100, noNaN: true }),
  height: fc.double({ min: 0.1, max: 100, noNaN: true }),
});

describe('playful rotations', () => {
  it('cycles the spec list -4 0 2 -2 3 -2 3 1 over the photos', () => {
    expect(Array.from({ length: 10 }, (_, i) => playfulRotation(i))).toEqual([
      -4, 0, 2, -2, 3, -2, 3, 1, -4, 0,
    ]);
    expect(PLAYFUL_MAX_DEGREES).toBe(4);
    expect(PLAYFUL_ROTATIONS).toHaveLength(8);
  });

  it('derives border reach and gap from the modern border', () => {
    expect(BORDER_REACH_CM).toBeCloseTo(
      MODERN_PHOTO_BORDER.cardWidthCm + MODERN_PHOTO_BORDER.shadowWidthCm,
    );
    expect(BORDERED_GAP_CM).toBeCloseTo(0.8);
  });
});

describe('rotatedBounds', () => {
  it('keeps the centre, is the rect itself at 0 and swaps the sides at 90 degrees', () => {
    fc.assert(
      fc.property(rectArb, fc.double({ min: -180, max: 180, noNaN: true }), (rect, degrees) => {
        const box = rotatedBounds(rect, degrees);
        expect(box.x + box.width / 2).toBeCloseTo(rect.x + rect.width / 2, 6);
        expect(box.y + box.height / 2).toBeCloseTo(rect.y + rect.height / 2, 6);
        expect(box.width).toBeGreaterThanOrEqual(Math.min(rect.width, rect.height) - 1e-9);
      }),
    );
    const rect = { x: 1, y: 2, width: 10, height: 4 };
    expect(rotatedBounds(rect, 0)).toEqual(rect);
    const turned = rotatedBounds(rect, 90);
    expect(turned.width).toBeCloseTo(4);
    expect(turned.height).toBeCloseTo(10);
  });

  it('contains the four turned corners', () => {
    fc.assert(
      fc.property(rectArb, fc.double({ min: -45, max: 45, noNaN: true }), (rect, degrees) => {
        const box = rotatedBounds(rect, degrees);
        const a = (degrees * Math.PI) / 180;
        const cx = rect.x + rect.width / 2;
        const cy = rect.y + rect.height / 2;
        for (const [dx, dy] of [
          [-1, -1],
          [1, -1],
          [1, 1],
          [-1, 1],
        ] as const) {
          const px =
            cx + (dx * rect.width * Math.cos(a)) / 2 - (dy * rect.height * Math.sin(a)) / 2;
          const py =
            cy + (dx * rect.width * Math.sin(a)) / 2 + (dy * rect.height * Math.cos(a)) / 2;
          expect(px).toBeGreaterThanOrEqual(box.x - 1e-6);
          expect(px).toBeLessThanOrEqual(box.x + box.width + 1e-6);
          expect(py).toBeGreaterThanOrEqual(box.y - 1e-6);
          expect(py).toBeLessThanOrEqual(box.y + box.height + 1e-6);
        }
      }),
    );
  });
});

describe('fitForRotation', () => {
  it('keeps the proportions and stays inside the cell at every tilt up to the maximum', () => {
    fc.assert(
      fc.property(
        rectArb,
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (cell, max, share) => {
          const fitted = fitForRotation(cell, max);
          expect(fitted.width / fitted.height).toBeCloseTo(cell.width / cell.height, 6);
          expect(inside(rotatedBounds(fitted, max * share), cell, 1e-6)).toBe(true);
          // As large as possible: the full tilt touches the cell.
          const full = rotatedBounds(fitted, max);
          expect(Math.max(full.width / cell.width, full.height / cell.height)).toBeCloseTo(1, 6);
        },
      ),
    );
  });
});

describe('withModernBorder', () => {
  it('gives each slot its own copy of the modern border', () => {
    const slots = withModernBorder([
      { kind: 'photo', slot: 'img1', x: 0, y: 0, width: 1, height: 1, rotation: 0 },
    ]);
    expect(slots[0]!.border).toEqual(MODERN_PHOTO_BORDER);
    expect(slots[0]!.border).not.toBe(MODERN_PHOTO_BORDER);
  });
});
