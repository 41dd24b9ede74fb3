/**
 * fast-check arbitraries for generator property tests (test-only: imported by *.test.ts files).
 * Sizes follow the spec's custom-size rules: 0.5 cm steps, 20..140 x 20..100 or 20..100 x 20..140.
 */
import fc from 'fast-check';
import type { MaterialCode } from '../../../src/model/catalog/types';
import type { Size } from '../../../src/model/layout/types';
import type { Control, GeneratorSettings } from '../../../src/model/generators/types';
import { MATERIALS } from '../../../src/model/catalog/materials';

export const MATERIAL_CODES: MaterialCode[] = MATERIALS.map((material) => material.code);

export const halfCm = (min: number, max: number) =>
  fc.integer({ min: min * 2, max: max * 2 }).map((n) => n / 2);

export const sizeArb: fc.Arbitrary<Size> = fc.oneof(
  fc.record({ widthCm: halfCm(20, 140), heightCm: halfCm(20, 100) }),
  fc.record({ widthCm: halfCm(20, 100), heightCm: halfCm(20, 140) }),
);

export const squareSizeArb: fc.Arbitrary<Size> = halfCm(20, 100).map((side) => ({
  widthCm: side,
  heightCm: side,
}));

export const materialArb = fc.constantFrom(...MATERIAL_CODES);

export const seedArb = fc.integer({ min: 0, max: 2 ** 32 - 1 });

/** Settings with every control at a value inside its range on its step grid. */
export function settingsWithin(controls: Control[]): fc.Arbitrary<GeneratorSettings> {
  const entries = controls.map((c) =>
    fc
      .integer({ min: 0, max: Math.round((c.max - c.min) / c.step) })
      .map((k) => [c.name, String(+(c.min + k * c.step).toFixed(6))] as const),
  );
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs));
}

/** Saved settings from anywhere: numbers out of range, fractions, junk. */
export function wildSettings(names: string[]): fc.Arbitrary<GeneratorSettings> {
  const value = fc.oneof(
    fc.integer({ min: -100, max: 200 }).map(String),
    fc.double({ min: -50, max: 50, noNaN: true }).map(String),
    fc.constantFrom('', 'x', '1,5', 'NaN'),
  );
  return fc.record(Object.fromEntries(names.map((n) => [n, value])), {
    requiredKeys: [],
  }) as fc.Arbitrary<GeneratorSettings>;
}
