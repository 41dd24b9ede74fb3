import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkSize,
  DEFAULT_SIZE_WARNING,
  genericSizeAllowed,
  MOSAIC_GRID_WARNING,
  mosaicGrids,
  parseCm,
  ratioAllowed,
  roundHalfCm,
  sizeRuleFor,
  squareWarning,
  validateCustomSize,
  warningOfRule,
  NUMBER_SIZE_WARNING,
} from './customSize';

const accepted = (rule: Parameters<typeof validateCustomSize>[0], w: string, h: string) =>
  validateCustomSize(rule, w, h).ok;

describe('typed centimetres', () => {
  it('accept a comma or a point and nothing else', () => {
    expect(parseCm('45')).toBe(45);
    expect(parseCm(' 45,5 ')).toBe(45.5);
    expect(parseCm('45.5')).toBe(45.5);
    expect(parseCm('45.')).toBe(45);
    expect(parseCm(',5')).toBe(0.5);
    for (const bad of [
      '',
      ' ',
      'abc',
      '4a',
      '1.2.3',
      '1,2,3',
      '-20',
      '+20',
      '1e3',
      '0x20',
      '20 cm',
      'Infinity',
    ])
      expect(parseCm(bad)).toBeUndefined();
  });

  it('round to the nearest 0.5 cm, halves up', () => {
    expect(roundHalfCm(0.25)).toBe(0.5);
    expect(roundHalfCm(0.24)).toBe(0);
    expect(roundHalfCm(20.25)).toBe(20.5);
    expect(roundHalfCm(20.74)).toBe(20.5);
    expect(roundHalfCm(20.75)).toBe(21);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1000, noNaN: true }), (value) => {
        const rounded = roundHalfCm(value);
        expect(Number.isInteger(rounded * 2)).toBe(true);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(0.25 + 1e-9);
      }),
    );
  });
});

describe('generic rule', () => {
  it('holds each side at least 20 after rounding (19.99 → 20 passes, 19.74 → 19.5 fails)', () => {
    expect(accepted('generic', '20', '20')).toBe(true);
    expect(accepted('generic', '19.99', '50')).toBe(true);
    expect(accepted('generic', '19,75', '50')).toBe(true);
    expect(accepted('generic', '19.74', '50')).toBe(false);
    expect(accepted('generic', '19.5', '50')).toBe(false);
    expect(accepted('generic', '50', '19.5')).toBe(false);
  });

  it('fits 140 x 100 or 100 x 140 (140.24 → 140 passes, 140.25 → 140.5 fails)', () => {
    expect(accepted('generic', '140', '100')).toBe(true);
    expect(accepted('generic', '100', '140')).toBe(true);
    expect(accepted('generic', '140,24', '100')).toBe(true);
    expect(accepted('generic', '140.25', '100')).toBe(false);
    expect(accepted('generic', '140.5', '100')).toBe(false);
    expect(accepted('generic', '140', '100.5')).toBe(false);
    expect(accepted('generic', '100.5', '140')).toBe(false);
    expect(accepted('generic', '120', '120')).toBe(false);
    expect(accepted('generic', '101', '101')).toBe(false);
    expect(accepted('generic', '100', '100')).toBe(true);
  });

  it('needs a shorter/longer ratio of at least 0.1427', () => {
    expect(ratioAllowed(1427, 10_000)).toBe(true);
    expect(ratioAllowed(10_000, 1427)).toBe(true);
    expect(ratioAllowed(1426.9, 10_000)).toBe(false);
    // Inside the box the ratio never binds: 20 / 140 = 0.1428…
    expect(genericSizeAllowed(20, 140)).toBe(true);
    expect(genericSizeAllowed(140, 20)).toBe(true);
  });

  it('agrees with the rule written out, for every typed pair', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3000 }),
        fc.integer({ min: 0, max: 3000 }),
        (wTenths, hTenths) => {
          const w = roundHalfCm(wTenths / 10);
          const h = roundHalfCm(hTenths / 10);
          const expected =
            w >= 20 &&
            h >= 20 &&
            ((w <= 140 && h <= 100) || (w <= 100 && h <= 140)) &&
            Math.min(w, h) / Math.max(w, h) >= 0.1427;
          const result = validateCustomSize(
            'generic',
            String(wTenths / 10).replace('.', ','),
            String(hTenths / 10),
          );
          expect(result.ok).toBe(expected);
          if (result.ok) expect([result.widthCm, result.heightCm]).toEqual([w, h]);
          else expect(result).toEqual({ ok: false, reason: 'rule', warning: DEFAULT_SIZE_WARNING });
        },
      ),
    );
  });

  it('gives the default warning with its values, and marks unparsable input so the form refuses silently', () => {
    expect(DEFAULT_SIZE_WARNING).toEqual({
      key: 'sizes.warning.default',
      values: { min: 20, maxWidth: 140, maxHeight: 100 },
    });
    expect(validateCustomSize('generic', '150', '50')).toEqual({
      ok: false,
      reason: 'rule',
      warning: DEFAULT_SIZE_WARNING,
    });
    expect(validateCustomSize('generic', 'abc', '50')).toEqual({
      ok: false,
      reason: 'unparsable',
      warning: DEFAULT_SIZE_WARNING,
    });
  });
});

describe('heart rule', () => {
  it('takes equal sides from 30 to 100 inclusive after rounding', () => {
    expect(accepted('heart', '30', '30')).toBe(true);
    expect(accepted('heart', '100', '100')).toBe(true);
    expect(accepted('heart', '29.75', '30')).toBe(true);
    expect(accepted('heart', '29.5', '29.5')).toBe(false);
    expect(accepted('heart', '100.25', '100.5')).toBe(false);
    expect(accepted('heart', '50', '50.5')).toBe(false);
    expect(accepted('heart', '50', '50.2')).toBe(true);
  });

  it('warns with the square warning and minimum 30', () => {
    expect(validateCustomSize('heart', '20', '20')).toEqual({
      ok: false,
      reason: 'rule',
      warning: squareWarning(30),
    });
    expect(squareWarning(30)).toEqual({
      key: 'sizes.warning.square',
      values: { min: 30, max: 100 },
    });
  });
});

describe('number rule', () => {
  it('takes any size the shop prints, with the square advice when it is not a 30-100 square', () => {
    expect(validateCustomSize('number', '25', '140')).toEqual({
      ok: true,
      widthCm: 25,
      heightCm: 140,
      warning: NUMBER_SIZE_WARNING,
    });
    expect(validateCustomSize('number', '133', '23')).toMatchObject({
      ok: true,
      warning: NUMBER_SIZE_WARNING,
    });
    expect(validateCustomSize('number', '40', '40')).toEqual({
      ok: true,
      widthCm: 40,
      heightCm: 40,
    });
  });

  it('never past the largest size the shop prints (140 x 100 either way), and the warning says so', () => {
    for (const [width, height] of [
      ['200', '200'],
      ['300', '300'],
      ['141', '100'],
      ['100', '141'],
      ['120', '120'],
      ['19', '50'],
    ] as const) {
      expect(validateCustomSize('number', width, height)).toEqual({
        ok: false,
        reason: 'rule',
        warning: NUMBER_SIZE_WARNING,
      });
    }
    expect(NUMBER_SIZE_WARNING).toEqual({
      key: 'sizes.warning.number',
      values: { min: 30, max: 100, maxWidth: 140, maxHeight: 100 },
    });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 }), fc.integer({ min: 1, max: 400 }), (w, h) => {
        const result = validateCustomSize('number', String(w), String(h));
        expect(result.ok).toBe(validateCustomSize('generic', String(w), String(h)).ok);
      }),
    );
  });

  it('still refuses what cannot be printed at all: text or a zero side', () => {
    expect(validateCustomSize('number', 'x', '40')).toMatchObject({
      ok: false,
      reason: 'unparsable',
    });
    expect(validateCustomSize('number', '0.2', '40')).toMatchObject({ ok: false, reason: 'rule' });
  });
});

describe('square rule', () => {
  it('takes 20 to 100 per side with a ratio between 0.98 and 1.02', () => {
    expect(accepted('square', '20', '20')).toBe(true);
    expect(accepted('square', '100', '100')).toBe(true);
    expect(accepted('square', '19.5', '19.5')).toBe(false);
    expect(accepted('square', '100.5', '100.5')).toBe(false);
    expect(accepted('square', '51', '50')).toBe(true); // 1.02
    expect(accepted('square', '50', '51')).toBe(true); // 0.980…
    expect(accepted('square', '51.5', '50')).toBe(false); // 1.03
    expect(accepted('square', '50', '51.5')).toBe(false); // 0.97
    expect(validateCustomSize('square', '30', '60')).toEqual({
      ok: false,
      reason: 'rule',
      warning: squareWarning(20),
    });
  });
});

describe('mosaicinsta rule', () => {
  it('finds the grids of square cells: 40x30 gives 4x3 and 8x6', () => {
    expect(mosaicGrids(40, 30)).toEqual([
      { rows: 3, cols: 4, cellCm: 10 },
      { rows: 6, cols: 8, cellCm: 5 },
    ]);
  });

  it('keeps rows 2-19, cells of 5 cm or more and fewer than 144 cells', () => {
    expect(mosaicGrids(100, 100).map((grid) => grid.rows)).toEqual([
      2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect(mosaicGrids(100, 100).every((grid) => grid.rows * grid.cols < 144)).toBe(true);
    expect(mosaicGrids(20, 140).map((grid) => [grid.rows, grid.cols])).toEqual([
      [7, 1],
      [14, 2],
    ]);
    fc.assert(
      fc.property(
        fc.integer({ min: 40, max: 280 }),
        fc.integer({ min: 40, max: 280 }),
        (wHalves, hHalves) => {
          for (const grid of mosaicGrids(wHalves / 2, hHalves / 2)) {
            expect(grid.rows).toBeGreaterThanOrEqual(2);
            expect(grid.rows).toBeLessThanOrEqual(19);
            expect(Number.isInteger(grid.cols)).toBe(true);
            expect(grid.cellCm).toBeGreaterThanOrEqual(5);
            expect(grid.rows * grid.cols).toBeLessThan(144);
            expect(grid.cols * grid.cellCm).toBeCloseTo(wHalves / 2, 9);
          }
        },
      ),
    );
  });

  it('accepts sizes with a grid, warns about the ratio otherwise, and uses the default warning outside the box', () => {
    expect(validateCustomSize('mosaicinsta', '40', '30')).toEqual({
      ok: true,
      widthCm: 40,
      heightCm: 30,
    });
    expect(validateCustomSize('mosaicinsta', '41', '30')).toEqual({
      ok: false,
      reason: 'rule',
      warning: MOSAIC_GRID_WARNING,
    });
    expect(validateCustomSize('mosaicinsta', '19.5', '19.5')).toEqual({
      ok: false,
      reason: 'rule',
      warning: DEFAULT_SIZE_WARNING,
    });
    expect(validateCustomSize('mosaicinsta', '120', '120')).toEqual({
      ok: false,
      reason: 'rule',
      warning: DEFAULT_SIZE_WARNING,
    });
  });

  it('rows 19 is the last grid, 5 cm the smallest cell, and a 12 x 12 grid of 144 cells is refused', () => {
    expect(mosaicGrids(35, 95)).toContainEqual({ rows: 19, cols: 7, cellCm: 5 });
    expect(mosaicGrids(95, 95).some((grid) => grid.rows === 19)).toBe(false); // 361 cells
    expect(mosaicGrids(25, 100).some((grid) => grid.rows === 20)).toBe(false); // 5 cm cells, 100 cells, but 20 rows
    expect(mosaicGrids(24.5, 24.5).some((grid) => grid.rows === 5)).toBe(false); // 4.9 cm cells
    expect(mosaicGrids(25, 25)).toContainEqual({ rows: 5, cols: 5, cellCm: 5 });
    expect(mosaicGrids(60, 60).some((grid) => grid.rows === 12)).toBe(false);
    expect(mosaicGrids(60, 60).some((grid) => grid.rows === 11 && grid.cols === 11)).toBe(true);
  });
});

describe('rules per generator', () => {
  it('maps generators to their rule', () => {
    expect(sizeRuleFor('heart')).toBe('heart');
    expect(sizeRuleFor('number')).toBe('number');
    expect(sizeRuleFor('numberyear')).toBe('number');
    expect(sizeRuleFor('numberdate')).toBe('number');
    expect(sizeRuleFor('instagram')).toBe('square');
    expect(sizeRuleFor('mosaicinsta')).toBe('mosaicinsta');
    expect(sizeRuleFor('alleven')).toBe('generic');
    expect(sizeRuleFor('')).toBe('generic');
  });

  it('gives each rule its warning', () => {
    expect(warningOfRule('generic')).toBe(DEFAULT_SIZE_WARNING);
    expect(warningOfRule('mosaicinsta')).toBe(DEFAULT_SIZE_WARNING);
    expect(warningOfRule('square')).toEqual(squareWarning(20));
    expect(warningOfRule('heart')).toEqual(squareWarning(30));
    expect(warningOfRule('number')).toEqual(NUMBER_SIZE_WARNING);
    expect(checkSize('heart', 40, 40)).toEqual({ ok: true });
  });
});
