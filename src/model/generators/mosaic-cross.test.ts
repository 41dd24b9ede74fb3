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
import { MIN_PIECE_CM, crossRects, minPieceCm } from './crossCuts';
import { mosaiccross } from './mosaic-cross';
import type { GeneratorInput } from './types';

const inRangeInput: fc.Arbitrary<GeneratorInput> = fc
  .tuple(sizeArb, materialArb, seedArb)
  .chain(([size, material, seed]) =>
    settingsWithin(
      mosaiccross.controls(
        { ...mosaiccross.defaults(size, material), numberHor: '50', layout: '5' },
        size,
        material,
      ),
    ).map((settings) => ({
      settings,
      size,
      material,
      seed,
    })),
  );

const controlsFor = (settings: Record<string, string>, widthCm = 50, heightCm = 40) =>
  Object.fromEntries(
    mosaiccross.controls(settings, { widthCm, heightCm }, '').map((c) => [c.name, c]),
  );

describe('mosaiccross controls', () => {
  it('offers 4..50 photos, layouts A-F, spacing 0-2 and margin 0.5-2 step 0.1, default 0.5', () => {
    const c = controlsFor(
      { ...mosaiccross.defaults({ widthCm: 50, heightCm: 40 }, ''), numberHor: '20' },
      100,
      100,
    );
    expect(c.numberHor).toMatchObject({ min: 4, max: 50, step: 1, current: 20 });
    expect(c.layout).toMatchObject({ min: 0, max: 5, step: 1 });
    expect(c.borderCM).toMatchObject({ min: 0, max: 2, step: 0.1, current: 0.5 });
    expect(c.marginCM).toMatchObject({ min: 0.5, max: 2, step: 0.1, current: 0.5 });
    expect(c.mixed).toMatchObject({ min: 0, max: 1 });
    expect(c.random).toMatchObject({ min: 0, max: 1, current: 0 });
  });

  it('offers only layouts A-C with 8 photos or fewer', () => {
    expect(controlsFor({ numberHor: '8', layout: '5' }).layout).toMatchObject({
      max: 2,
      current: 2,
    });
    expect(controlsFor({ numberHor: '9', layout: '5' }).layout).toMatchObject({
      max: 5,
      current: 5,
    });
  });

  it('drops the maximum to what can be produced on a small sheet', () => {
    const c = controlsFor({ numberHor: '50', borderCM: '2', marginCM: '2' }, 20, 20);
    expect(c.numberHor!.max).toBeLessThan(50);
    expect(c.numberHor!.current).toBe(c.numberHor!.max);
    const asked = mosaiccross.generate({
      settings: { numberHor: '50', borderCM: '2', marginCM: '2', random: '1' },
      size: { widthCm: 20, heightCm: 20 },
      material: '',
      seed: 3,
    });
    expect(asked.ok).toBe(true);
    if (asked.ok) expect(photoLayers(asked.layout).length).toBeLessThanOrEqual(c.numberHor!.max);
  });
});

describe('mosaiccross', () => {
  it('tiles the area with the photos asked, or reports the smaller maximum, and repeats itself', () => {
    fc.assert(
      fc.property(inRangeInput, (input) => {
        const result = mosaiccross.generate(input);
        if (!result.ok) {
          expect(result.refusal.key).toBe('generators.tooSmall');
          return;
        }
        expect(layoutProblems(result.layout)).toEqual([]);
        const v = controlValues(mosaiccross.controls(input.settings, input.size, input.material));
        const photos = photoLayers(result.layout);
        if (result.maxPhotos === undefined) expect(photos).toHaveLength(v.numberHor!);
        else {
          expect(result.maxPhotos).toBe(photos.length);
          expect(photos.length).toBeLessThan(v.numberHor!);
        }
        const inner = insetRect(textBands(contentArea(input), v.hasText!).photoArea, v.marginCM!);
        const box = boundingBox(photos);
        expect(box.x).toBeCloseTo(inner.x, 2);
        expect(box.y).toBeCloseTo(inner.y, 2);
        expect(box.width).toBeCloseTo(inner.width, 2);
        expect(box.height).toBeCloseTo(inner.height, 2);
        // The free layout A cuts in a fixed order: it makes min(asked, its capacity); others at least that.
        const capacity = crossRects(inner, {
          layout: 0,
          count: 50,
          spacing: v.borderCM!,
          mixed: v.mixed === 1,
        }).length;
        if (v.layout === 0 && v.random === 0)
          expect(photos.length).toBe(Math.min(v.numberHor!, capacity));
        else expect(photos.length).toBeGreaterThanOrEqual(Math.min(v.numberHor!, capacity));
        expect(smallestGap(photos)).toBeCloseTo(v.borderCM!, 2);
        for (const p of photos)
          expect(Math.min(p.width, p.height)).toBeGreaterThan(
            minPieceCm(inner, v.borderCM!) - 0.01,
          );
        // Pieces tile the area: their areas plus the gaps cannot exceed it.
        const covered = photos.reduce((sum, p) => sum + p.width * p.height, 0);
        expect(covered).toBeLessThanOrEqual(inner.width * inner.height + 0.01);
        expect(mosaiccross.generate(input)).toEqual(result);
      }),
      { numRuns: 200 },
    );
  });

  it('never crashes on saved settings from anywhere', () => {
    fc.assert(
      fc.property(
        wildSettings(['numberHor', 'layout', 'borderCM', 'marginCM', 'mixed', 'random', 'hasText']),
        sizeArb,
        materialArb,
        seedArb,
        (settings, size, material, seed) => {
          const result = mosaiccross.generate({ settings, size, material, seed });
          if (result.ok) expect(layoutProblems(result.layout)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('varies with the seed only when random is on', () => {
    const base = { size: { widthCm: 50, heightCm: 40 }, material: '' as const };
    const layouts = (random: string) =>
      new Set(
        [1, 2, 3, 4, 5].map((seed) =>
          JSON.stringify(
            mosaiccross.generate({ ...base, seed, settings: { numberHor: '15', random } }),
          ),
        ),
      ).size;
    expect(layouts('0')).toBe(1);
    expect(layouts('1')).toBeGreaterThan(1);
  });

  it('cuts even pieces without mixed and different ones with it', () => {
    const area = { x: 0, y: 0, width: 64, height: 64 };
    const even = crossRects(area, { layout: 0, count: 16, spacing: 0, mixed: false });
    expect(new Set(even.map((r) => `${r.width}x${r.height}`))).toEqual(new Set(['16x16']));
    const mixed = crossRects(area, { layout: 0, count: 16, spacing: 0, mixed: true });
    expect(new Set(mixed.map((r) => (r.width * r.height).toFixed(1))).size).toBeGreaterThan(3);
  });

  it('keeps a large photo whole in layouts D-F and column or row structure in B and C', () => {
    const area = { x: 0, y: 0, width: 60, height: 50 };
    for (const layout of [3, 4, 5]) {
      const rects = crossRects(area, { layout, count: 20, spacing: 0.5, mixed: true });
      const areas = rects.map((r) => r.width * r.height).sort((a, b) => b - a);
      expect(rects).toHaveLength(20);
      expect(areas[0]!).toBeGreaterThan(3 * areas[Math.floor(areas.length / 2)]!);
    }
    const cross = crossRects(area, { layout: 3, count: 9, spacing: 0, mixed: false });
    const centre = cross.find(
      (r) => r.x > 0 && r.y > 0 && r.x + r.width < 60 && r.y + r.height < 50,
    );
    expect(centre).toBeDefined();
    const columns = crossRects(area, { layout: 1, count: 12, spacing: 0.5, mixed: false });
    const firstSeam = columns.reduce((m, r) => (r.x === 0 ? Math.max(m, r.width) : m), 0);
    expect(
      columns.every((r) => r.x + r.width <= firstSeam + 1e-9 || r.x >= firstSeam + 0.5 - 1e-9),
    ).toBe(true);
    const rows = crossRects(area, { layout: 2, count: 12, spacing: 0.5, mixed: false });
    const rowSeam = rows.reduce((m, r) => (r.y === 0 ? Math.max(m, r.height) : m), 0);
    expect(rows.every((r) => r.y + r.height <= rowSeam + 1e-9 || r.y >= rowSeam + 0.5 - 1e-9)).toBe(
      true,
    );
  });

  it('cuts pieces of 4 cm, smaller only on sheets too small for four of them', () => {
    expect(minPieceCm({ x: 0, y: 0, width: 40, height: 30 }, 0.5)).toBe(MIN_PIECE_CM);
    expect(minPieceCm({ x: 0, y: 0, width: 7.8, height: 7.8 }, 0)).toBeCloseTo(3.9, 9);
    expect(minPieceCm({ x: 0, y: 0, width: 1.5, height: 1.5 }, 0)).toBe(1);
  });

  it('falls back to the free layout when the start pieces do not fit', () => {
    const rects = crossRects(
      { x: 0, y: 0, width: 12, height: 12 },
      { layout: 3, count: 4, spacing: 0, mixed: false },
    );
    expect(rects).toHaveLength(4);
  });
});
