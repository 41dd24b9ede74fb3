import { describe, expect, it } from 'vitest';
import { requestedLocale } from '../../src/i18n/routeWords.js';
import { editCollageUrl } from './paths.js';
import { LOCALES } from './texts.js';

describe('shop page links into the editor', () => {
  it('an overview link opens the editor in the overview’s language, whatever the browser remembers', () => {
    for (const locale of LOCALES) {
      const url = new URL(editCollageUrl(locale, 4), 'https://shop.example');
      for (const remembered of LOCALES) {
        const chosen = requestedLocale({
          pathname: url.pathname,
          lang: url.searchParams.get('lang'),
          remembered,
          deployed: 'nl',
        });
        expect(chosen).toBe(locale);
      }
    }
    expect(editCollageUrl('nl', 4)).toBe('/edit/4?lang=nl');
  });
});
