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
import { contentArea, controlValues, insetRect } from './common';
import { SCRAMBLED_LAYOUTS, cutRects, photoCount, scrambled, turn } from './scrambled';
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

const named = (
  g: Generator,
  settings: Record<string, string>,
  material: GeneratorInput['material'] = '',
) =>
  Object.fromEntries(
    g.controls(settings, { widthCm: 50, heightCm: 40 }, material).map((c) => [c.name, c]),
  );

describe('scrambled', () => {
  it('offers layouts 0-10, spacing 0-2 and margin 0.5-2 in steps of 0.1', () => {
    const c = named(scrambled, {});
    expect(c.layout).toMatchObject({ min: 0, max: 10, step: 1, current: 0 });
    expect(c.borderCM).toMatchObject({ min: 0, max: 2, step: 0.1, current: 0.5 });
    expect(c.marginCM).toMatchObject({ min: 0.5, max: 2, step: 0.1, current: 0.5 });
  });

  it('gives eleven different arrangements of 6 to 13 photos', () => {
    const shapes = new Set(
      SCRAMBLED_LAYOUTS.map((t) =>
        JSON.stringify(cutRects({ x: 0, y: 0, width: 60, height: 40 }, t, 0.5)),
      ),
    );
    expect(shapes.size).toBe(11);
    for (const tree of SCRAMBLED_LAYOUTS) {
      expect(photoCount(tree)).toBeGreaterThanOrEqual(6);
      expect(photoCount(tree)).toBeLessThanOrEqual(13);
      expect(photoCount(turn(tree))).toBe(photoCount(tree));
    }
  });

  it('fills the area inside the margin with exact spacing, the same way each time', () => {
    fc.assert(
      fc.property(inRangeInput(scrambled), (input) => {
        const result = scrambled.generate(input);
        if (!result.ok) {
          expect(result.refusal.key).toBe('generators.tooSmall');
          return;
        }
        expect(layoutProblems(result.layout)).toEqual([]);
        const v = controlValues(scrambled.controls(input.settings, input.size, input.material));
        const photos = photoLayers(result.layout);
        expect(photos).toHaveLength(photoCount(SCRAMBLED_LAYOUTS[v.layout!]!));
        const inner = insetRect(contentArea(input), v.marginCM!);
        const box = boundingBox(photos);
        expect([box.x, box.y, box.width, box.height].map((n) => n.toFixed(2))).toEqual(
          [inner.x, inner.y, inner.width, inner.height].map((n) => n.toFixed(2)),
        );
        expect(smallestGap(photos)).toBeCloseTo(v.borderCM!, 2);
        const covered = photos.reduce((sum, p) => sum + p.width * p.height, 0);
        expect(covered).toBeLessThanOrEqual(inner.width * inner.height + 0.01);
        expect(scrambled.generate(input)).toEqual(result);
      }),
      { numRuns: 150 },
    );
  });

  it('turns the arrangement on portrait sheets', () => {
    const landscape = scrambled.generate({
      settings: {},
      size: { widthCm: 60, heightCm: 40 },
      material: '',
      seed: 0,
    });
    const portrait = scrambled.generate({
      settings: {},
      size: { widthCm: 40, heightCm: 60 },
      material: '',
      seed: 0,
    });
    if (!landscape.ok || !portrait.ok) throw new Error('refused');
    const tall = (l: typeof landscape.layout) =>
      photoLayers(l).filter((p) => p.height > p.width).length;
    expect(tall(portrait.layout)).toBe(
      photoLayers(landscape.layout).length - tall(landscape.layout),
    );
  });
});

describe('scrambled with saved settings from anywhere', () => {
  it('never crashes and stays sound', () => {
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
          const result = scrambled.generate({ settings, size, material, seed: 0 });
          if (result.ok) expect(layoutProblems(result.layout, { allowBleed: false })).toEqual([]);
          else expect(result.refusal.key).toBe('generators.tooSmall');
        },
      ),
      { numRuns: 100 },
    );
  });
});
