import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { chooseLocale, LOCALES } from './localePaths';

const production = { production: true, forceDutchOutsideProduction: true };
const development = { production: false, forceDutchOutsideProduction: true };
const anything = fc.option(fc.oneof(fc.constantFrom(...LOCALES), fc.string({ maxLength: 5 })), {
  nil: undefined,
});

describe('chooseLocale', () => {
  it('outside production the setting forces Dutch, whatever is asked', () => {
    fc.assert(
      fc.property(
        anything,
        anything,
        (requested, deployed) => chooseLocale(requested ?? null, deployed, development) === 'nl',
      ),
    );
  });

  it('in production (or with the setting off): asked, else deployed, else Dutch', () => {
    expect(chooseLocale('fr', 'de', production)).toBe('fr');
    expect(chooseLocale('xx', 'de', production)).toBe('de');
    expect(chooseLocale(null, undefined, production)).toBe('nl');
    expect(
      chooseLocale('es', undefined, { production: false, forceDutchOutsideProduction: false }),
    ).toBe('es');
  });
});
