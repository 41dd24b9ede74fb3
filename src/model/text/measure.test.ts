import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { fixedAdvanceMeasurer, letterSpacingCm, SwitchingMeasurer } from './measure';

describe('measurers', () => {
  it('letter spacing adds one gap between each two characters', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 30 }),
        fc.double({ min: 0.1, max: 5, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (text, size, spacing) => {
          const gaps = Math.max(0, [...text].length - 1);
          expect(letterSpacingCm(text, size, spacing)).toBeCloseTo(gaps * spacing * size, 9);
        },
      ),
    );
  });

  it('a switching measurer answers with the measurer in use', () => {
    const narrow = fixedAdvanceMeasurer(0.5);
    const wide = fixedAdvanceMeasurer(0.7);
    const measurer = new SwitchingMeasurer(narrow);
    expect(measurer.measure('abcd', 'roboto', 1, 0)).toEqual(
      narrow.measure('abcd', 'roboto', 1, 0),
    );
    measurer.use(wide);
    expect(measurer.measure('abcd', 'roboto', 1, 0)).toEqual(wide.measure('abcd', 'roboto', 1, 0));
    expect(measurer.measure('abcd', 'roboto', 1, 0).widthCm).toBeGreaterThan(
      narrow.measure('abcd', 'roboto', 1, 0).widthCm,
    );
  });
});
