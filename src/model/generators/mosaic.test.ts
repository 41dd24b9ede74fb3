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
  boundingBox,
  layoutProblems,
  photoLayers,
  smallestGap,
} from '../../../tests/support/model/layoutChecks';
import { contentArea, controlValues, insetRect, textBands } from './common';
import { LAYOUT_LETTERS, largeCellCount, largeCells } from './large-cells';
import { SEAM_CLEARANCE_CM, mosaic1, mosaic1MaxRows, mosaic1RowCounts, mosaiceven } from './mosaic';
import type { Generator, GeneratorInput } from './types';

function inRangeInput(g: Generator): fc.Arbitrary<GeneratorInput> {
  return fc.tuple(sizeArb, materialArb, seedArb).chain(([size, material, seed]) =>
    settingsWithin(g.controls(g.defaults(size, material), size, material)).map((settings) => ({
      settings,
      size,
      material,
      seed,
    })),
  );
}

const controlsOf = (g: Generator, settings: Record<string, string>, widthCm = 50, heightCm = 40) =>
  Object.fromEntries(g.controls(settings, { widthCm, heightCm }, '').map((c) => [c.name, c]));

describe.each([mosaic1, mosaiceven])('$name', (g) => {
  it('gives a sound layout with margins and spacing honoured, the same one twice', () => {
    fc.assert(
      fc.property(inRangeInput(g), (input) => {
        const result = g.generate(input);
        if (!result.ok) {
          expect(result.refusal.key).toBe('generators.tooSmall');
          return;
        }
        expect(layoutProblems(result.layout)).toEqual([]);
        const v = controlValues(g.controls(input.settings, input.size, input.material));
        const photos = photoLayers(result.layout);
        const inner = insetRect(textBands(contentArea(input), v.hasText!).photoArea, v.marginCM!);
        const box = boundingBox(photos);
        expect(box.x).toBeCloseTo(inner.x, 2);
        expect(box.y).toBeCloseTo(inner.y, 2);
        expect(box.width).toBeCloseTo(inner.width, 2);
        expect(box.height).toBeCloseTo(inner.height, 2);
        if (photos.length > 1) expect(smallestGap(photos)).toBeCloseTo(v.borderCM!, 2);
        expect(g.generate(input)).toEqual(result);
      }),
      { numRuns: 150 },
    );
  });

  it('never crashes on saved settings from anywhere', () => {
    fc.assert(
      fc.property(
        wildSettings(['numberVert', 'numberHor', 'borderCM', 'marginCM', 'layout', 'hasText']),
        sizeArb,
        materialArb,
        (settings, size, material) => {
          const result = g.generate({ settings, size, material, seed: 0 });
          if (result.ok) expect(layoutProblems(result.layout)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('mosaic1', () => {
  it('takes the maximum rows from the size table', () => {
    const table: Array<[number, number, number]> = [
      [50, 40, 7],
      [70, 50, 6],
      [50, 70, 10],
      [50, 50, 8],
      [60, 60, 8],
      [80, 60, 7],
      [60, 80, 10],
      [80, 80, 8],
      [70, 100, 10],
      [100, 70, 6],
      [80, 120, 12],
      [120, 80, 6],
      [100, 100, 8],
      [100, 150, 8],
      [150, 100, 5],
      [90, 30, 4],
      [120, 40, 4],
    ];
    for (const [w, h, rows] of table)
      expect(mosaic1MaxRows({ widthCm: w, heightCm: h })).toBe(rows);
  });

  it('falls back to 4 for 30 cm tall, height / (width / 8) from 50 wide, else height / 5', () => {
    expect(mosaic1MaxRows({ widthCm: 40, heightCm: 30 })).toBe(4);
    expect(mosaic1MaxRows({ widthCm: 64, heightCm: 48 })).toBe(6);
    expect(mosaic1MaxRows({ widthCm: 140, heightCm: 20 })).toBe(2);
    expect(mosaic1MaxRows({ widthCm: 40, heightCm: 60 })).toBe(12);
    expect(mosaic1MaxRows({ widthCm: 20, heightCm: 20 })).toBe(4);
  });

  it('offers rows from 2 with step 1 and defaults spacing and margin to 0.5', () => {
    expect(controlsOf(mosaic1, {}).numberVert).toMatchObject({
      min: 2,
      max: 7,
      step: 1,
      current: 4,
      label: 'controls.rows',
    });
    expect(controlsOf(mosaic1, { numberVert: '1' }).numberVert!.current).toBe(2);
    expect(controlsOf(mosaic1, { numberVert: '30' }).numberVert!.current).toBe(7);
  });

  it('lays rows in a brick bond: rows alternate in count, seams never line up', () => {
    const inner = { x: 0, y: 0, width: 49, height: 39 };
    // Rows of (39 - 3 x 0.5) / 4 = 9.375 cm hold 4:3 photos of 12.5 cm: 4 across, 5 on odd rows.
    expect(mosaic1RowCounts(inner, 4, 0.5)).toEqual([4, 5, 4, 5]);
    expect(mosaic1RowCounts({ x: 0, y: 0, width: 3, height: 20 }, 3, 0)).toEqual([1, 2, 1]);
    expect(mosaic1RowCounts({ x: 0, y: 0, width: 2, height: 2 }, 2, 0)).toEqual([1, 1]);
    fc.assert(
      fc.property(inRangeInput(mosaic1), (input) => {
        const result = mosaic1.generate(input);
        if (!result.ok) return;
        const v = controlValues(mosaic1.controls(input.settings, input.size, input.material));
        const photos = photoLayers(result.layout);
        const rows = [...new Set(photos.map((p) => p.y.toFixed(2)))];
        expect(rows).toHaveLength(v.numberVert!);
        const seams = rows.map((y) =>
          photos
            .filter((p) => p.y.toFixed(2) === y)
            .slice(0, -1)
            .map((p) => p.x + p.width),
        );
        const narrowest = Math.min(...photos.map((p) => p.width));
        const clearance = Math.min(SEAM_CLEARANCE_CM, narrowest / 3.5);
        for (let r = 1; r < seams.length; r++) {
          for (const seam of seams[r]!)
            for (const above of seams[r - 1]!)
              expect(Math.abs(seam - above)).toBeGreaterThan(clearance - 0.01);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('mosaiceven', () => {
  it('offers layouts A to O and columns/rows up to min(12, size / 5)', () => {
    const c = controlsOf(mosaiceven, {}, 50, 40);
    expect(LAYOUT_LETTERS).toHaveLength(15);
    expect(c.layout).toMatchObject({ min: 0, max: 14, step: 1, type: 'arrow' });
    expect(c.numberVert).toMatchObject({ min: 1, max: 10, label: 'controls.columns' });
    expect(c.numberHor).toMatchObject({ min: 1, max: 8, label: 'controls.rows' });
    expect(controlsOf(mosaiceven, {}, 100, 140).numberHor!.max).toBe(12);
  });

  it('has large photos of 2x2 cells and as many photos as the layout promises', () => {
    fc.assert(
      fc.property(inRangeInput(mosaiceven), (input) => {
        const result = mosaiceven.generate(input);
        if (!result.ok) return;
        const v = controlValues(mosaiceven.controls(input.settings, input.size, input.material));
        const photos = photoLayers(result.layout);
        expect(photos).toHaveLength(largeCellCount(v.layout!, v.numberVert!, v.numberHor!));
        const large = largeCells(v.layout!, v.numberVert!, v.numberHor!).length;
        const widths = photos.map((p) => p.width).sort((a, b) => b - a);
        const cell = widths[widths.length - 1]!;
        if (large > 0 && large * 4 < v.numberVert! * v.numberHor!) {
          expect(widths[0]!).toBeCloseTo(2 * cell + v.borderCM!, 2);
          expect(widths.filter((w) => w > cell + 0.01)).toHaveLength(large);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('large cells', () => {
  it('places each layout where its name says', () => {
    expect(largeCells(0, 6, 6)).toEqual([]);
    expect(largeCells(1, 6, 6)).toEqual([{ col: 0, row: 0 }]);
    expect(largeCells(2, 6, 6)).toEqual([{ col: 2, row: 2 }]);
    expect(largeCells(3, 6, 6)).toEqual([{ col: 4, row: 0 }]);
    expect(largeCells(4, 6, 6)).toEqual([{ col: 4, row: 4 }]);
    expect(largeCells(9, 6, 6)).toHaveLength(4);
    expect(largeCells(11, 6, 6)).toHaveLength(5);
    expect(largeCells(12, 6, 6)).toEqual([
      { col: 0, row: 0 },
      { col: 2, row: 0 },
      { col: 4, row: 0 },
    ]);
    expect(largeCells(13, 6, 6)).toHaveLength(5);
    expect(largeCells(14, 6, 6)).toEqual([
      { col: 0, row: 0 },
      { col: 2, row: 0 },
      { col: 2, row: 2 },
      { col: 4, row: 2 },
      { col: 0, row: 4 },
      { col: 4, row: 4 },
    ]);
  });

  it('drops blocks that would overlap and has none under 2x2', () => {
    expect(largeCells(9, 3, 3)).toEqual([{ col: 0, row: 0 }]);
    expect(largeCells(5, 2, 2)).toEqual([{ col: 0, row: 0 }]);
    expect(largeCells(14, 1, 5)).toEqual([]);
    expect(largeCellCount(14, 4, 4)).toBe(7);
  });
});
