import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LOCALES } from './i18n';
import { localeOfPath, paths, screenOfPath } from './routeWords';

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
      fc.property(fc.constantFrom(...LOCALES), fc.stringMatching(/^[0-9]{1,12}$/), fc.boolean(), (locale, id, generated) => {
        expect(screenOfPath(paths.choice(locale))).toBe('choice');
        expect(screenOfPath(paths.design(locale, id, generated))).toBe(generated ? 'basic' : 'design');
        expect(screenOfPath(paths.editor(locale, id))).toBe('editor');
        expect(screenOfPath(paths.error(locale, 'x').split('?')[0]!)).toBe('error');
        expect(localeOfPath(paths.choice(locale))).toBe(locale);
        // A shop deployed in a locale reads every one of its own addresses in that locale.
        for (const path of [paths.design(locale, id, generated), paths.editor(locale, id), paths.error(locale, 'x').split('?')[0]!]) expect(localeOfPath(path, locale)).toBe(locale);
      }),
    );
  });
});
