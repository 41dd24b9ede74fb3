import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  cover,
  panFocus,
  turnFractions,
  unturnFractions,
  toLocal,
  turnedBounds,
  normaliseQuarterTurn,
  type CoverInput,
} from './geometry';
import type { QuarterTurn } from './scene';

const turns = fc.constantFrom<QuarterTurn>(0, 90, 180, 270);
const coverInput = fc.record({
  slotWidth: fc.double({ min: 0.5, max: 100, noNaN: true }),
  slotHeight: fc.double({ min: 0.5, max: 100, noNaN: true }),
  imageWidth: fc.integer({ min: 1, max: 8000 }),
  imageHeight: fc.integer({ min: 1, max: 8000 }),
  zoom: fc.double({ min: 1, max: 4, noNaN: true }),
  focusX: fc.double({ min: 0, max: 1, noNaN: true }),
  focusY: fc.double({ min: 0, max: 1, noNaN: true }),
  rotation: turns,
});
const EPS = 1e-6;

describe('cover', () => {
  it('always covers the slot, whatever the zoom, focus and turn', () => {
    fc.assert(
      fc.property(coverInput, (input) => {
        const c = cover(input);
        const tolerance = EPS * Math.max(input.slotWidth, input.slotHeight, c.width, c.height);
        expect(c.centerX - c.width / 2).toBeLessThanOrEqual(tolerance);
        expect(c.centerY - c.height / 2).toBeLessThanOrEqual(tolerance);
        expect(c.centerX + c.width / 2).toBeGreaterThanOrEqual(input.slotWidth - tolerance);
        expect(c.centerY + c.height / 2).toBeGreaterThanOrEqual(input.slotHeight - tolerance);
      }),
    );
  });

  it('fits exactly in one direction at zoom 1 and swaps width and height for a quarter turn', () => {
    const c = cover({
      slotWidth: 3,
      slotHeight: 4,
      imageWidth: 400,
      imageHeight: 300,
      zoom: 1,
      focusX: 0.5,
      focusY: 0.5,
      rotation: 90,
    });
    expect(c.scale).toBeCloseTo(0.01, 12);
    expect(c.width).toBeCloseTo(3, 12);
    expect(c.height).toBeCloseTo(4, 12);
    const flat = cover({
      slotWidth: 3,
      slotHeight: 4,
      imageWidth: 400,
      imageHeight: 300,
      zoom: 1,
      focusX: 0.5,
      focusY: 0.5,
      rotation: 0,
    });
    expect(flat.height).toBeCloseTo(4, 12);
    expect(flat.width).toBeCloseTo(16 / 3, 12);
  });

  it('puts the focal point at the slot centre when the photo overflows enough', () => {
    // 2:1 photo in a square slot at zoom 2: the focus at a quarter of the width is reachable.
    const c = cover({
      slotWidth: 10,
      slotHeight: 10,
      imageWidth: 200,
      imageHeight: 100,
      zoom: 2,
      focusX: 0.25,
      focusY: 0.5,
      rotation: 0,
    });
    const focusOnSlot = c.centerX - c.width / 2 + 0.25 * c.width;
    expect(focusOnSlot).toBeCloseTo(5, 9);
  });

  it('follows the focal point through a half turn', () => {
    const input: CoverInput = {
      slotWidth: 10,
      slotHeight: 10,
      imageWidth: 200,
      imageHeight: 100,
      zoom: 2,
      focusX: 0.25,
      focusY: 0.5,
      rotation: 180,
    };
    const c = cover(input);
    // Turned half round, a quarter from the left becomes a quarter from the right.
    expect(c.centerX - c.width / 2 + 0.75 * c.width).toBeCloseTo(5, 9);
  });

  it('treats nonsense zoom and focus as the defaults instead of failing', () => {
    const c = cover({
      slotWidth: 2,
      slotHeight: 2,
      imageWidth: 10,
      imageHeight: 10,
      zoom: Number.NaN,
      focusX: Number.NaN,
      focusY: 7,
      rotation: 0,
    });
    expect(c.width).toBeCloseTo(2, 12);
    expect(c.centerX).toBeCloseTo(1, 12);
  });
});

describe('panFocus', () => {
  it('moves the photo with the pointer while it stays inside the cover range', () => {
    fc.assert(
      fc.property(
        coverInput,
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        (input, fx, fy) => {
          const before = cover(input);
          const room = {
            left: -(before.centerX - before.width / 2),
            right: before.centerX + before.width / 2 - input.slotWidth,
          };
          const dx = fx >= 0 ? fx * room.left : fx * room.right;
          const roomY = {
            up: -(before.centerY - before.height / 2),
            down: before.centerY + before.height / 2 - input.slotHeight,
          };
          const dy = fy >= 0 ? fy * roomY.up : fy * roomY.down;
          const after = cover({ ...input, ...panFocus(input, dx, dy) });
          const tolerance = 1e-6 * Math.max(before.width, before.height);
          expect(after.centerX).toBeCloseTo(before.centerX + dx, 5);
          expect(Math.abs(after.centerY - (before.centerY + dy))).toBeLessThanOrEqual(
            tolerance + 1e-9,
          );
        },
      ),
    );
  });

  it('stops at the edge', () => {
    const input: CoverInput = {
      slotWidth: 10,
      slotHeight: 10,
      imageWidth: 200,
      imageHeight: 100,
      zoom: 1,
      focusX: 0.5,
      focusY: 0.5,
      rotation: 0,
    };
    const far = panFocus(input, 1000, 0);
    const c = cover({ ...input, ...far });
    expect(c.centerX - c.width / 2).toBeCloseTo(0, 9);
  });
});

describe('turns', () => {
  it('unturn undoes turn', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        turns,
        (u, v, r) => {
          const t = turnFractions(u, v, r);
          const back = unturnFractions(t.x, t.y, r);
          expect(back.x).toBeCloseTo(u, 12);
          expect(back.y).toBeCloseTo(v, 12);
        },
      ),
    );
  });

  it('sends the top-left corner clockwise round the photo', () => {
    expect(turnFractions(0, 0, 90)).toEqual({ x: 1, y: 0 });
    expect(turnFractions(0, 0, 180)).toEqual({ x: 1, y: 1 });
    expect(turnFractions(0, 0, 270)).toEqual({ x: 0, y: 1 });
  });

  it('normalises any multiple of 90 degrees', () => {
    expect(normaliseQuarterTurn(-90)).toBe(270);
    expect(normaliseQuarterTurn(450)).toBe(90);
    expect(normaliseQuarterTurn(359)).toBe(0);
  });
});

describe('toLocal and turnedBounds', () => {
  it('maps a turned slot corner to the local corner', () => {
    const rect = { x: 10, y: 10, width: 4, height: 2 };
    // Turned 90 degrees clockwise round (12, 11), the local top-left (0,0) lies at (13, 9).
    const local = toLocal({ x: 13, y: 9 }, rect, 90);
    expect(local.x).toBeCloseTo(0, 12);
    expect(local.y).toBeCloseTo(0, 12);
  });

  it('grows the bounds of a turned rect', () => {
    const b = turnedBounds({ x: 0, y: 0, width: 4, height: 2 }, 90, 0.5);
    expect(b.width).toBeCloseTo(3, 12);
    expect(b.height).toBeCloseTo(5, 12);
  });
});
