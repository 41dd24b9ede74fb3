/**
 * The six locales and every per-locale word and address of the spec, in one place for the editor
 * (routes, links) and the server (shop pages). Pure: no imports, so page, worker and Node share it.
 */
export const LOCALES = ['nl', 'en', 'de', 'fr', 'it', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
/** Dutch is canonical and the spec's default locale. */
export const DEFAULT_LOCALE: Locale = 'nl';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export interface LocaleSettings {
  /** A production build (Vite's PROD). */
  production: boolean;
  /** The spec's setting: outside production the editor runs in Dutch whatever is asked (on by default). */
  forceDutchOutsideProduction: boolean;
}

/**
 * The page's locale: Dutch outside production while the setting forces it (the spec's "non-production
 * forces Dutch"); else the one asked for (?lang= or the route word), else the shop's deployed
 * locale, else Dutch.
 */
export function chooseLocale(
  requested: string | null,
  deployed: string | undefined,
  settings: LocaleSettings,
): Locale {
  if (!settings.production && settings.forceDutchOutsideProduction) return DEFAULT_LOCALE;
  return isLocale(requested) ? requested : isLocale(deployed) ? deployed : DEFAULT_LOCALE;
}

export const CHOICE_WORDS: Record<Locale, string> = {
  nl: 'keuze',
  en: 'selection',
  de: 'wahlen',
  fr: 'choix',
  it: 'scelta',
  es: 'eleccion',
};
export const EDIT_WORDS: Record<Locale, string> = {
  nl: 'edit',
  en: 'edit',
  de: 'edit',
  fr: 'editer',
  it: 'modifica',
  es: 'editar',
};
export const ERROR_WORDS: Record<Locale, string> = {
  nl: 'fout',
  en: 'error',
  de: 'fehler',
  fr: 'erreur',
  it: 'errore',
  es: 'error',
};
/** Design screen of generated (basic) designs. */
export const BASIC_WORDS: Record<Locale, string> = {
  nl: 'ontwerp/basic',
  en: 'collage/basic',
  de: 'collage/basic',
  fr: 'collage/base',
  it: 'collage/base',
  es: 'collage/basico',
};
/** Design screen of static (designer) designs. */
export const DESIGN_WORDS: Record<Locale, string> = {
  nl: 'ontwerp/design',
  en: 'collage/design',
  de: 'collage/design',
  fr: 'collage/design',
  it: 'collage/design',
  es: 'collage/diseno',
};
export const OVERVIEW_PATHS: Record<Locale, string> = {
  nl: '/overzicht',
  en: '/overview',
  de: '/ueberblick',
  fr: '/apercu',
  it: '/panoramica',
  es: '/resumen',
};
export const DONE_WITH_APP_PATHS: Record<Locale, string> = {
  nl: '/klaarmetapp',
  en: '/done_with_app',
  de: '/mit_app_erstellt',
  fr: '/fini-avec-lapplication',
  it: '/finito_con_app',
  es: '/finalizado_app',
};
/**
 * The shop's home page per locale: the editor's back address. '/' belongs to the app (the spec
 * sends the empty path to the choice screen), so the shop home has its own word per locale.
 */
export const SHOP_BACK_PATHS: Record<Locale, string> = {
  nl: '/winkel',
  en: '/shop',
  de: '/geschaeft',
  fr: '/boutique',
  it: '/negozio',
  es: '/tienda',
};

/** The shop's terms and conditions per locale, opened from the register form of the save dialog. */
export const TERMS_PATHS: Record<Locale, string> = {
  nl: '/voorwaarden',
  en: '/terms',
  de: '/agb',
  fr: '/conditions',
  it: '/condizioni',
  es: '/condiciones',
};

/**
 * The shop's forgotten-password pages (not in the spec: every customer with an account expects them).
 * FORGOT asks for the e-mail address; RESET is where the mailed link leads to set a new password.
 */
export const FORGOT_PASSWORD_PATHS: Record<Locale, string> = {
  nl: '/wachtwoord-vergeten',
  en: '/forgot-password',
  de: '/passwort-vergessen',
  fr: '/mot-de-passe-oublie',
  it: '/password-dimenticata',
  es: '/contrasena-olvidada',
};
export const RESET_PASSWORD_PATHS: Record<Locale, string> = {
  nl: '/nieuw-wachtwoord',
  en: '/new-password',
  de: '/neues-passwort',
  fr: '/nouveau-mot-de-passe',
  it: '/nuova-password',
  es: '/nueva-contrasena',
};
