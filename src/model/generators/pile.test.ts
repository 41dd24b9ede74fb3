import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  materialArb,
  seedArb,
  settingsWithin,
  sizeArb,
  wildSettings,
} from '../../../tests/support/model/generatorArbitraries';
import {
  inside,
  layoutProblems,
  photoLayers,
  textLayers,
} from '../../../tests/support/model/layoutChecks';
import { contentArea, insetRect, mulberry32, textBands } from './common';
import { MODERN_PHOTO_BORDER } from '../layout/types';
import {
  PILE_LARGE_MAX_TILT,
  PILE_MAX_TILT,
  pileCellRange,
  pilealleven,
  pileonelarge,
  tossPhoto,
} from './pile';
import { rotatedBounds } from './playful';
import { borderProblems, turnedProblems } from '../../../tests/support/model/rotatedChecks';
import type { Generator, GeneratorInput } from './types';

function inRange(g: Generator): fc.Arbitrary<GeneratorInput> {
  return fc.tuple(sizeArb, materialArb, seedArb).chain(([size, material, seed]) =>
    settingsWithin(g.controls(g.defaults(size, material), size, material)).map((settings) => ({
      settings,
      size,
      material,
      seed,
    })),
  );
}

const expectedCount = (allEven: boolean, cols: number, rows: number) =>
  allEven ? cols * rows : cols * rows - (cols - 2) * (rows - 2) + 1;

describe.each([
  [pilealleven, true],
  [pileonelarge, false],
] as const)('$name', (g, allEven) => {
  it('keeps every tilted photo and its border inside the margin, one photo per cell, the same pile for the same seed', () => {
    fc.assert(
      fc.property(inRange(g), (input) => {
        const result = g.generate(input);
        if (!result.ok) throw new Error('pile refused');
        const { layout } = result;
        const hasText = Number(input.settings.hasText);
        const { photoArea } = textBands(contentArea(input), hasText);
        const margin = Number(input.settings.borderCM);
        expect(layoutProblems(layout, { allowPhotoOverlap: true })).toEqual([]);
        expect(
          turnedProblems(layout, insetRect(photoArea, margin + MODERN_PHOTO_BORDER.cardWidthCm), {
            allowOverlap: true,
          }),
        ).toEqual([]);
        expect(borderProblems(layout)).toEqual([]);
        const photos = photoLayers(layout);
        expect(photos).toHaveLength(
          expectedCount(
            allEven,
            Number(input.settings.numberVert),
            Number(input.settings.numberHor),
          ),
        );
        photos.forEach((p, i) =>
          expect(Math.abs(p.rotation)).toBeLessThanOrEqual(
            !allEven && i === 0 ? PILE_LARGE_MAX_TILT : PILE_MAX_TILT,
          ),
        );
        expect(textLayers(layout)).toHaveLength([0, 1, 1, 2, 2][hasText]!);
        expect(g.generate(input)).toEqual(result);
      }),
      { numRuns: 120 },
    );
  });

  it('tosses a different pile for another seed', () => {
    const input = {
      settings: g.defaults({ widthCm: 50, heightCm: 40 }, ''),
      size: { widthCm: 50, heightCm: 40 },
      material: '' as const,
    };
    const a = g.generate({ ...input, seed: 1 });
    const b = g.generate({ ...input, seed: 2 });
    if (!a.ok || !b.ok) throw new Error('pile refused');
    expect(photoLayers(a.layout).map((p) => p.rotation)).not.toEqual(
      photoLayers(b.layout).map((p) => p.rotation),
    );
  });

  it('has columns and rows from the minimum to min(12, size/6), margin 0.5-2 step 0.1, 4x4 and 0.5 by default', () => {
    const size = { widthCm: 100, heightCm: 40 };
    const c = Object.fromEntries(
      g.controls(g.defaults(size, ''), size, '').map((x) => [x.name, x]),
    );
    const min = allEven ? 1 : 3;
    expect(c.numberVert).toMatchObject({
      current: 4,
      min,
      max: 12,
      step: 1,
      label: 'controls.columns',
    });
    expect(c.numberHor).toMatchObject({ current: 4, min, max: 6, step: 1, label: 'controls.rows' });
    expect(c.borderCM).toMatchObject({
      current: 0.5,
      min: 0.5,
      max: 2,
      step: 0.1,
      label: 'controls.margin',
      hidden: false,
    });
    expect(c.hasText).toMatchObject({ current: 0, min: 0, max: 4 });
    const withText = Object.fromEntries(
      g.controls({ hasText: '1' }, size, '').map((x) => [x.name, x]),
    );
    expect(withText.borderCM!.hidden).toBe(true);
  });

  it('never crashes on saved settings from anywhere', () => {
    fc.assert(
      fc.property(
        wildSettings(['numberVert', 'numberHor', 'borderCM', 'hasText', 'box']),
        sizeArb,
        materialArb,
        seedArb,
        (settings, size, material, seed) => {
          const result = g.generate({ settings, size, material, seed });
          if (!result.ok) throw new Error('pile refused');
          expect(layoutProblems(result.layout, { allowPhotoOverlap: true })).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('pileCellRange', () => {
  it('is 1 (all even) or 3 (one large) up to min(12, floor(side / 6))', () => {
    expect(pileCellRange(20, true)).toEqual({ min: 1, max: 3 });
    expect(pileCellRange(47.5, true)).toEqual({ min: 1, max: 7 });
    expect(pileCellRange(48, false)).toEqual({ min: 3, max: 8 });
    expect(pileCellRange(140, true)).toEqual({ min: 1, max: 12 });
    expect(pileCellRange(12, false)).toEqual({ min: 3, max: 3 });
  });
});

describe('tossPhoto', () => {
  it('shrinks and moves a photo no more than needed to keep its tilted box in bounds', () => {
    fc.assert(
      fc.property(
        seedArb,
        fc.double({ min: 0.5, max: 40, noNaN: true }),
        fc.double({ min: 0.5, max: 40, noNaN: true }),
        (seed, w, h) => {
          const bounds = { x: 2, y: 3, width: w, height: h };
          const tossed = tossPhoto(bounds, bounds, mulberry32(seed), 1.15, PILE_MAX_TILT);
          expect(inside(rotatedBounds(tossed.rect, tossed.rotation), bounds, 1e-6)).toBe(true);
          expect(tossed.rect.width / tossed.rect.height).toBeCloseTo(w / h, 6);
        },
      ),
    );
  });
});
