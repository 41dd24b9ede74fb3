import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MATERIAL_CODES,
  materialArb,
  sizeArb,
  wildSettings,
} from '../../../tests/support/model/generatorArbitraries';
import {
  layoutProblems,
  photoLayers,
  smallestGap,
} from '../../../tests/support/model/layoutChecks';
import { TILE_CM, tiles, tilesSheet } from './tiles';
import type { Generator, GeneratorInput } from './types';

const named = (
  g: Generator,
  settings: Record<string, string>,
  material: GeneratorInput['material'] = '',
) =>
  Object.fromEntries(
    g.controls(settings, { widthCm: 50, heightCm: 40 }, material).map((c) => [c.name, c]),
  );

describe('tiles', () => {
  it('defaults to 3x3 and offers 1-10 each way', () => {
    const c = named(tiles, {});
    expect(c.numberVert).toMatchObject({ current: 3, min: 1, max: 10, step: 1 });
    expect(c.numberHor).toMatchObject({ current: 3, min: 1, max: 10, step: 1 });
    expect(tilesSheet(3, 3)).toEqual({ widthCm: 58.2, heightCm: 58.2 });
    expect(tiles.defaults({ widthCm: 50, heightCm: 50 }, 'TILES')).toEqual({
      numberVert: '3',
      numberHor: '3',
    });
  });

  it('lays flat 18.4 cm tiles 1 cm apart, 0.5 cm from the edge, on a sheet that follows the count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        sizeArb,
        fc.constantFrom(...MATERIAL_CODES),
        (cols, rows, size, material) => {
          const result = tiles.generate({
            settings: { numberVert: String(cols), numberHor: String(rows), box: '1' },
            size,
            material,
            seed: 0,
          });
          expect(result.ok).toBe(true);
          if (!result.ok) return;
          expect(result.layout.isFlat).toBe(true);
          expect(result.layout).toMatchObject(tilesSheet(cols, rows, material));
          expect(layoutProblems(result.layout)).toEqual([]);
          const photos = photoLayers(result.layout);
          expect(photos).toHaveLength(cols * rows);
          for (const p of photos) {
            expect(p.width).toBeCloseTo(TILE_CM, 2);
            expect(p.height).toBeCloseTo(TILE_CM, 2);
          }
          if (photos.length > 1) expect(smallestGap(photos)).toBeCloseTo(1, 2);
          expect(photos[0]!.x).toBeCloseTo(0.5 + result.layout.marginCm, 2);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('tiles with saved settings from anywhere', () => {
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
          const result = tiles.generate({ settings, size, material, seed: 0 });
          if (result.ok) expect(layoutProblems(result.layout, { allowBleed: false })).toEqual([]);
          else expect(result.refusal.key).toBe('generators.tooSmall');
        },
      ),
      { numRuns: 100 },
    );
  });
});
