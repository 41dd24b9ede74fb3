import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  DEFAULT_SIZE_WARNING,
  MOSAIC_GRID_WARNING,
  NUMBER_SIZE_WARNING,
  squareWarning,
} from './customSize';
import {
  customSizeDescription,
  customSizePrice,
  customTemplateAnswer,
  materialsForCustomSize,
  NO_CUSTOM_SIZE_WARNING,
  resolveTypedSize,
  sizeRuleOfTemplate,
} from './customTemplate';
import { priceFromDescription } from './prices';
import { size, template } from '../../../tests/support/model/testTemplates';
import { CUSTOM_SIZE_ID } from './types';

const priced = template([
  size('s3040', 30, 40, ['POSTER'], '30 x 40 cm [20.00]'),
  size('s5040', 50, 40, ['POSTER', 'CANVAS2CM'], '50 x 40 cm [30.00]'),
  size('s4050', 40, 50, ['POSTER', 'CANVAS2CM'], '40 x 50 cm [28.00]'),
  size('s10070', 100, 70, ['CANVAS4CM', 'DIBOND'], '100 x 70 cm [70.00]'),
]);

describe('custom size price by area', () => {
  it('interpolates linearly between the standard areas (equal areas count with their highest price)', () => {
    // 1200 cm² → 20, 2000 cm² → 30 (the higher of 30 and 28), 7000 cm² → 70.
    expect(customSizePrice(priced, 40, 40)).toBe(25); // 1600 cm²: halfway 20 → 30
    expect(customSizePrice(priced, 50, 40)).toBe(30);
    expect(customSizePrice(priced, 100, 45)).toBe(50); // 4500 cm²: halfway 30 → 70
  });

  it('never goes below the smallest standard price', () => {
    expect(customSizePrice(priced, 20, 20)).toBe(20);
  });

  it('extends above the largest with the last slope, never below the largest price', () => {
    expect(customSizePrice(priced, 140, 100)).toBe(126); // 14000 cm²: 70 + 0.008 x 7000
    const falling = template([size('a', 50, 40, [], '[60]'), size('b', 100, 70, [], '[50]')]);
    expect(customSizePrice(falling, 140, 100)).toBe(50);
    const single = template([size('a', 50, 40, [], '[40]')]);
    expect(customSizePrice(single, 100, 40)).toBe(80);
    expect(customSizePrice(single, 30, 30)).toBe(40);
  });

  it('has no price when no standard size has one', () => {
    expect(
      customSizePrice(template([size('a', 50, 40, [], '50 x 40 cm')]), 45, 45),
    ).toBeUndefined();
  });

  it('grows with the area and stays within the standard prices inside their range', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 280 }),
        fc.integer({ min: 40, max: 200 }),
        fc.integer({ min: 1, max: 100 }),
        (wHalves, hHalves, extra) => {
          const w = wHalves / 2;
          const h = hHalves / 2;
          const price = customSizePrice(priced, w, h)!;
          expect(customSizePrice(priced, w + extra / 2, h)!).toBeGreaterThanOrEqual(price);
          if (w * h <= 7000) {
            expect(price).toBeGreaterThanOrEqual(20);
            expect(price).toBeLessThanOrEqual(70);
          }
        },
      ),
    );
  });
});

describe('materials for a custom size', () => {
  it('unites the materials of every standard size at least as large, either way round', () => {
    expect(materialsForCustomSize(priced, 45, 35)).toEqual([
      'POSTER',
      'CANVAS2CM',
      'CANVAS4CM',
      'DIBOND',
    ]);
    expect(materialsForCustomSize(priced, 35, 45)).toEqual([
      'POSTER',
      'CANVAS2CM',
      'CANVAS4CM',
      'DIBOND',
    ]);
    expect(materialsForCustomSize(priced, 60, 40)).toEqual(['CANVAS4CM', 'DIBOND']);
    expect(materialsForCustomSize(priced, 30, 30)).toEqual([
      'POSTER',
      'CANVAS2CM',
      'CANVAS4CM',
      'DIBOND',
    ]);
  });

  it('falls back to the largest size when the custom size is larger than all', () => {
    expect(materialsForCustomSize(priced, 140, 100)).toEqual(['CANVAS4CM', 'DIBOND']);
  });
});

describe('customTemplateAnswer', () => {
  it('answers a custom child size with the fixed id, fitting materials and a priced description', () => {
    expect(customTemplateAnswer(priced, '40,2', '39.9')).toEqual({
      ok: true,
      size: {
        id: CUSTOM_SIZE_ID,
        widthCm: 40,
        heightCm: 40,
        materials: ['POSTER', 'CANVAS2CM', 'CANVAS4CM', 'DIBOND'],
        description: '40 x 40 cm [25.00]',
        url: '',
        value: '',
        isCustom: true,
      },
    });
  });

  it('keeps half centimetres in the description and its price readable', () => {
    const answer = customTemplateAnswer(priced, '45.5', '30');
    expect(answer.ok && answer.size.description).toMatch(/^45\.5 x 30 cm \[\d+\.\d{2}\]$/);
    expect(answer.ok && priceFromDescription(answer.size.description)).toBe(
      customSizePrice(priced, 45.5, 30),
    );
    expect(customSizeDescription(45.5, 30, undefined)).toBe('45.5 x 30 cm');
  });

  it("answers the template rule's warning for a size it refuses", () => {
    expect(customTemplateAnswer(priced, '150', '50')).toEqual({
      ok: false,
      warning: DEFAULT_SIZE_WARNING,
    });
    expect(customTemplateAnswer(priced, '', '50')).toEqual({
      ok: false,
      warning: DEFAULT_SIZE_WARNING,
    });
    const heart = { ...priced, source: 'gen:heart' };
    expect(customTemplateAnswer(heart, '40', '50')).toEqual({
      ok: false,
      warning: squareWarning(30),
    });
    const mosaic = { ...priced, source: 'gen:mosaicinsta' };
    expect(customTemplateAnswer(mosaic, '41', '30')).toEqual({
      ok: false,
      warning: MOSAIC_GRID_WARNING,
    });
  });

  it('refuses templates without custom sizes', () => {
    expect(customTemplateAnswer({ ...priced, hasCustomSize: false }, '40', '40')).toEqual({
      ok: false,
      warning: NO_CUSTOM_SIZE_WARNING,
    });
  });

  it('checks static templates with the generic rule', () => {
    expect(sizeRuleOfTemplate({ type: 'static', source: 'designs/heart/template.xml' })).toBe(
      'generic',
    );
    expect(sizeRuleOfTemplate({ type: 'generated', source: 'gen:instagram' })).toBe('square');
  });
});

describe('resolveTypedSize', () => {
  it('selects a standard size when the typed size equals one', () => {
    expect(resolveTypedSize(priced, '50', '40,2')).toEqual({
      kind: 'standard',
      size: priced.sizes[1],
    });
  });

  it('asks for a custom size otherwise, passing on the number advice', () => {
    expect(resolveTypedSize(priced, '45', '40')).toEqual({
      kind: 'custom',
      widthCm: 45,
      heightCm: 40,
    });
    const number = { ...priced, source: 'gen:numberyear' };
    expect(resolveTypedSize(number, '45', '40')).toEqual({
      kind: 'custom',
      widthCm: 45,
      heightCm: 40,
      warning: NUMBER_SIZE_WARNING,
    });
    // Past the shop's largest print a number design is refused, like any other.
    expect(resolveTypedSize(number, '300', '300')).toEqual({
      kind: 'invalid',
      reason: 'rule',
      warning: NUMBER_SIZE_WARNING,
    });
  });

  it('reports invalid input with its reason', () => {
    expect(resolveTypedSize(priced, '10', '40')).toEqual({
      kind: 'invalid',
      reason: 'rule',
      warning: DEFAULT_SIZE_WARNING,
    });
    expect(resolveTypedSize(priced, 'tien', '40')).toEqual({
      kind: 'invalid',
      reason: 'unparsable',
      warning: DEFAULT_SIZE_WARNING,
    });
  });
});
