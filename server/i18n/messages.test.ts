import { describe, expect, it } from 'vitest';
import { LOCALES, messages, requestLocale, t } from './messages.js';

describe('server messages', () => {
  it('has every text in all six locales, translated rather than copied from Dutch', () => {
    for (const [key, texts] of Object.entries(messages)) {
      for (const locale of LOCALES) expect(texts[locale].trim(), `${key}.${locale}`).not.toBe('');
      for (const locale of LOCALES.filter((l) => l !== 'nl'))
        expect(texts[locale], `${key}.${locale}`).not.toBe(texts.nl);
    }
  });

  it('falls back to Dutch for an unknown or missing locale', () => {
    expect(t('signIn.usernameRequired')).toBe('Gebruikersnaam is verplicht.');
    expect(t('signIn.usernameRequired', 'xx')).toBe('Gebruikersnaam is verplicht.');
    expect(t('signIn.usernameRequired', 'fr')).toBe("Le nom d'utilisateur est obligatoire.");
  });

  it('reads lang from the query first, then the body, and ignores anything but the six locales', () => {
    expect(requestLocale({ query: { lang: 'de' }, body: { lang: 'es' }, headers: {} })).toBe('de');
    expect(requestLocale({ query: {}, body: { lang: 'es' }, headers: {} })).toBe('es');
    expect(requestLocale({ query: { lang: 'EN' }, body: undefined, headers: {} })).toBe('nl');
    expect(requestLocale({ query: undefined, body: 'lang=en', headers: {} })).toBe('nl');
  });
});
