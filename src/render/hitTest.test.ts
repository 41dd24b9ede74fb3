import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Layout, PhotoSlotLayer, TextSlotLayer } from '../model/layout/types';
import { slotAt, slotAtCm } from './hitTest';

function photo(
  slot: string,
  x: number,
  y: number,
  width: number,
  height: number,
  rotation = 0,
  clip?: string,
): PhotoSlotLayer {
  return { kind: 'photo', slot, x, y, width, height, rotation, ...(clip ? { clip } : {}) };
}

function layout(layers: Layout['layers']): Layout {
  return {
    widthCm: 50,
    heightCm: 40,
    layers,
    backgroundColor: '#ffffff',
    isFlat: false,
    material: '',
    marginCm: 0,
  };
}

const text: TextSlotLayer = {
  kind: 'text',
  slot: 'txt1',
  x: 0,
  y: 30,
  width: 50,
  height: 10,
  rotation: 0,
  style: {
    font: 'Roboto',
    fontSize: 1,
    color: '#000000',
    align: 'center',
    valign: 'bottom',
    style: 'normal',
    paddingCm: 0,
    letterSpacing: 0,
    caps: false,
    multipleLines: false,
    lineHeight: 0.5,
    background: 'none',
  },
};

describe('slotAt', () => {
  it('finds the topmost slot', () => {
    const l = layout([photo('img1', 0, 0, 20, 20), photo('img2', 10, 10, 20, 20)]);
    expect(slotAtCm(l, { x: 15, y: 15 })?.slot).toBe('img2');
    expect(slotAtCm(l, { x: 5, y: 5 })?.slot).toBe('img1');
    expect(slotAtCm(l, { x: 45, y: 5 })).toBeNull();
  });

  it('tests a tilted slot in its own frame', () => {
    // A 20x2 bar turned 90 degrees round (20, 20) stands upright: 2 wide and 20 tall.
    const l = layout([photo('img1', 10, 19, 20, 2, 90)]);
    expect(slotAtCm(l, { x: 20, y: 28 })?.slot).toBe('img1');
    expect(slotAtCm(l, { x: 28, y: 20 })).toBeNull();
  });

  it('is a hit exactly where the turned rectangle is (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 180, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        fc.double({ min: 0.01, max: 0.99, noNaN: true }),
        (degrees, u, v) => {
          const slot = photo('img1', 10, 10, 8, 4, degrees);
          const l = layout([slot]);
          // A local point turned into collage coordinates must hit, with the same local coordinates.
          const r = (degrees * Math.PI) / 180;
          const lx = u * 8 - 4;
          const ly = v * 4 - 2;
          const point = {
            x: 14 + lx * Math.cos(r) - ly * Math.sin(r),
            y: 12 + lx * Math.sin(r) + ly * Math.cos(r),
          };
          const hit = slotAtCm(l, point);
          expect(hit?.slot).toBe('img1');
          expect(hit!.local.x).toBeCloseTo(u * 8, 9);
          expect(hit!.local.y).toBeCloseTo(v * 4, 9);
        },
      ),
    );
  });

  it('respects a circle clip', () => {
    const l = layout([
      { kind: 'clip', name: 'c', shape: 'circle', x: 0, y: 0, width: 10, height: 10 },
      photo('img1', 0, 0, 10, 10, 0, 'c'),
    ]);
    expect(slotAtCm(l, { x: 5, y: 5 })?.slot).toBe('img1');
    expect(slotAtCm(l, { x: 0.5, y: 0.5 })).toBeNull();
  });

  it('respects rounded corners of a rect clip', () => {
    const l = layout([
      { kind: 'clip', name: 'r', shape: 'rect', radiusCm: 3, x: 0, y: 0, width: 10, height: 10 },
      photo('img1', 0, 0, 10, 10, 0, 'r'),
    ]);
    expect(slotAtCm(l, { x: 0.3, y: 0.3 })).toBeNull();
    expect(slotAtCm(l, { x: 0.3, y: 5 })?.slot).toBe('img1');
  });

  it('finds text slots and can be limited to photos', () => {
    const l = layout([photo('img1', 0, 0, 50, 40), text]);
    expect(slotAtCm(l, { x: 25, y: 35 })?.kind).toBe('text');
    expect(slotAtCm(l, { x: 25, y: 35 }, ['photo'])?.slot).toBe('img1');
  });

  it('converts canvas pixels through the viewport', () => {
    const l = layout([photo('img1', 10, 10, 5, 5)]);
    expect(
      slotAt(l, { x: 100 + 12 * 8, y: 50 + 12 * 8 }, { pxPerCm: 8, offsetX: 100, offsetY: 50 })
        ?.slot,
    ).toBe('img1');
    expect(
      slotAt(l, { x: 12 * 8, y: 12 * 8 }, { pxPerCm: 8, offsetX: 100, offsetY: 50 }),
    ).toBeNull();
  });
});
