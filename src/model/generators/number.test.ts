import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  materialArb,
  seedArb,
  sizeArb,
  wildSettings,
} from '../../../tests/support/model/generatorArbitraries';
import {
  boundingBox,
  layoutProblems,
  photoLayers,
  textLayers,
} from '../../../tests/support/model/layoutChecks';
import { contentArea, insetRect } from './common';
import {
  LARGE_TITLE_FACTOR,
  NUMBER_TEXT_OPTIONS,
  SHAPE_FONTSET,
  numberGenerators,
  numberTextBands,
  placeShapeRects,
} from './number';
import { charCells, formatSuggestion, numberChars, type NumberKind } from './numberLayout';
import { loadNumberShapes } from '../../../server/catalog/numberShapesFile';
import { BORDER_REACH_CM, PLAYFUL_ROTATIONS } from './playful';
import { generatorForSource, registerNumberGenerators } from './registry';
import { borderProblems, turnedProblems } from '../../../tests/support/model/rotatedChecks';
import type { Generator, GeneratorInput } from './types';

const shapes = loadNumberShapes();
const generators = numberGenerators(shapes);
const kinds: Array<[Generator, NumberKind]> = [
  [generators.number, 'digit'],
  [generators.numberyear, 'year'],
  [generators.numberdate, 'date'],
];

const dateArb = fc
  .tuple(
    fc.integer({ min: 1, max: 31 }),
    fc.integer({ min: 1, max: 12 }),
    fc.integer({ min: 1900, max: 2100 }),
    fc.constantFrom('-', '.', '/'),
  )
  .map(([d, m, y, sep]) =>
    [String(d).padStart(2, '0'), String(m).padStart(2, '0'), String(y)].join(sep),
  );

function inRange(kind: NumberKind): fc.Arbitrary<GeneratorInput> {
  const value =
    kind === 'date'
      ? dateArb
      : fc.integer({ min: 0, max: kind === 'digit' ? 999 : 9999 }).map(String);
  return fc
    .record({
      numberValue: value,
      fontset: fc.integer({ min: 0, max: 3 }).map(String),
      playfull: fc.constantFrom('0', '1'),
      hasText: fc.integer({ min: 0, max: 4 }).map(String),
    })
    .chain((settings) =>
      fc.record({
        settings: fc.constant(settings),
        size: sizeArb,
        material: materialArb,
        seed: seedArb,
      }),
    );
}

describe.each(kinds)('$name', (generator, kind) => {
  it('draws the digits of every in-range setting with bordered photos that never overlap', () => {
    fc.assert(
      fc.property(inRange(kind), (input) => {
        const result = generator.generate(input);
        if (!result.ok) throw new Error('number refused');
        const { layout } = result;
        const fontset = shapes[Number(input.settings.fontset)]!;
        const cells = charCells(numberChars(kind, input.settings.numberValue), fontset);
        const { photoArea } = numberTextBands(contentArea(input), Number(input.settings.hasText));
        const inner = insetRect(photoArea, BORDER_REACH_CM);
        expect(layoutProblems(layout)).toEqual([]);
        expect(turnedProblems(layout, inner)).toEqual([]);
        expect(borderProblems(layout)).toEqual([]);
        const photos = photoLayers(layout);
        expect(photos).toHaveLength(cells.rects.length);
        const playful = input.settings.playfull === '1' && fontset.id !== SHAPE_FONTSET;
        photos.forEach((photo, i) =>
          expect(photo.rotation).toBe(playful ? PLAYFUL_ROTATIONS[i % 8] : 0),
        );
        expect(textLayers(layout)).toHaveLength([1, 2, 1, 2, 0][Number(input.settings.hasText)]!);
        const suggestion = formatSuggestion(input.size, inner, cells.cols / cells.rows);
        expect(result.warnings).toEqual(suggestion ? [suggestion] : []);
        expect(generator.generate(input)).toEqual(result);
      }),
      { numRuns: 120 },
    );
  });

  it('scales the digits to fill the photo area on one axis, centred', () => {
    fc.assert(
      fc.property(inRange(kind), (input) => {
        const result = generator.generate({
          ...input,
          settings: { ...input.settings, playfull: '0' },
        });
        if (!result.ok) throw new Error('number refused');
        const { photoArea } = numberTextBands(contentArea(input), Number(input.settings.hasText));
        const inner = insetRect(photoArea, BORDER_REACH_CM);
        const box = boundingBox(photoLayers(result.layout));
        expect(box.x + box.width / 2).toBeCloseTo(inner.x + inner.width / 2, 2);
        expect(box.y + box.height / 2).toBeCloseTo(inner.y + inner.height / 2, 2);
        expect(Math.min(inner.width - box.width, inner.height - box.height)).toBeLessThan(0.01);
      }),
      { numRuns: 60 },
    );
  });

  it('never crashes on saved settings from anywhere', () => {
    fc.assert(
      fc.property(
        wildSettings(['numberValue', 'fontset', 'playfull', 'hasText', 'box']),
        sizeArb,
        materialArb,
        (settings, size, material) => {
          const result = generator.generate({ settings, size, material, seed: 0 });
          if (!result.ok) throw new Error('number refused');
          expect(layoutProblems(result.layout)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('number controls', () => {
  const size = { widthCm: 50, heightCm: 40 };
  const byName = (g: Generator, settings = g.defaults(size, '')) =>
    Object.fromEntries(g.controls(settings, size, '').map((c) => [c.name, c]));

  it('defaults to 50 for digits (max 999) and 2025 for years (max 9999), fontset A, not playful, large title at the bottom', () => {
    expect(byName(generators.number).numberValue).toMatchObject({
      type: 'input',
      current: 50,
      min: 0,
      max: 999,
      step: 1,
      label: 'controls.number',
    });
    expect(byName(generators.numberyear).numberValue).toMatchObject({
      type: 'input',
      current: 2025,
      min: 0,
      max: 9999,
    });
    const c = byName(generators.number);
    expect(c.fontset).toMatchObject({
      type: 'arrow',
      current: 0,
      min: 0,
      max: 3,
      step: 1,
      label: 'controls.fontset',
    });
    expect(c.playfull).toMatchObject({
      current: 0,
      min: 0,
      max: 1,
      hidden: false,
      label: 'controls.playful',
    });
    expect(c.hasText).toMatchObject({
      current: 0,
      min: 0,
      max: NUMBER_TEXT_OPTIONS.length - 1,
      label: 'controls.numberText',
    });
  });

  it('gives the date as text', () => {
    expect(byName(generators.numberdate, { numberValue: '24-12-2025' }).numberValue).toMatchObject({
      type: 'input',
      text: '24-12-2025',
      label: 'controls.date',
    });
    expect(byName(generators.numberdate, {}).numberValue!.text).toBe('01-01-2025');
    // The date's default fontset is the bold D (id 2): ten characters in A gave 149 photos of 0.66 cm.
    expect(generators.numberdate.defaults({ widthCm: 120, heightCm: 40 }, 'POSTER').fontset).toBe(
      '2',
    );
    expect(byName(generators.numberdate, {}).fontset!.current).toBe(2);
    expect(generators.number.defaults({ widthCm: 50, heightCm: 40 }, 'POSTER').fontset).toBe('0');
  });

  it('hides playful for the shape fontset and draws it straight', () => {
    expect(
      byName(generators.number, { fontset: String(SHAPE_FONTSET), playfull: '1' }).playfull!.hidden,
    ).toBe(true);
    const result = generators.number.generate({
      settings: { fontset: '3', playfull: '1' },
      size,
      material: '',
      seed: 0,
    });
    if (!result.ok) throw new Error('number refused');
    expect(photoLayers(result.layout).every((p) => p.rotation === 0)).toBe(true);
  });
});

describe('numberTextBands', () => {
  const area = { x: 0, y: 0, width: 50, height: 50 };
  it('puts the title at the bottom, larger for the large options, with the subtitle under it', () => {
    const [large, largeSub, normal, normalSub, none] = [0, 1, 2, 3, 4].map((option) =>
      numberTextBands(area, option),
    );
    expect(normal!.texts[0]!.height * LARGE_TITLE_FACTOR).toBeCloseTo(large!.texts[0]!.height, 3);
    expect(largeSub!.texts.map((t) => t.slot)).toEqual(['txt1', 'txt2']);
    expect(normalSub!.texts[0]!.height).toBeCloseTo(2 * normalSub!.texts[1]!.height, 3);
    for (const band of [large!, largeSub!, normal!, normalSub!]) {
      const last = band.texts.at(-1)!;
      expect(last.y + last.height).toBeCloseTo(50, 3);
      expect(band.photoArea.height).toBeCloseTo(band.texts[0]!.y, 3);
    }
    expect(none!.texts).toEqual([]);
    expect(none!.photoArea).toEqual(area);
    expect(numberTextBands(area, 9).texts).toEqual([]);
  });
});

describe('placeShapeRects', () => {
  it('keeps whole-cell proportions: a 2-cell photo is two cells and a gap wide', () => {
    const [one, two] = placeShapeRects({ x: 0, y: 0, width: 50, height: 10 }, 3, 1, [
      { x: 0, y: 0, width: 1, height: 1 },
      { x: 1, y: 0, width: 2, height: 1 },
    ]);
    const gap = two!.x - (one!.x + one!.width);
    expect(two!.width).toBeCloseTo(2 * one!.width + gap, 6);
    expect(one!.height).toBeCloseTo(one!.width, 6);
  });
});

describe('registry', () => {
  it('adds the number generators once the shapes are parsed, gen:numberdigit included', () => {
    registerNumberGenerators(shapes);
    expect(generatorForSource('gen:numberdigit').name).toBe('number');
    expect(generatorForSource('gen:numberyear').name).toBe('numberyear');
    expect(generatorForSource('gen:numberdate').name).toBe('numberdate');
    expect(generatorForSource('gen:heart').name).toBe('heart');
    expect(generatorForSource('gen:bordersplit').name).toBe('bordersplit');
    expect(generatorForSource('gen:pileonelarge').name).toBe('pileonelarge');
  });
});
