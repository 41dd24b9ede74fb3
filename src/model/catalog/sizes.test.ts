import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  chooseSize,
  chooserSizes,
  customSizeOf,
  defaultChild,
  firstSizeOfOrientation,
  matchingStandardSize,
  materialForSize,
  orientationOf,
  orientationsOffered,
  switchOrientation,
  withCustomSize,
  withoutCustomSize,
} from './sizes';
import { size, template } from '../../../tests/support/model/testTemplates';
import { CUSTOM_SIZE_ID, Orientation } from './types';

describe('orientation', () => {
  it('is square when equal, landscape when wider, portrait when taller', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 500 }),
        (widthCm, heightCm) => {
          const expected = widthCm === heightCm ? 1 : widthCm > heightCm ? 2 : 3;
          expect(orientationOf({ widthCm, heightCm })).toBe(expected);
        },
      ),
    );
    expect(Orientation).toEqual({ Square: 1, Landscape: 2, Portrait: 3 });
  });

  it('offers only orientations that have sizes, portrait, landscape, square in that order', () => {
    expect(orientationsOffered(template([size('a', 50, 50), size('b', 40, 30)]))).toEqual([
      Orientation.Landscape,
      Orientation.Square,
    ]);
    expect(
      orientationsOffered(template([size('a', 50, 50), size('b', 30, 40), size('c', 40, 30)])),
    ).toEqual([Orientation.Portrait, Orientation.Landscape, Orientation.Square]);
  });

  it('ignores sizes outside the chooser unless no size is small enough', () => {
    expect(orientationsOffered(template([size('a', 50, 50), size('b', 100, 150)]))).toEqual([
      Orientation.Square,
    ]);
    expect(orientationsOffered(template([size('b', 100, 150)]))).toEqual([Orientation.Portrait]);
  });
});

describe('default child', () => {
  it('prefers 50x40, then 40x50, then 50x50, then the first', () => {
    const s5040 = size('5040', 50, 40);
    const s4050 = size('4050', 40, 50);
    const s5050 = size('5050', 50, 50);
    const other = size('other', 70, 50);
    expect(defaultChild(template([other, s5050, s4050, s5040]))).toBe(s5040);
    expect(defaultChild(template([other, s5050, s4050]))).toBe(s4050);
    expect(defaultChild(template([other, s5050]))).toBe(s5050);
    expect(defaultChild(template([other, size('x', 30, 30)]))).toBe(other);
    expect(defaultChild(template([]))).toBeUndefined();
  });

  it("is the shop's marked default size when there is one, before the 50 x 40 rule", () => {
    const s5040 = size('5040', 50, 40);
    const wide = { ...size('wide', 120, 40), isDefault: true };
    expect(defaultChild(template([s5040, wide]))).toBe(wide);
    expect(defaultChild(template([wide, s5040]))).toBe(wide);
    // A custom size is never the default, marked or not.
    const custom = { ...size(CUSTOM_SIZE_ID, 60, 40), isCustom: true, isDefault: true };
    expect(defaultChild(template([custom, s5040]))).toBe(s5040);
  });

  it('is always one of the standard sizes, whatever their order', () => {
    const dims = fc.tuple(fc.constantFrom(30, 40, 50, 60), fc.constantFrom(30, 40, 50, 60));
    fc.assert(
      fc.property(fc.array(dims, { minLength: 1, maxLength: 8 }), (list) => {
        const sizes = list.map(([w, h], index) => size(String(index), w, h));
        const chosen = defaultChild(template(sizes))!;
        expect(sizes).toContain(chosen);
        const has = (w: number, h: number) =>
          sizes.some((s) => s.widthCm === w && s.heightCm === h);
        if (has(50, 40)) expect([chosen.widthCm, chosen.heightCm]).toEqual([50, 40]);
        else if (has(40, 50)) expect([chosen.widthCm, chosen.heightCm]).toEqual([40, 50]);
        else if (has(50, 50)) expect([chosen.widthCm, chosen.heightCm]).toEqual([50, 50]);
        else expect(chosen).toBe(sizes[0]);
      }),
    );
  });

  it('never picks the custom size while a standard one exists', () => {
    const custom = { ...size(CUSTOM_SIZE_ID, 50, 40), isCustom: true };
    const standard = size('a', 60, 40);
    expect(defaultChild(template([custom, standard]))).toBe(standard);
    expect(defaultChild(template([custom]))).toBe(custom);
  });
});

describe('size chooser', () => {
  it('lists only standard sizes under 150 x 150', () => {
    const sizes = [
      size('a', 149.5, 100),
      size('b', 150, 100),
      size('c', 100, 150),
      size('d', 149, 149),
      { ...size(CUSTOM_SIZE_ID, 60, 40), isCustom: true },
    ];
    expect(chooserSizes(template(sizes)).map((s) => s.id)).toEqual(['a', 'd']);
  });
});

describe('orientation switching', () => {
  const sizes = [
    size('p1', 30, 40, ['POSTER']),
    size('l1', 40, 30, ['POSTER', 'CANVAS2CM']),
    size('p2', 50, 70, ['CANVAS2CM', 'DIBOND']),
    size('sq', 50, 50, []),
    size('l2', 70, 50, ['CANVAS2CM']),
  ];
  const t = template(sizes);

  it('selects the first size of that orientation', () => {
    expect(firstSizeOfOrientation(t, Orientation.Portrait)?.id).toBe('p1');
    expect(firstSizeOfOrientation(t, Orientation.Landscape)?.id).toBe('l1');
    expect(firstSizeOfOrientation(t, Orientation.Square)?.id).toBe('sq');
  });

  it('keeps the material when offered, else takes the first offered one', () => {
    expect(switchOrientation(t, Orientation.Landscape, 'CANVAS2CM')).toEqual({
      size: sizes[1],
      material: 'CANVAS2CM',
    });
    expect(switchOrientation(t, Orientation.Portrait, 'CANVAS2CM')).toEqual({
      size: sizes[0],
      material: 'POSTER',
    });
    expect(switchOrientation(t, Orientation.Square, 'POSTER')).toEqual({
      size: sizes[3],
      material: '',
    });
    expect(
      switchOrientation(template([size('a', 40, 30)]), Orientation.Portrait, 'POSTER'),
    ).toBeUndefined();
  });

  it('always ends on a material the new size offers (or none when it offers none)', () => {
    const codes = ['', 'POSTER', 'CANVAS2CM', 'CANVAS4CM', 'DIBOND', 'PLEXI'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...codes),
        fc.subarray([...codes.slice(1)]),
        (chosen, offered) => {
          const material = materialForSize({ materials: offered }, chosen);
          if (offered.length === 0) expect(material).toBe('');
          else expect(offered).toContain(material);
          if ((offered as string[]).includes(chosen)) expect(material).toBe(chosen);
        },
      ),
    );
  });

  it('chooses a size by id keeping the material when possible', () => {
    expect(chooseSize(t, 'p2', 'DIBOND')).toEqual({ size: sizes[2], material: 'DIBOND' });
    expect(chooseSize(t, 'l2', 'DIBOND')).toEqual({ size: sizes[4], material: 'CANVAS2CM' });
    expect(chooseSize(t, 'nope', 'DIBOND')).toBeUndefined();
  });
});

describe('custom size on a template', () => {
  const t = template([size('a', 50, 40), size('b', 40, 50)]);

  it('a typed size equal to a standard size selects it, orientation included', () => {
    expect(matchingStandardSize(t, 50, 40)?.id).toBe('a');
    expect(matchingStandardSize(t, 40, 50)?.id).toBe('b');
    expect(matchingStandardSize(t, 50, 41)).toBeUndefined();
  });

  it('replaces an earlier custom size and sets the flags; returning to standard clears it', () => {
    const first = withCustomSize(t, size('x', 45, 35));
    const second = withCustomSize(first, size('y', 60, 35));
    expect(second.sizes.filter((s) => s.isCustom)).toHaveLength(1);
    expect(customSizeOf(second)).toMatchObject({ id: CUSTOM_SIZE_ID, widthCm: 60, isCustom: true });
    expect(second.isCustom).toBe(true);
    expect(second.hasCustomSize).toBe(true);
    const back = withoutCustomSize(second);
    expect(back.sizes).toEqual(t.sizes);
    expect(back.isCustom).toBe(false);
    expect(customSizeOf(back)).toBeUndefined();
  });
});
