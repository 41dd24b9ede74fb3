import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatPrice } from './controlDisplay';

describe('formatPrice', () => {
  it('writes euros in each locale, whichever locale asked before (the formats are kept per locale)', () => {
    expect(formatPrice(12.5, 'nl')).toBe('€\u00a012,50');
    expect(formatPrice(12.5, 'en')).toBe('€12.50');
    expect(formatPrice(1234.5, 'de')).toBe('1.234,50\u00a0€');
    expect(formatPrice(12.5, 'nl')).toBe('€\u00a012,50');
  });

  it('agrees with a fresh Intl.NumberFormat for any amount and locale', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('nl', 'en', 'de', 'fr', 'it', 'es'),
        fc.integer({ min: 0, max: 10_000_000 }),
        (locale, cents) => {
          const fresh = new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' });
          expect(formatPrice(cents / 100, locale)).toBe(fresh.format(cents / 100));
        },
      ),
    );
  });
});
