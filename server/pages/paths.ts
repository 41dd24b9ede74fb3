import {
  CHOICE_WORDS,
  EDIT_WORDS,
  isLocale,
  LOCALES,
  type Locale,
} from '../../src/i18n/localePaths.js';

/** The shop-side addresses and the app's route words per locale (spec §2), shared with the editor. */
export {
  DONE_WITH_APP_PATHS as DONE_PATHS,
  OVERVIEW_PATHS,
  SHOP_BACK_PATHS as SHOP_HOME_PATHS,
} from '../../src/i18n/localePaths.js';

/** The app picks its locale from ?lang= (nl is its default, so nl needs none). */
function withLang(path: string, locale: Locale): string {
  return locale === 'nl' ? path : `${path}?lang=${locale}`;
}

export function appChoiceUrl(locale: Locale): string {
  return withLang(`/${CHOICE_WORDS[locale]}`, locale);
}

/**
 * Always with ?lang=, Dutch too: 'edit' is the route word of nl, en and de alike, so without it the
 * editor would open in the language the customer's browser remembers from an earlier visit (a
 * Dutch overview link opened the editor in German after a visit to /wahlen).
 */
export function editCollageUrl(locale: Locale, collageId: number): string {
  return `/${EDIT_WORDS[locale]}/${collageId}?lang=${locale}`;
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
