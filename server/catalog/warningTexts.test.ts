import { describe, expect, it } from 'vitest';
import { warningText } from './warningTexts.js';
import { acceptedLocale, requestLocale } from '../i18n/locale.js';

describe('server warning texts', () => {
  it('picks the explicit locale, then the best Accept-Language one, then Dutch', () => {
    const request = (lang: unknown, header?: string) => ({
      query: {},
      body: { lang },
      headers: { 'accept-language': header },
    });
    expect(requestLocale(request('fr', 'de'))).toBe('fr');
    expect(requestLocale(request('xx', 'en;q=0.3, it;q=0.9, de;q=0'))).toBe('it');
    expect(acceptedLocale('es-ES,es;q=0.9')).toBe('es');
    expect(requestLocale(request(undefined, 'de;q=0, pt'))).toBe('nl');
    expect(requestLocale(request(undefined))).toBe('nl');
  });

  it('fills in the values and falls back to the key for an unknown text', () => {
    expect(warningText({ key: 'sizes.warning.square', values: { min: 30, max: 100 } }, 'it')).toBe(
      'Il formato deve essere almeno 30 x 30 cm, rientrare in 100 x 100 cm ed essere quadrato.',
    );
    expect(warningText({ key: 'sizes.warning.square' }, 'nl')).toContain('{{min}}');
    expect(warningText({ key: 'sizes.warning.nothing' }, 'en')).toBe('sizes.warning.nothing');
    expect(warningText({ key: 'sizes' }, 'en')).toBe('sizes');
  });
});
