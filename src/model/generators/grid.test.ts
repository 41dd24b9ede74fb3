import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  materialArb,
  seedArb,
  settingsWithin,
  sizeArb,
  squareSizeArb,
  wildSettings,
} from '../../../tests/support/model/generatorArbitraries';
import {
  layoutProblems,
  photoLayers,
  smallestGap,
  textLayers,
} from '../../../tests/support/model/layoutChecks';
import { contentArea, controlValues, insetRect, textBands } from './common';
import { alleven, instagram, instagramColumnRange, largeBlock, maxCells, onelarge } from './grid';
import type { Generator, GeneratorInput } from './types';

const byName = (
  g: Generator,
  input: Omit<GeneratorInput, 'settings'>,
  settings = g.defaults(input.size, input.material),
) => Object.fromEntries(g.controls(settings, input.size, input.material).map((c) => [c.name, c]));

function inRangeInput(g: Generator, sizes = sizeArb): fc.Arbitrary<GeneratorInput> {
  return fc.tuple(sizes, materialArb, seedArb).chain(([size, material, seed]) =>
    settingsWithin(g.controls(g.defaults(size, material), size, material)).map((settings) => ({
      settings,
      size,
      material,
      seed,
    })),
  );
}

describe.each([alleven, onelarge, instagram])('$name', (g) => {
  it('gives a sound layout or the spec refusal for every in-range setting, and the same one twice', () => {
    fc.assert(
      fc.property(inRangeInput(g, g === instagram ? squareSizeArb : sizeArb), (input) => {
        const result = g.generate(input);
        if (!result.ok) {
          expect(result.refusal.key).toBe('generators.tooSmall');
          return;
        }
        expect(layoutProblems(result.layout)).toEqual([]);
        expect(g.generate(input)).toEqual(result);
      }),
      { numRuns: 150 },
    );
  });

  it('never crashes on saved settings from anywhere', () => {
    fc.assert(
      fc.property(
        wildSettings([
          'numberVert',
          'numberHor',
          'borderCM',
          'marginCM',
          'layout',
          'hasText',
          'box',
        ]),
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

  it('uses margin 0.5 and spacing 0.5 by default', () => {
    const c = byName(g, { size: { widthCm: 50, heightCm: 50 }, material: '', seed: 0 });
    expect(c.borderCM).toMatchObject({
      current: 0.5,
      min: 0,
      max: 2,
      step: 0.1,
      label: 'controls.spacing',
    });
    expect(c.marginCM).toMatchObject({ current: 0.5, min: 0.5, max: 2, step: 0.1, hidden: false });
    expect(c.hasText).toMatchObject({ current: 0, min: 0, max: 4, step: 1 });
  });

  it('hides the margin while a text is shown', () => {
    const size = { widthCm: 50, heightCm: 50 };
    expect(byName(g, { size, material: '', seed: 0 }, { hasText: '2' }).marginCM!.hidden).toBe(
      true,
    );
  });
});

describe('alleven', () => {
  it('defaults to 3 columns x 4 rows and caps columns and rows at min(12, size/5)', () => {
    const c = byName(alleven, { size: { widthCm: 50, heightCm: 40 }, material: '', seed: 0 });
    expect(c.numberVert).toMatchObject({ current: 3, min: 1, max: 10, step: 1 });
    expect(c.numberHor).toMatchObject({ current: 4, min: 1, max: 8, step: 1 });
    expect(maxCells(140)).toBe(12);
    expect(maxCells(24.5)).toBe(4);
    expect(maxCells(3)).toBe(1);
  });

  it('fills the grid: cols x rows slots, margins and spacing to 0.01 cm', () => {
    fc.assert(
      fc.property(inRangeInput(alleven), (input) => {
        const v = controlValues(alleven.controls(input.settings, input.size, input.material));
        const result = alleven.generate(input);
        if (!result.ok) return;
        const photos = photoLayers(result.layout);
        expect(photos).toHaveLength(v.numberVert! * v.numberHor!);
        const { photoArea } = textBands(contentArea(input), v.hasText!);
        const inner = insetRect(photoArea, v.marginCM!);
        expect(photos[0]!.x).toBeCloseTo(inner.x, 2);
        expect(photos[0]!.y).toBeCloseTo(inner.y, 2);
        const last = photos[photos.length - 1]!;
        expect(last.x + last.width).toBeCloseTo(inner.x + inner.width, 2);
        expect(last.y + last.height).toBeCloseTo(inner.y + inner.height, 2);
        if (photos.length > 1) expect(smallestGap(photos)).toBeCloseTo(v.borderCM!, 2);
        expect(textLayers(result.layout)).toHaveLength([0, 1, 1, 2, 2][v.hasText!]!);
      }),
      { numRuns: 150 },
    );
  });

  it('keeps the photos inside the box and the design offset', () => {
    const input = {
      settings: { box: '1', marginCM: '0.5' },
      size: { widthCm: 50, heightCm: 40 },
      material: 'CANVAS2CM' as const,
      seed: 0,
      designer: 'generated',
      design: 'simple',
    };
    const result = alleven.generate(input);
    if (!result.ok) throw new Error('refused');
    const box = result.layout.layers.find((l) => l.kind === 'box')!;
    expect(box.x).toBeCloseTo(2.7, 4);
    expect(photoLayers(result.layout)[0]!.x).toBeCloseTo(2.5 + 0.2 + 0.3 + 0.5, 4);
    expect(result.layout.layers.at(-1)!.kind).toBe('frame');
  });
});

describe('onelarge', () => {
  it('spans the inner cells for the centre layout and two thirds for the sides', () => {
    expect(largeBlock(0, 4, 4)).toEqual({ col: 1, row: 1, cols: 2, rows: 2 });
    expect(largeBlock(1, 4, 3)).toEqual({ col: 0, row: 0, cols: 3, rows: 3 });
    expect(largeBlock(3, 4, 3)).toEqual({ col: 1, row: 0, cols: 3, rows: 3 });
    expect(largeBlock(2, 3, 6)).toEqual({ col: 0, row: 0, cols: 3, rows: 4 });
    expect(largeBlock(4, 3, 6)).toEqual({ col: 0, row: 2, cols: 3, rows: 4 });
  });

  it('falls back when the grid is too small for the layout', () => {
    expect(largeBlock(0, 3, 3)).toEqual({ col: 0, row: 0, cols: 2, rows: 3 });
    expect(largeBlock(0, 4, 3)).toEqual({ col: 1, row: 1, cols: 2, rows: 1 });
    expect(largeBlock(0, 2, 5)).toEqual({ col: 0, row: 0, cols: 1, rows: 5 });
    expect(largeBlock(0, 1, 5)).toEqual({ col: 0, row: 0, cols: 1, rows: 4 });
    expect(largeBlock(2, 5, 1)).toEqual({ col: 0, row: 0, cols: 4, rows: 1 });
    expect(largeBlock(0, 1, 1)).toEqual({ col: 0, row: 0, cols: 1, rows: 1 });
  });

  it('has one large photo and every other cell small', () => {
    fc.assert(
      fc.property(inRangeInput(onelarge), (input) => {
        const v = controlValues(onelarge.controls(input.settings, input.size, input.material));
        const result = onelarge.generate(input);
        if (!result.ok) return;
        const block = largeBlock(v.layout!, v.numberVert!, v.numberHor!);
        const photos = photoLayers(result.layout);
        expect(photos).toHaveLength(v.numberVert! * v.numberHor! - block.cols * block.rows + 1);
        const areas = photos.map((p) => p.width * p.height).sort((a, b) => b - a);
        // Only the 2-cell grids (2x1, 1x2) have no room for a photo larger than the others.
        if (v.numberVert! * v.numberHor! >= 3) expect(block.cols * block.rows).toBeGreaterThan(1);
        if (block.cols * block.rows > 1 && photos.length > 1)
          expect(areas[0]!).toBeGreaterThan(areas[1]! * 1.2);
        if (photos.length > 1) expect(smallestGap(photos)).toBeCloseTo(v.borderCM!, 2);
      }),
      { numRuns: 150 },
    );
  });

  it('offers five layouts', () => {
    const c = byName(onelarge, { size: { widthCm: 50, heightCm: 40 }, material: '', seed: 0 });
    expect(c.layout).toMatchObject({ current: 0, min: 0, max: 4, step: 1, type: 'arrow' });
    expect(c.numberVert!.current).toBe(4);
  });
});

describe('instagram', () => {
  it('ranges columns from max(1, ceil(w/28)) to min(12, floor(w/5)), default 4', () => {
    expect(instagramColumnRange(20)).toEqual({ min: 1, max: 4 });
    expect(instagramColumnRange(100)).toEqual({ min: 4, max: 12 });
    expect(instagramColumnRange(30)).toEqual({ min: 2, max: 6 });
    const c = byName(instagram, { size: { widthCm: 50, heightCm: 50 }, material: '', seed: 0 });
    expect(c.numberVert).toMatchObject({ current: 4, min: 2, max: 10, step: 1 });
  });

  it('makes square cells on square sizes', () => {
    fc.assert(
      fc.property(
        inRangeInput(instagram, squareSizeArb).filter((i) => (i.settings.hasText ?? '0') === '0'),
        (input) => {
          const result = instagram.generate(input);
          if (!result.ok) return;
          const v = controlValues(instagram.controls(input.settings, input.size, input.material));
          const photos = photoLayers(result.layout);
          expect(photos).toHaveLength(v.numberVert! * v.numberHor!);
          expect(v.numberHor).toBe(v.numberVert);
          for (const p of photos) expect(p.width).toBeCloseTo(p.height, 2);
        },
      ),
      { numRuns: 100 },
    );
  });
});
