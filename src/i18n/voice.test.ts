import { describe, expect, it } from 'vitest';
import { LOCALES } from './localePaths';
import { editorTexts } from '../../tests/support/i18n/localeTexts';
import { LOCALE_VOICE, addressMarks, wrongVoiceMarks } from '../../tests/support/i18n/voice';

/**
 * One voice per locale (issue 25, the address named in locales/README.md): no editor text of a
 * locale addresses the customer in the other form.
 */
describe('the editor texts keep one voice per locale', () => {
  it.each(LOCALES)('%s', (locale) => {
    const slips = editorTexts(locale)
      .map(({ where, text }) => ({ where, text, marks: wrongVoiceMarks(locale, text) }))
      .filter(({ marks }) => marks.length > 0);
    expect(slips).toEqual([]);
  });

  // The markers of the chosen form find something: a list that matched nothing could not tell
  // that it also misses the other form.
  it.each(LOCALES.filter((locale) => LOCALE_VOICE[locale] !== null))(
    '%s addresses the customer in its own form',
    (locale) => {
      const voice = LOCALE_VOICE[locale]!;
      const addressed = editorTexts(locale).filter(
        ({ text }) => addressMarks(locale, voice, text).length > 0,
      );
      expect(addressed.length).toBeGreaterThan(50);
    },
  );
});
