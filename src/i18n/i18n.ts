import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import nl from './locales/nl.json';
import en from './locales/en.json';
import de from './locales/de.json';
import fr from './locales/fr.json';
import it from './locales/it.json';
import es from './locales/es.json';

import { chooseLocale, DEFAULT_LOCALE, isLocale, type Locale, type LocaleSettings } from './localePaths';

export { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from './localePaths';

/**
 * Dutch is canonical and the default (the spec's default locale). A shop deploys per locale with
 * VITE_LOCALE; ?lang= asks for one explicitly (tests, the shop's language links); outside production
 * the spec forces Dutch (VITE_FORCE_DUTCH=false lifts it, to work on the other locales).
 * A missing key falls back to the key itself, as the spec wants.
 */
export async function createI18n(requested: string | null, deployed: string | undefined, settings: LocaleSettings = { production: true, forceDutchOutsideProduction: false }): Promise<i18n> {
  const lng = chooseLocale(requested, deployed, settings);
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng,
    fallbackLng: false,
    resources: { nl: { translation: nl }, en: { translation: en }, de: { translation: de }, fr: { translation: fr }, it: { translation: it }, es: { translation: es } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  document.documentElement.lang = lng;
  return instance;
}

export function currentLocale(instance: i18n): Locale {
  return isLocale(instance.language) ? instance.language : DEFAULT_LOCALE;
}
