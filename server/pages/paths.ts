import { isLocale, LOCALES, type Locale } from './texts.js';

/** The shop-side addresses per locale (spec §2), and the app's own route words the pages link to. */
export const OVERVIEW_PATHS: Record<Locale, string> = {
  nl: '/overzicht',
  en: '/overview',
  de: '/ueberblick',
  fr: '/apercu',
  it: '/panoramica',
  es: '/resumen',
};

export const DONE_PATHS: Record<Locale, string> = {
  nl: '/klaarmetapp',
  en: '/done_with_app',
  de: '/mit_app_erstellt',
  fr: '/fini-avec-lapplication',
  it: '/finito_con_app',
  es: '/finalizado_app',
};

/**
 * The shop's home page per locale: the editor's back address. '/' itself belongs to the app (the spec
 * sends the empty path to the choice screen), so the shop home has its own word per locale.
 */
export const SHOP_HOME_PATHS: Record<Locale, string> = {
  nl: '/winkel',
  en: '/shop',
  de: '/geschaeft',
  fr: '/boutique',
  it: '/negozio',
  es: '/tienda',
};

/** The app's route words (spec §2): choice screen and editor. nl, en and de share 'edit'. */
const CHOICE_WORDS: Record<Locale, string> = { nl: 'keuze', en: 'selection', de: 'wahlen', fr: 'choix', it: 'scelta', es: 'eleccion' };
const EDIT_WORDS: Record<Locale, string> = { nl: 'edit', en: 'edit', de: 'edit', fr: 'editer', it: 'modifica', es: 'editar' };

/** The app picks its locale from ?lang= (nl is its default, so nl needs none). */
function withLang(path: string, locale: Locale): string {
  return locale === 'nl' ? path : `${path}?lang=${locale}`;
}

export function appChoiceUrl(locale: Locale): string {
  return withLang(`/${CHOICE_WORDS[locale]}`, locale);
}

export function editCollageUrl(locale: Locale, collageId: number): string {
  return withLang(`/${EDIT_WORDS[locale]}/${collageId}`, locale);
}

export function cartUrl(locale: Locale, collageId: number): string {
  return `/cart/fromApp?collageid=${collageId}${locale === 'nl' ? '' : `&lang=${locale}`}`;
}

/** ?lang= wins; then the locale the path word belongs to; Dutch otherwise. */
export function chooseLocale(pathLocale: Locale | null, lang: unknown): Locale {
  if (isLocale(lang)) return lang;
  return pathLocale ?? 'nl';
}

export function pathsByLocale(paths: Record<Locale, string>): [Locale, string][] {
  return LOCALES.map((locale) => [locale, paths[locale]]);
}
