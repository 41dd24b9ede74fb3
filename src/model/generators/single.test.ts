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
  gapBetween,
  inside,
  layoutProblems,
  photoLayers,
  textLayers,
} from '../../../tests/support/model/layoutChecks';
import { controlValues, printableArea } from './common';
import { single, singleBorderRange, singleDefaultBorder } from './single';
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

describe('single', () => {
  it('limits the border per material in steps of 0.5', () => {
    expect(singleBorderRange('CANVAS2CM')).toEqual({ min: 0, max: 4.5 });
    expect(singleBorderRange('CANVAS4CM')).toEqual({ min: 0, max: 7 });
    expect(singleBorderRange('')).toEqual({ min: 0.5, max: 2 });
    for (const m of ['POSTER', 'DIBOND', 'PLEXI', 'TILES'] as const)
      expect(singleBorderRange(m)).toEqual({ min: 0, max: 2 });
    expect(named(single, {}, 'CANVAS4CM').marginCM).toMatchObject({
      min: 0,
      max: 7,
      step: 0.5,
      current: 5,
    });
    expect(named(single, { marginCM: '1.3' }, '').marginCM!.current).toBe(1.5);
    expect(named(single, { marginCM: '9' }, 'POSTER').marginCM!.current).toBe(2);
    expect(singleDefaultBorder('')).toBe(0.5);
    expect(singleDefaultBorder('CANVAS2CM')).toBe(2.5);
  });

  it('measures the border from the sheet edge: a canvas photo can wrap, never leave the sheet', () => {
    const wrap = single.generate({
      settings: { marginCM: '0' },
      size: { widthCm: 50, heightCm: 40 },
      material: 'CANVAS2CM',
      seed: 0,
    });
    expect(wrap.ok && photoLayers(wrap.layout)[0]).toMatchObject({
      x: 0,
      y: 0,
      width: 50,
      height: 40,
    });
    const front = single.generate({
      settings: {},
      size: { widthCm: 50, heightCm: 40 },
      material: 'CANVAS2CM',
      seed: 0,
    });
    expect(front.ok && photoLayers(front.layout)[0]).toMatchObject({
      x: 2.5,
      y: 2.5,
      width: 45,
      height: 35,
    });
  });

  it('gives one photo, inside the printable area whenever the border reaches past the material margin', () => {
    fc.assert(
      fc.property(inRangeInput(single), (input) => {
        const result = single.generate(input);
        if (!result.ok) return;
        const v = controlValues(single.controls(input.settings, input.size, input.material));
        expect(layoutProblems(result.layout, { allowBleed: true })).toEqual([]);
        const [photo, ...rest] = photoLayers(result.layout);
        expect(rest).toEqual([]);
        const printable = printableArea(input.size, input.material);
        if (v.marginCM! >= printable.x) expect(inside(photo!, printable)).toBe(true);
        expect(photo!.x).toBeCloseTo(v.marginCM!, 2);
        for (const text of textLayers(result.layout))
          expect(gapBetween(text, photo!)).toBeGreaterThan(0.49);
        expect(single.generate(input)).toEqual(result);
      }),
      { numRuns: 150 },
    );
  });
});

describe('single with saved settings from anywhere', () => {
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
          const result = single.generate({ settings, size, material, seed: 0 });
          if (result.ok) expect(layoutProblems(result.layout, { allowBleed: true })).toEqual([]);
          else expect(result.refusal.key).toBe('generators.tooSmall');
        },
      ),
      { numRuns: 100 },
    );
  });
});
