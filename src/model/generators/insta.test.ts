import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  halfCm,
  materialArb,
  seedArb,
  settingsWithin,
  sizeArb,
  wildSettings,
} from '../../../tests/support/model/generatorArbitraries';
import {
  boundingBox,
  layoutProblems,
  photoLayers,
  smallestGap,
} from '../../../tests/support/model/layoutChecks';
import { contentArea, controlValues, insetRect } from './common';
import { coarseAndFine, hasInstaGrid, instaGridFor, instaGrids, mosaicinsta } from './insta';
import { largeCellCount } from './large-cells';
import type { GeneratorInput } from './types';

/** Sizes that have a square grid: whole multiples of a cell of 5 cm or more. */
const griddedSizeArb = fc
  .tuple(fc.integer({ min: 2, max: 14 }), fc.integer({ min: 2, max: 14 }), halfCm(5, 12))
  .filter(
    ([c, r, cell]) =>
      c * r < 144 &&
      c * cell <= 140 &&
      r * cell <= 140 &&
      Math.min(c, r) * cell <= 100 &&
      c * cell >= 20 &&
      r * cell >= 20,
  )
  .map(([c, r, cell]) => ({ widthCm: c * cell, heightCm: r * cell }));

function inRangeInput(
  sizes: fc.Arbitrary<{ widthCm: number; heightCm: number }>,
): fc.Arbitrary<GeneratorInput> {
  return fc
    .tuple(sizes, materialArb, seedArb)
    .chain(([size, material, seed]) =>
      settingsWithin(
        mosaicinsta.controls(mosaicinsta.defaults(size, material), size, material),
      ).map((settings) => ({ settings, size, material, seed })),
    );
}

describe('mosaicinsta grids', () => {
  it('gives 40x30 the grids 4x3 and 8x6, and picks them by layout', () => {
    expect(instaGrids({ widthCm: 40, heightCm: 30 })).toEqual([
      { cols: 4, rows: 3 },
      { cols: 8, rows: 6 },
    ]);
    expect(coarseAndFine({ widthCm: 40, heightCm: 30 })).toEqual({
      coarse: { cols: 4, rows: 3 },
      fine: { cols: 8, rows: 6 },
    });
    expect(instaGridFor({ widthCm: 40, heightCm: 30 }, 0).grid).toEqual({ cols: 4, rows: 3 });
    expect(instaGridFor({ widthCm: 40, heightCm: 30 }, 14).grid).toEqual({ cols: 8, rows: 6 });
    expect(coarseAndFine({ widthCm: 50, heightCm: 40 })).toEqual({
      coarse: { cols: 5, rows: 4 },
      fine: { cols: 10, rows: 8 },
    });
    expect(coarseAndFine({ widthCm: 100, heightCm: 70 })).toEqual({
      coarse: { cols: 10, rows: 7 },
      fine: { cols: 10, rows: 7 },
    });
  });

  it('keeps only grids with 2-19 rows, cells of 5 cm or more and under 144 cells', () => {
    fc.assert(
      fc.property(sizeArb, (size) => {
        for (const g of instaGrids(size)) {
          expect(g.rows).toBeGreaterThanOrEqual(2);
          expect(g.rows).toBeLessThanOrEqual(19);
          expect(size.heightCm / g.rows).toBeGreaterThanOrEqual(5 - 1e-9);
          expect(size.widthCm / g.cols).toBeCloseTo(size.heightCm / g.rows, 6);
          expect(g.cols * g.rows).toBeLessThan(144);
        }
      }),
    );
    expect(hasInstaGrid({ widthCm: 33, heightCm: 47 })).toBe(false);
  });

  it('falls back to about 10 cm cells with a warning when no square grid exists', () => {
    const result = mosaicinsta.generate({
      settings: {},
      size: { widthCm: 33, heightCm: 47 },
      material: '',
      seed: 0,
    });
    expect(result.ok && result.warnings).toEqual([
      { key: 'generators.noSquareGrid', values: { width: 33, height: 47 } },
    ]);
    expect(instaGridFor({ widthCm: 33, heightCm: 47 }, 0)).toEqual({
      grid: { cols: 3, rows: 5 },
      exact: false,
    });
  });
});

describe('mosaicinsta', () => {
  it('offers layouts A to O with margin and spacing 0.5 by default', () => {
    const c = Object.fromEntries(
      mosaicinsta.controls({}, { widthCm: 40, heightCm: 30 }, '').map((x) => [x.name, x]),
    );
    expect(c.layout).toMatchObject({ min: 0, max: 14, step: 1, type: 'arrow' });
    expect(c.borderCM).toMatchObject({ current: 0.5, min: 0, max: 2, step: 0.1 });
    expect(c.marginCM).toMatchObject({ current: 0.5, min: 0.5, max: 2, step: 0.1 });
    expect(c.numberVert).toMatchObject({ current: 4, hidden: true });
  });

  it('gives sound square mosaics with 2x2 large photos', () => {
    fc.assert(
      fc.property(inRangeInput(griddedSizeArb), (input) => {
        const result = mosaicinsta.generate(input);
        if (!result.ok) return;
        expect(layoutProblems(result.layout)).toEqual([]);
        expect(result.warnings).toEqual([]);
        const v = controlValues(mosaicinsta.controls(input.settings, input.size, input.material));
        const photos = photoLayers(result.layout);
        expect(photos).toHaveLength(largeCellCount(v.layout!, v.numberVert!, v.numberHor!));
        for (const p of photos) expect(p.width).toBeCloseTo(p.height, 2);
        const inner = insetRect(contentArea(input), v.marginCM!);
        const box = boundingBox(photos);
        expect(box.x - inner.x).toBeCloseTo(inner.x + inner.width - (box.x + box.width), 2);
        expect(box.y - inner.y).toBeCloseTo(inner.y + inner.height - (box.y + box.height), 2);
        expect(Math.min(inner.width - box.width, inner.height - box.height)).toBeCloseTo(0, 2);
        expect(Math.min(inner.width - box.width, inner.height - box.height)).toBeGreaterThan(-0.01);
        if (photos.length > 1) expect(smallestGap(photos)).toBeCloseTo(v.borderCM!, 2);
        expect(mosaicinsta.generate(input)).toEqual(result);
      }),
      { numRuns: 150 },
    );
  });

  it('gives a sound layout or the refusal for any size, material and saved settings', () => {
    fc.assert(
      fc.property(
        wildSettings(['layout', 'borderCM', 'marginCM']),
        sizeArb,
        materialArb,
        (settings, size, material) => {
          const result = mosaicinsta.generate({ settings, size, material, seed: 0 });
          if (result.ok) expect(layoutProblems(result.layout)).toEqual([]);
          else expect(result.refusal.key).toBe('generators.tooSmall');
        },
      ),
      { numRuns: 150 },
    );
  });
});
