import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  descriptionWithoutPrice,
  formatPriceToken,
  priceFromDescription,
  priceOf,
  tilesPrice,
} from './prices';

describe('price from the description', () => {
  it('reads the bracketed token with a point or a comma', () => {
    expect(priceFromDescription('50 x 40 cm [39.95]')).toBe(39.95);
    expect(priceFromDescription('50 x 40 cm [39,95]')).toBe(39.95);
    expect(priceFromDescription('[ 12 ] tegel')).toBe(12);
    expect(priceFromDescription('first [10.50] then [99]')).toBe(10.5);
  });

  it('gives nothing when there is no usable token', () => {
    expect(priceFromDescription('50 x 40 cm')).toBeUndefined();
    expect(priceFromDescription('50 x 40 cm []')).toBeUndefined();
    expect(priceFromDescription('50 x 40 cm [gratis]')).toBeUndefined();
    expect(priceFromDescription('50 x 40 cm [-3]')).toBeUndefined();
    expect(priceFromDescription('50 x 40 cm [39.95')).toBeUndefined();
  });

  it('round-trips any amount in cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_00 }), (cents) => {
        expect(priceFromDescription(`A x B cm [${formatPriceToken(cents / 100)}]`)).toBe(
          cents / 100,
        );
      }),
    );
  });

  it('strips the token for display', () => {
    expect(descriptionWithoutPrice('50 x 40 cm [39.95]')).toBe('50 x 40 cm');
    expect(descriptionWithoutPrice('Tegel [8.95] per stuk')).toBe('Tegel per stuk');
  });
});

describe('tiles price', () => {
  it('is rows x columns x the unit price', () => {
    expect(tilesPrice('Fototegel 18 x 18 cm [8.95]', { rows: 3, cols: 3 })).toBe(80.55);
    expect(tilesPrice('Fototegel [8.95]', { rows: 10, cols: 1 })).toBe(89.5);
    expect(tilesPrice('Fototegel', { rows: 2, cols: 2 })).toBeUndefined();
  });

  it('grows linearly with the tile count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 10 }),
        fc.integer({ min: 1, max: 5000 }),
        (rows, cols, cents) => {
          const unit = cents / 100;
          expect(tilesPrice(`[${unit}]`, { rows, cols })).toBeCloseTo(rows * cols * unit, 2);
        },
      ),
    );
  });

  it('priceOf uses the tile rule only for tile-based templates', () => {
    const description = '18 x 18 cm [10]';
    expect(priceOf({ isTileBased: true }, { description }, { rows: 2, cols: 3 })).toBe(60);
    expect(priceOf({ isTileBased: true }, { description })).toBeUndefined();
    expect(priceOf({ isTileBased: false }, { description }, { rows: 2, cols: 3 })).toBe(10);
  });
});
