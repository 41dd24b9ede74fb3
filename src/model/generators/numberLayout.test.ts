import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { overlaps } from '../../../tests/support/model/layoutChecks';
import { genericSizeAllowed } from '../catalog/customSize';
import {
  DATE_MAX_LENGTH,
  NUMBER_DEFAULTS,
  charCells,
  formatSuggestion,
  numberChars,
  validDate,
} from './numberLayout';
import { loadNumberShapes } from '../../../server/catalog/numberShapesFile';

const shapes = loadNumberShapes();

describe('numberChars', () => {
  it('keeps whole numbers up to 999 for the digit type and 9999 for years', () => {
    expect(numberChars('digit', '50')).toBe('50');
    expect(numberChars('digit', ' 007 ')).toBe('7');
    expect(numberChars('digit', '999')).toBe('999');
    expect(numberChars('digit', '1000')).toBe('999');
    expect(numberChars('year', '9999')).toBe('9999');
    expect(numberChars('year', '12345')).toBe('9999');
    expect(numberChars('year', '0')).toBe('0');
  });

  it('falls back to the defaults 50 and 2025 for anything that is not a whole number', () => {
    for (const raw of [undefined, '', '-5', '1.5', '1,5', 'abc', '5e2']) {
      expect(numberChars('digit', raw)).toBe('50');
      expect(numberChars('year', raw)).toBe('2025');
    }
  });

  it('keeps digits and the separators - . / of a date, at most dd-mm-yyyy long', () => {
    expect(numberChars('date', '24-12-2025')).toBe('24-12-2025');
    expect(numberChars('date', '24.12.2025')).toBe('24.12.2025');
    expect(numberChars('date', '1/2/25')).toBe('1/2/25');
    expect(numberChars('date', 'dag 24 dec, 2025!')).toBe('242025');
    expect(numberChars('date', '24-12-2025-extra-1')).toBe('24-12-2025');
    expect(numberChars('date', '--')).toBe(NUMBER_DEFAULTS.date);
    expect(numberChars('date', undefined)).toBe(NUMBER_DEFAULTS.date);
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const chars = numberChars('date', raw);
        expect(chars.length).toBeLessThanOrEqual(DATE_MAX_LENGTH);
        expect(chars).toMatch(/^[\d./-]+$/);
      }),
    );
  });
});

describe('charCells', () => {
  it('sets the characters side by side with the fontset spacing, without overlap', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...shapes),
        fc.stringMatching(/^[\d./-]{1,10}$/),
        (fontset, text) => {
          const cells = charCells(text, fontset);
          const widths = [...text].map((c) => fontset.chars.get(c)!.width);
          expect(cells.cols).toBe(
            widths.reduce((a, b) => a + b, 0) + (text.length - 1) * fontset.spacing,
          );
          expect(cells.rows).toBe(fontset.height);
          expect(cells.rects).toHaveLength(
            [...text].reduce((n, c) => n + fontset.chars.get(c)!.rects.length, 0),
          );
          for (const r of cells.rects) {
            expect(r.x + r.width).toBeLessThanOrEqual(cells.cols);
            expect(r.y + r.height).toBeLessThanOrEqual(cells.rows);
          }
          for (let i = 0; i < cells.rects.length; i++) {
            for (let j = i + 1; j < cells.rects.length; j++)
              expect(overlaps(cells.rects[i]!, cells.rects[j]!, 0)).toBe(false);
          }
        },
      ),
    );
  });

  it('skips characters the fontset cannot draw', () => {
    expect(charCells('1x2', shapes[0]!)).toEqual(charCells('12', shapes[0]!));
    expect(charCells('', shapes[0]!)).toEqual({ cols: 0, rows: shapes[0]!.height, rects: [] });
  });
});

describe('formatSuggestion', () => {
  const size = { widthCm: 60, heightCm: 40 };
  const area = (width: number, height: number) => ({ x: 1, y: 1, width, height });

  it('stays quiet from 0.8 to 1.2 times the ideal proportions, bounds included', () => {
    expect(formatSuggestion(size, area(16, 10), 2)).toBeUndefined();
    expect(formatSuggestion(size, area(24, 10), 2)).toBeUndefined();
    expect(formatSuggestion(size, area(20, 10), 2)).toBeUndefined();
  });

  it('suggests the width that gives the digits their proportions just outside the bounds', () => {
    expect(formatSuggestion(size, area(15.99, 10), 2)).toEqual({
      key: 'generators.number.formatSuggestion',
      values: { width: Math.round(20 + 60 - 15.99), height: 40 },
    });
    expect(formatSuggestion(size, area(24.01, 10), 2)).toMatchObject({
      values: { width: Math.round(20 + 60 - 24.01), height: 40 },
    });
  });

  it('never bothers 30x30, 30x40 and 40x30', () => {
    for (const [widthCm, heightCm] of [
      [30, 30],
      [30, 40],
      [40, 30],
    ] as const) {
      expect(formatSuggestion({ widthCm, heightCm }, area(1, 10), 5)).toBeUndefined();
    }
    expect(formatSuggestion({ widthCm: 40, heightCm: 40 }, area(1, 10), 5)).toBeDefined();
  });

  it('ignores an empty area', () => {
    expect(formatSuggestion(size, area(0, 10), 2)).toBeUndefined();
  });
});

describe('validDate', () => {
  it('takes real dates as typed and refuses impossible ones', () => {
    expect(validDate('24-12-2025')).toBe('24-12-2025');
    expect(validDate(' 1.2.25 ')).toBe('1.2.25');
    expect(validDate('29/02/2024')).toBe('29/02/2024');
    for (const bad of [
      '32-13-2024',
      '31-04-2025',
      '29-02-2023',
      '00-01-2025',
      '12-00-2025',
      '1-1',
      '2025',
      '1-1/2025',
      '1--2025',
      '123-1-2025',
      '',
    ]) {
      expect(validDate(bad), bad).toBeUndefined();
    }
  });

  it('agrees with the calendar for every day, month and year', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 14 }),
        fc.integer({ min: 1000, max: 9999 }),
        fc.constantFrom('-', '.', '/'),
        (day, month, year, sep) => {
          const text = [day, month, year].join(sep);
          const date = new Date(Date.UTC(year, month - 1, day));
          const real =
            month >= 1 &&
            month <= 12 &&
            day >= 1 &&
            date.getUTCDate() === day &&
            date.getUTCMonth() === month - 1;
          expect(validDate(text) === text).toBe(real);
        },
      ),
    );
  });
});

describe('formatSuggestion within the default size rules', () => {
  it('never proposes a size the shop cannot make', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 20, max: 140 }),
        fc.integer({ min: 20, max: 140 }),
        fc.double({ min: 0.2, max: 12, noNaN: true }),
        fc.double({ min: 0, max: 0.3, noNaN: true }),
        (widthCm, heightCm, idealRatio, bandShare) => {
          const area = { x: 1, y: 1, width: widthCm - 2, height: heightCm * (1 - bandShare) - 2 };
          const suggestion = formatSuggestion({ widthCm, heightCm }, area, idealRatio);
          if (!suggestion) return;
          const { width, height } = suggestion.values as { width: number; height: number };
          expect(genericSizeAllowed(width, height), `${width}x${height}`).toBe(true);
          expect(`${width}x${height}`).not.toBe(`${widthCm}x${heightCm}`);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('proposes an allowed wide format for a date at 50 x 40 instead of 275 x 40', () => {
    const date = charCells('01-01-2025', shapes[0]!);
    const suggestion = formatSuggestion(
      { widthCm: 50, heightCm: 40 },
      { x: 0.5, y: 0.5, width: 49, height: 35 },
      date.cols / date.rows,
    );
    const { width, height } = suggestion!.values as { width: number; height: number };
    expect(width).toBeLessThanOrEqual(140);
    expect(height).toBeGreaterThanOrEqual(20);
    expect(width / height).toBeGreaterThan(4);
  });
});
