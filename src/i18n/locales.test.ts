import { describe, expect, it } from 'vitest';
import nl from './locales/nl.json';
import en from './locales/en.json';
import de from './locales/de.json';
import fr from './locales/fr.json';
import it_ from './locales/it.json';
import es from './locales/es.json';

function keys(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? keys(value, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('locales', () => {
  const canonical = keys(nl).sort();
  it.each([
    ['en', en],
    ['de', de],
    ['fr', fr],
    ['it', it_],
    ['es', es],
  ])('%s has exactly the keys of nl', (_name, locale) => {
    expect(keys(locale).sort()).toEqual(canonical);
  });
});
