import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  acceptPaletteColor,
  backgroundAfterTemplateChange,
  backgroundColor,
  colorComponents,
  colorFromComponents,
  fromOxColor,
  isPaletteColor,
  normalizeColor,
  PALETTE,
  PALETTE_COLUMNS,
  PALETTE_ROWS,
  STATIC_BACKGROUND,
  toOxColor,
  WHITE,
} from './colors';

const byte = fc.integer({ min: 0, max: 255 });

/** sRGB → CIE L*a*b* (D65), to measure how far apart two swatches look. */
function cieLab(color: string): number[] {
  const { red, green, blue } = colorComponents(color)!;
  const [r, g, b] = [red, green, blue].map((c) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(0.2126 * r + 0.7152 * g + 0.0722 * b);
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

describe('palette', () => {
  it('has 112 distinct colours in a 16 x 7 grid', () => {
    expect(PALETTE_COLUMNS * PALETTE_ROWS).toBe(112);
    expect(PALETTE).toHaveLength(112);
    expect(new Set(PALETTE).size).toBe(112);
    for (const color of PALETTE) expect(color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('holds white, black and the static background', () => {
    expect(PALETTE).toContain('#ffffff');
    expect(PALETTE).toContain('#000000');
    expect(PALETTE).toContain('#dcddde');
  });

  it('starts with a grey row from white to black, lightness falling', () => {
    const greys = PALETTE.slice(0, 16).map((color) => colorComponents(color)!);
    expect(PALETTE[0]).toBe('#ffffff');
    expect(PALETTE[15]).toBe('#000000');
    for (let index = 1; index < greys.length; index++)
      expect(greys[index]!.red).toBeLessThan(greys[index - 1]!.red);
  });

  it('keeps every two swatches visibly apart (CIE76 ΔE ≥ 5.5)', () => {
    let closest = Infinity;
    const labs = PALETTE.map(cieLab);
    for (let i = 0; i < labs.length; i++)
      for (let j = i + 1; j < labs.length; j++)
        closest = Math.min(
          closest,
          Math.hypot(...labs[i]!.map((value, k) => value - labs[j]![k]!)),
        );
    expect(closest).toBeGreaterThanOrEqual(5.5);
  });

  it('accepts only palette colours, in either notation and any case', () => {
    expect(acceptPaletteColor('#DCDDDE')).toBe('#dcddde');
    expect(acceptPaletteColor('0x000000')).toBe('#000000');
    expect(acceptPaletteColor('0x0')).toBe('#000000');
    expect(acceptPaletteColor('#123456')).toBeUndefined();
    expect(acceptPaletteColor('red')).toBeUndefined();
    expect(isPaletteColor('#ffffff')).toBe(true);
    expect(isPaletteColor('#fffffe')).toBe(false);
    expect(isPaletteColor('nonsense')).toBe(false);
    fc.assert(
      fc.property(byte, byte, byte, (r, g, b) => {
        const result = colorFromComponents(r, g, b);
        expect(result.ok && isPaletteColor(result.color)).toBe(
          result.ok && PALETTE.includes(result.color),
        );
      }),
    );
  });
});

describe('conversions', () => {
  it("turn '#rrggbb' into '0xrrggbb' and back", () => {
    expect(toOxColor('#1a2B3c')).toBe('0x1a2b3c');
    expect(fromOxColor('0x1A2B3C')).toBe('#1a2b3c');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (value) => {
        const hash = `#${value.toString(16).padStart(6, '0')}`;
        expect(fromOxColor(toOxColor(hash)!)).toBe(hash);
      }),
    );
  });

  it('pad short values with zeros on the left', () => {
    expect(fromOxColor('0xff')).toBe('#0000ff');
    expect(fromOxColor('0x0')).toBe('#000000');
    expect(toOxColor('#ff00')).toBe('0x00ff00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffff }), (value) => {
        expect(Number.parseInt(fromOxColor(`0x${value.toString(16)}`)!.slice(1), 16)).toBe(value);
      }),
    );
  });

  it('refuse what is not a colour', () => {
    for (const bad of ['', '#', '0x', '#1234567', '0xggg', 'ffffff', 'rgb(0,0,0)', '#-12']) {
      expect(normalizeColor(bad)).toBeUndefined();
      expect(toOxColor(bad)).toBeUndefined();
    }
  });

  it('build a colour from components 0-255 and read them back', () => {
    expect(colorFromComponents(255, 0, 10)).toEqual({ ok: true, color: '#ff000a' });
    fc.assert(
      fc.property(byte, byte, byte, (red, green, blue) => {
        const result = colorFromComponents(red, green, blue);
        expect(result.ok).toBe(true);
        if (result.ok) expect(colorComponents(result.color)).toEqual({ red, green, blue });
      }),
    );
    expect(colorComponents('nope')).toBeUndefined();
  });

  it('fail for a component above 255 (and for negative or fractional ones)', () => {
    expect(colorFromComponents(256, 0, 0)).toMatchObject({ ok: false });
    expect(colorFromComponents(0, 256, 0)).toMatchObject({ ok: false });
    expect(colorFromComponents(0, 0, 1000)).toEqual({
      ok: false,
      error: 'Colour component 1000 is outside 0-255',
    });
    expect(colorFromComponents(-1, 0, 0)).toMatchObject({ ok: false });
    expect(colorFromComponents(1.5, 0, 0)).toMatchObject({ ok: false });
    fc.assert(
      fc.property(
        fc.integer({ min: 256, max: 100_000 }),
        byte,
        fc.integer({ min: 0, max: 2 }),
        (big, other, at) => {
          const components: [number, number, number] = [other, other, other];
          components[at] = big;
          expect(colorFromComponents(...components).ok).toBe(false);
        },
      ),
    );
  });
});

describe('background colour rule', () => {
  const borderGenerators = [
    'heart',
    'number',
    'numberyear',
    'numberdate',
    'pilealleven',
    'pileonelarge',
    'bordersplit',
  ];
  const otherGenerators = [
    'alleven',
    'onelarge',
    'instagram',
    'mosaiccross',
    'mosaic1',
    'normalsplit',
    'mosaicinsta',
    'single',
    'scrambled',
    'tiles',
    'mosaiceven',
  ];

  type Row = [
    templateType: 'static' | 'generated',
    generatorName: string,
    automatic: boolean,
    overlay: string,
    expected: string,
  ];
  const rows: Row[] = [
    ['static', 'alleven', true, '#ff0000', STATIC_BACKGROUND],
    ['static', 'heart', false, '#ff0000', STATIC_BACKGROUND],
    ...borderGenerators.flatMap((name): Row[] => [
      ['generated', name, true, '#ff0000', WHITE],
      ['generated', name, false, '#ff0000', STATIC_BACKGROUND],
    ]),
    ...otherGenerators.flatMap((name): Row[] => [
      ['generated', name, true, '#FF0000', '#ff0000'],
      ['generated', name, false, '#ff0000', STATIC_BACKGROUND],
    ]),
  ];
  it.each(rows)(
    '%s %s, automatic %s, overlay %s → %s',
    (templateType, generatorName, photoBorderAutomatic, overlayColor, expected) => {
      expect(
        backgroundColor({ templateType, generatorName, photoBorderAutomatic, overlayColor }),
      ).toBe(expected);
    },
  );

  it('takes white when the overlay colour is missing or broken', () => {
    expect(
      backgroundColor({
        templateType: 'generated',
        generatorName: 'alleven',
        photoBorderAutomatic: true,
      }),
    ).toBe(WHITE);
    expect(
      backgroundColor({
        templateType: 'generated',
        generatorName: 'alleven',
        photoBorderAutomatic: true,
        overlayColor: 'blue',
      }),
    ).toBe(WHITE);
  });

  it('carries flag and colour over when the collage was saved; otherwise the border turns automatic', () => {
    const previous = { photoBorderAutomatic: false, color: '#123456' };
    const next = { templateType: 'generated' as const, generatorName: 'heart' };
    expect(backgroundAfterTemplateChange(previous, true, next)).toBe(previous);
    expect(backgroundAfterTemplateChange(previous, false, next)).toEqual({
      photoBorderAutomatic: true,
      color: WHITE,
    });
    expect(
      backgroundAfterTemplateChange(previous, false, { templateType: 'static', generatorName: '' }),
    ).toEqual({
      photoBorderAutomatic: true,
      color: STATIC_BACKGROUND,
    });
    expect(
      backgroundAfterTemplateChange(previous, false, {
        templateType: 'generated',
        generatorName: 'alleven',
        overlayColor: '0xfcfaf2',
      }),
    ).toEqual({
      photoBorderAutomatic: true,
      color: '#fcfaf2',
    });
  });
});
