import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';

import {
  chooseLocale,
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  type LocaleSettings,
} from './localePaths';

export { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './localePaths';

type Translation = Record<string, unknown>;

/**
 * Each locale's texts are a chunk of their own, fetched when that locale is chosen: a customer
 * downloads one language, not six (issue 13: the chooser's script on a phone).
 */
const TRANSLATIONS: Record<Locale, () => Promise<{ default: Translation }>> = {
  nl: () => import('./locales/nl.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  fr: () => import('./locales/fr.json'),
  it: () => import('./locales/it.json'),
  es: () => import('./locales/es.json'),
};

/**
 * Dutch is canonical and the default (the spec's default locale). A shop deploys per locale with
 * VITE_LOCALE; ?lang= asks for one explicitly (tests, the shop's language links); outside production
 * the spec forces Dutch (VITE_FORCE_DUTCH=false lifts it, to work on the other locales).
 * A missing key falls back to the key itself, as the spec wants.
 */
export async function createI18n(
  requested: string | null,
  deployed: string | undefined,
  settings: LocaleSettings = { production: true, forceDutchOutsideProduction: false },
): Promise<i18n> {
  const lng = chooseLocale(requested, deployed, settings);
  const instance = i18next.createInstance();
  const translation = (await TRANSLATIONS[lng]()).default;
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { [lng]: { translation } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // The chooser's server rendering (src/ssr) builds one per locale and has no document.
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
  return instance;
}

export function currentLocale(instance: i18n): Locale {
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
