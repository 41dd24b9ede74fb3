import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampZoom,
  coverDpi,
  effectiveDpi,
  isLowDpi,
  pinchZoom,
  quality,
  qualityFix,
  qualityLevel,
  qualityMessageKeys,
  smiley,
  zoomButton,
  type PhotoPlacement,
} from './quality';

// 4000 x 3000 px in a 50.8 x 38.1 cm slot (20 x 15 inch): 200 dpi at zoom 1.
const placement: PhotoPlacement = {
  photoWidthPx: 4000,
  photoHeightPx: 3000,
  slotWidthCm: 50.8,
  slotHeightCm: 38.1,
  zoom: 1,
  rotation: 0,
};

describe('effective dpi', () => {
  it('counts the photo pixels that cover one inch of slot', () => {
    expect(effectiveDpi(placement)).toBeCloseTo(200);
    // A square slot takes the photo's height: 3000 px over 10 inch.
    expect(effectiveDpi({ ...placement, slotWidthCm: 25.4, slotHeightCm: 25.4 })).toBeCloseTo(
      300 * 1,
    );
    expect(effectiveDpi({ ...placement, slotWidthCm: 25.4, slotHeightCm: 25.4 })).toBeCloseTo(
      3000 / 10,
    );
  });

  it('divides by the zoom', () => {
    expect(effectiveDpi({ ...placement, zoom: 2 })).toBeCloseTo(100);
    expect(effectiveDpi({ ...placement, zoom: 4 })).toBeCloseTo(50);
  });

  it('swaps width and height for 90 and 270 degrees', () => {
    // Turned, the photo is 3000 wide: 3000 / 20 inch = 150 dpi.
    expect(effectiveDpi({ ...placement, rotation: 90 })).toBeCloseTo(150);
    expect(effectiveDpi({ ...placement, rotation: 270 })).toBeCloseTo(150);
    expect(effectiveDpi({ ...placement, rotation: -90 })).toBeCloseTo(150);
    expect(effectiveDpi({ ...placement, rotation: 180 })).toBeCloseTo(200);
  });

  it('is 0 for impossible input instead of NaN or Infinity', () => {
    expect(effectiveDpi({ ...placement, slotWidthCm: 0 })).toBe(0);
    expect(effectiveDpi({ ...placement, photoWidthPx: Number.NaN })).toBe(0);
    expect(effectiveDpi({ ...placement, zoom: 0 })).toBe(0);
    expect(coverDpi({ ...placement, slotHeightCm: -3 })).toBe(0);
  });

  it('never rises when zooming in', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 4, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        (a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(effectiveDpi({ ...placement, zoom: high })).toBeLessThanOrEqual(
            effectiveDpi({ ...placement, zoom: low }),
          );
        },
      ),
    );
  });
});

describe('quality labels at their exact bounds', () => {
  it.each([
    [0, 'bad', true],
    [60, 'bad', true],
    [60.0001, 'poor', true],
    [90, 'poor', true],
    [90.0001, 'fair', false],
    [100, 'fair', false],
    [100.0001, 'good', false],
    [150, 'good', false],
    [150.0001, 'excellent', false],
    [Number.NaN, 'bad', true],
  ])('%s dpi is %s', (dpi, level, replace) => {
    expect(qualityLevel(dpi)).toBe(level);
    expect(quality(dpi).replace).toBe(replace);
    expect(quality(dpi).labelKey).toBe(`quality.label.${level}`);
  });

  it('adds the replace advice only to SLECHT. and MATIG.', () => {
    expect(qualityMessageKeys(60)).toEqual([
      'quality.prefix',
      'quality.label.bad',
      'quality.replace',
    ]);
    expect(qualityMessageKeys(90)).toEqual([
      'quality.prefix',
      'quality.label.poor',
      'quality.replace',
    ]);
    expect(qualityMessageKeys(100)).toEqual(['quality.prefix', 'quality.label.fair']);
  });

  it.each([
    [74.9999, 'red', true],
    [75, 'orange', true],
    [99.9999, 'orange', true],
    [100, 'green', false],
    [Number.NaN, 'red', true],
  ])('%s dpi has a %s smiley (low %s)', (dpi, colour, low) => {
    expect(smiley(dpi)).toBe(colour);
    expect(isLowDpi(dpi)).toBe(low);
  });
});

describe('what fixes a low photo', () => {
  it('says nothing for a photo that is large enough', () => {
    expect(qualityFix({ ...placement, zoom: 2 })).toEqual({ kind: 'none' });
  });

  it('gives the zoom that reaches green', () => {
    const fix = qualityFix({ ...placement, zoom: 3 }); // 66.7 dpi; zoom 2 gives 100
    expect(fix).toMatchObject({ kind: 'zoomOut', zoom: 2, messageKey: 'quality.fix.zoomOut' });
    if (fix.kind === 'zoomOut') expect(fix.dpi).toBeGreaterThanOrEqual(100);
  });

  it('rounds the zoom down so the result is green', () => {
    const fix = qualityFix({ ...placement, slotWidthCm: 60, slotHeightCm: 40, zoom: 2.5 }); // cover 169.33 dpi
    expect(fix).toMatchObject({ kind: 'zoomOut', zoom: 1.69 });
  });

  it('says replace when even zoom 1 stays below 100 dpi', () => {
    expect(qualityFix({ ...placement, photoWidthPx: 1000, photoHeightPx: 750, zoom: 1.5 })).toEqual(
      { kind: 'replace', messageKey: 'quality.fix.replace' },
    );
  });

  it('always proposes a zoom between 1 and the current one that is green', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 8000 }),
        fc.integer({ min: 100, max: 8000 }),
        fc.double({ min: 5, max: 150, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        (w, h, slot, zoom) => {
          const p = {
            ...placement,
            photoWidthPx: w,
            photoHeightPx: h,
            slotWidthCm: slot,
            slotHeightCm: slot * 0.8,
            zoom,
          };
          const fix = qualityFix(p);
          if (fix.kind === 'zoomOut') {
            expect(fix.zoom).toBeGreaterThanOrEqual(1);
            expect(fix.zoom).toBeLessThan(zoom);
            expect(effectiveDpi({ ...p, zoom: fix.zoom })).toBeGreaterThanOrEqual(100);
          }
          if (fix.kind === 'replace') expect(coverDpi(p)).toBeLessThan(100.01);
          if (fix.kind === 'none') expect(effectiveDpi(p)).toBeGreaterThanOrEqual(100);
        },
      ),
    );
  });
});

describe('zoom', () => {
  it('keeps zoom within 1 to 4', () => {
    expect(clampZoom(0.5)).toBe(1);
    expect(clampZoom(9)).toBe(4);
    expect(clampZoom(Number.NaN)).toBe(1);
  });

  it('Kleiner makes the photo smaller, Groter bigger', () => {
    expect(zoomButton(2, 'smaller')).toBeCloseTo(2 / 1.05);
    expect(zoomButton(2, 'bigger')).toBeCloseTo(2 / 0.95);
    expect(zoomButton(1, 'smaller')).toBe(1);
    expect(zoomButton(4, 'bigger')).toBe(4);
  });

  it('refuses a two-finger zoom that would print at 25 dpi or less', () => {
    const small = { ...placement, photoWidthPx: 800, photoHeightPx: 600, zoom: 1 }; // 40 dpi at zoom 1
    expect(pinchZoom(small, 1.5)).toEqual({ applied: true, zoom: 1.5 }); // 26.7 dpi
    expect(pinchZoom(small, 1.6)).toEqual({ applied: false, zoom: 1 }); // exactly 25 dpi
    expect(pinchZoom({ ...small, zoom: 3 }, 2.5)).toEqual({ applied: true, zoom: 2.5 }); // zooming out always applies
  });
});
