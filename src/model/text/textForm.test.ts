import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  characterCount,
  lengthMessage,
  MAX_LENGTH_KEY,
  MIN_LENGTH_KEY,
  REQUIRED_KEY,
  UNIQUE_DESCRIPTION_KEY,
  UNIQUE_TITLE_KEY,
  uniquenessMessage,
} from './textForm';
import nl from '../../i18n/locales/nl.json';
import en from '../../i18n/locales/en.json';
import de from '../../i18n/locales/de.json';
import fr from '../../i18n/locales/fr.json';
import it_ from '../../i18n/locales/it.json';
import es from '../../i18n/locales/es.json';

type Tree = { [key: string]: string | Tree };
function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

describe('text form messages', () => {
  it('are the spec texts in Dutch and present in all six locales', () => {
    expect(lookup(nl, REQUIRED_KEY)).toBe('Dit is een verplicht veld.');
    expect(lookup(nl, MIN_LENGTH_KEY)).toBe('Dit veld moet minimaal {{count}} tekens langs zijn');
    expect(lookup(nl, MAX_LENGTH_KEY)).toBe('Dit veld max maximaal {{count}} tekens langs zijn');
    expect(lookup(nl, UNIQUE_DESCRIPTION_KEY)).toBe('De omschrijving moet uniek zijn.');
    expect(lookup(nl, UNIQUE_TITLE_KEY)).toBe('De titel moet uniek zijn.');
    for (const locale of [en, de, fr, it_, es] as Tree[]) {
      for (const key of [MIN_LENGTH_KEY, MAX_LENGTH_KEY])
        expect(lookup(locale, key)).toContain('{{count}}');
      for (const key of [REQUIRED_KEY, UNIQUE_DESCRIPTION_KEY, UNIQUE_TITLE_KEY]) {
        expect(lookup(locale, key)).toBeTruthy();
        expect(lookup(locale, key)).not.toBe(lookup(nl, key));
      }
    }
  });

  it('length: required when empty, then the minimum, then the maximum, judged trimmed', () => {
    const rule = { required: true, min: 2, max: 20 };
    expect(lookup(nl, lengthMessage('  ', rule)!.key)).toBe('Dit is een verplicht veld.');
    expect(lengthMessage(' a ', rule)).toEqual({ key: MIN_LENGTH_KEY, values: { count: 2 } });
    expect(lengthMessage('ab', rule)).toBeNull();
    expect(lengthMessage('x'.repeat(21), rule)).toEqual({
      key: MAX_LENGTH_KEY,
      values: { count: 20 },
    });
    expect(lengthMessage('', { max: 3 })).toBeNull();
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (value) => {
        const count = characterCount(value.trim());
        const message = lengthMessage(value, rule);
        expect(message === null).toBe(count >= 2 && count <= 20);
      }),
    );
  });

  it('title and subtitle must differ; the field edited last says so', () => {
    expect(uniquenessMessage('Zomer 2025', 'zomer  2025 ', 'subtitle')).toEqual({
      field: 'subtitle',
      message: { key: UNIQUE_DESCRIPTION_KEY },
    });
    expect(uniquenessMessage('Zomer', 'Zomer', 'title')).toEqual({
      field: 'title',
      message: { key: UNIQUE_TITLE_KEY },
    });
    expect(uniquenessMessage('Zomer', 'Zomer in Italië', 'subtitle')).toBeNull();
    expect(uniquenessMessage('', '', 'title')).toBeNull();
    expect(uniquenessMessage('  ', ' ', 'title')).toBeNull();
  });
});
