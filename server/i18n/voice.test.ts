import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from './messages.js';
import type { LocaleText } from '../../tests/support/i18n/localeTexts';
import { SERVER_TEXT_FILES, serverTexts, termsTexts } from '../../tests/support/i18n/serverTexts';
import { LOCALE_VOICE, addressMarks, wrongVoiceMarks } from '../../tests/support/i18n/voice';

/**
 * One voice per locale (issue 25, the address named in src/i18n/locales/README.md) on the server's
 * side: its messages, the shop pages, the reset mail and the terms address the customer as the
 * editor does.
 */
function slips(locale: (typeof LOCALES)[number], texts: LocaleText[]) {
  return texts
    .map(({ where, text }) => ({ where, text, marks: wrongVoiceMarks(locale, text) }))
    .filter(({ marks }) => marks.length > 0);
}

describe('the server texts keep one voice per locale', () => {
  it.each(LOCALES)('%s: messages, shop pages and mail', (locale) => {
    expect(slips(locale, serverTexts(locale))).toEqual([]);
  });

  it.each(LOCALES)('%s: the terms', (locale) => {
    expect(slips(locale, termsTexts(locale))).toEqual([]);
  });

  it.each(LOCALES.filter((locale) => LOCALE_VOICE[locale] !== null))(
    '%s: the texts read are the locale own, and address the customer',
    (locale) => {
      const voice = LOCALE_VOICE[locale]!;
      const texts = [...serverTexts(locale), ...termsTexts(locale)];
      expect(texts.length).toBeGreaterThan(100);
      expect(
        texts.filter(({ text }) => addressMarks(locale, voice, text).length > 0).length,
      ).toBeGreaterThan(30);
    },
  );

  // A table of texts per locale that serverTexts does not read would escape the voice check.
  it('reads every server file that holds texts per locale', () => {
    const files = (folder: string): string[] =>
      readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(path.join(folder, entry.name))
          : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
            ? [path.join(folder, entry.name)]
            : [],
      );
    // A French text in a table: `fr: '...'` or `fr: {` or `const fr` with words, not a tag like 'fr-FR'.
    const holdsFrench = (source: string) =>
      /\bfr: (?:\{|['"`](?!fr-)[^'"`]*\s)|\bconst fr\b/.test(source);
    const withTexts = files('server')
      .filter((file) => holdsFrench(readFileSync(file, 'utf8')))
      .map((file) => file.split(path.sep).join('/'))
      .sort();
    expect(withTexts).toEqual([...SERVER_TEXT_FILES].sort());
  });
});
