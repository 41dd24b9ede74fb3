import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOCALES } from './i18n';
import { localeOfPath, paths, rememberedLocale, requestedLocale, screenOfPath } from './routeWords';

describe('route words', () => {
  it.each([
    ['/keuze', 'choice'],
    ['/selection/modern', 'choice'],
    ['/wahlen', 'choice'],
    ['/choix', 'choice'],
    ['/scelta', 'choice'],
    ['/eleccion/designer:all', 'choice'],
    ['/collage/basic/12', 'basic'],
    ['/collage/basic/12/next', 'basic'],
    ['/collage/base/12', 'basic'],
    ['/collage/basico/12', 'basic'],
    ['/ontwerp/basic/12', 'basic'],
    ['/collage/design/7', 'design'],
    ['/collage/diseno/7', 'design'],
    ['/ontwerp/design/7', 'design'],
    ['/edit', 'editor'],
    ['/editer/55', 'editor'],
    ['/modifica', 'editor'],
    ['/editar/9', 'editor'],
    ['/fout', 'error'],
    ['/error', 'error'],
    ['/fehler', 'error'],
    ['/erreur', 'error'],
    ['/errore', 'error'],
    ['/', 'choice'],
    ['/ontwerp', 'choice'],
    ['/iets/anders', 'choice'],
  ])('%s leads to %s', (path, screen) => {
    expect(screenOfPath(path)).toBe(screen);
  });

  it('tells the locale from words unique to one locale', () => {
    expect(localeOfPath('/keuze')).toBe('nl');
    expect(localeOfPath('/wahlen')).toBe('de');
    expect(localeOfPath('/collage/diseno/3')).toBe('es');
  });

  it("gives a word several locales share to the shop's own locale when it is one of them, else to the first", () => {
    expect(localeOfPath('/edit')).toBe('nl');
    expect(localeOfPath('/edit', 'de')).toBe('de');
    expect(localeOfPath('/edit', 'fr')).toBe('nl');
    expect(localeOfPath('/error')).toBe('en');
    expect(localeOfPath('/error', 'es')).toBe('es');
    expect(localeOfPath('/collage/design/3')).toBe('en');
    expect(localeOfPath('/collage/design/3', 'it')).toBe('it');
    expect(localeOfPath('/somewhere')).toBeNull();
  });

  it('every built path leads back to its screen and locale-specific words to their locale', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.stringMatching(/^[0-9]{1,12}$/),
        fc.boolean(),
        (locale, id, generated) => {
          expect(screenOfPath(paths.choice(locale))).toBe('choice');
          expect(screenOfPath(paths.design(locale, id, generated))).toBe(
            generated ? 'basic' : 'design',
          );
          expect(screenOfPath(paths.editor(locale, id))).toBe('editor');
          expect(screenOfPath(paths.error(locale, 'x').split('?')[0]!)).toBe('error');
          expect(localeOfPath(paths.choice(locale))).toBe(locale);
          // A shop deployed in a locale reads every one of its own addresses in that locale.
          for (const path of [
            paths.design(locale, id, generated),
            paths.editor(locale, id),
            paths.error(locale, 'x').split('?')[0]!,
          ])
            expect(localeOfPath(path, locale)).toBe(locale);
        },
      ),
    );
  });

  it("keeps the remembered language on every path built for it, whatever the shop's locale (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.constantFrom(...LOCALES),
        fc.stringMatching(/^[0-9]{1,12}$/),
        fc.boolean(),
        (locale, deployed, id, generated) => {
          for (const pathname of [
            paths.choice(locale),
            paths.design(locale, id, generated),
            paths.editor(locale, id),
            paths.editor(locale),
            paths.error(locale, 'x').split('?')[0]!,
          ]) {
            expect(requestedLocale({ pathname, lang: null, remembered: locale, deployed })).toBe(
              locale,
            );
          }
        },
      ),
    );
  });

  it("?lang= wins; a word of one locale wins over the remembered one; without a route word the remembered one, else the shop's", () => {
    expect(
      requestedLocale({
        pathname: '/collage/basic/1',
        lang: 'fr',
        remembered: 'de',
        deployed: 'nl',
      }),
    ).toBe('fr');
    expect(
      requestedLocale({ pathname: '/keuze', lang: null, remembered: 'de', deployed: 'nl' }),
    ).toBe('nl');
    expect(
      requestedLocale({
        pathname: '/collage/basic/1',
        lang: null,
        remembered: 'de',
        deployed: 'nl',
      }),
    ).toBe('de');
    expect(
      requestedLocale({
        pathname: '/collage/basic/1',
        lang: null,
        remembered: 'fr',
        deployed: 'nl',
      }),
    ).toBe('en');
    expect(
      requestedLocale({
        pathname: '/collage/base/1',
        lang: null,
        remembered: 'it',
        deployed: 'nl',
      }),
    ).toBe('it');
    expect(
      requestedLocale({ pathname: '/error', lang: null, remembered: 'es', deployed: 'nl' }),
    ).toBe('es');
    expect(requestedLocale({ pathname: '/', lang: 'xx', remembered: 'es', deployed: 'nl' })).toBe(
      'es',
    );
    expect(requestedLocale({ pathname: '/', lang: null, remembered: null, deployed: 'de' })).toBe(
      'de',
    );
  });

  it('reads the remembered language from the cookies', () => {
    expect(rememberedLocale('a=1; fc_lang=de; b=2')).toBe('de');
    expect(rememberedLocale('fc_lang=xx')).toBeNull();
    expect(rememberedLocale('')).toBeNull();
  });
});
