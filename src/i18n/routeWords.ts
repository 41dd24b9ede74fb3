import {
  BASIC_WORDS,
  CHOICE_WORDS,
  DEFAULT_LOCALE,
  DESIGN_WORDS,
  EDIT_WORDS,
  ERROR_WORDS,
  isLocale,
  SHOP_BACK_PATHS,
  type Locale,
} from './localePaths';

export {
  BASIC_WORDS,
  CHOICE_WORDS,
  DESIGN_WORDS,
  DONE_WITH_APP_PATHS,
  EDIT_WORDS,
  ERROR_WORDS,
  OVERVIEW_PATHS,
  SHOP_BACK_PATHS,
  TERMS_PATHS,
} from './localePaths';

const unique = (words: Record<Locale, string>) => [...new Set(Object.values(words))];

/** Path patterns per screen, for the router (every locale's word). */
export const ROUTE_PATTERNS = {
  choice: unique(CHOICE_WORDS).map((word) => `/${word}/:filter?`),
  basic: [...unique(BASIC_WORDS).map((word) => `/${word}/:id`), '/collage/basic/:id/:style'],
  design: unique(DESIGN_WORDS).map((word) => `/${word}/:id`),
  editor: unique(EDIT_WORDS).map((word) => `/${word}/:savedCollageId?`),
  error: unique(ERROR_WORDS).map((word) => `/${word}`),
};

export type Screen = keyof typeof ROUTE_PATTERNS;

/** The screen a path leads to; unknown and empty paths lead to the choice screen. */
export function screenOfPath(pathname: string): Screen {
  const words = pathname.split('/').filter(Boolean);
  const [first = '', second = ''] = words;
  if (Object.values(CHOICE_WORDS).includes(first)) return 'choice';
  if (Object.values(EDIT_WORDS).includes(first)) return 'editor';
  if (Object.values(ERROR_WORDS).includes(first)) return 'error';
  const pair = `${first}/${second}`;
  if (words.length >= 3 && Object.values(BASIC_WORDS).includes(pair)) return 'basic';
  if (words.length >= 3 && Object.values(DESIGN_WORDS).includes(pair)) return 'design';
  return 'choice';
}

/** A path that names no screen (the empty path, an unknown one): the app redirects it to the choice screen. */
export function redirectsToChoice(pathname: string): boolean {
  const first = pathname.split('/').filter(Boolean)[0] ?? '';
  return screenOfPath(pathname) === 'choice' && !Object.values(CHOICE_WORDS).includes(first);
}

/** The saved collage id of an editor path (edit/{savedcollageid}); undefined on other paths and on a plain edit path. */
export function savedIdOfPath(pathname: string): string | undefined {
  if (screenOfPath(pathname) !== 'editor') return undefined;
  const id = pathname.split('/').filter(Boolean)[1];
  if (!id) return undefined;
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}

/**
 * The locale a route word tells (keuze → nl); null for a path without one. A word several locales
 * share ('edit', 'error', 'collage/basic') goes to the first of `preferred` among them (the
 * customer's remembered language, then the shop's own), else to the first that has it.
 */
export function localeOfPath(
  pathname: string,
  preferred: Locale | readonly (Locale | null)[] = DEFAULT_LOCALE,
): Locale | null {
  const preferences = typeof preferred === 'string' ? [preferred] : preferred;
  const words = pathname.split('/').filter(Boolean);
  const tables = [CHOICE_WORDS, EDIT_WORDS, ERROR_WORDS, BASIC_WORDS, DESIGN_WORDS];
  const candidates = [words[0] ?? '', `${words[0] ?? ''}/${words[1] ?? ''}`];
  for (const table of tables) {
    for (const candidate of candidates) {
      const locales = (Object.keys(table) as Locale[]).filter(
        (locale) => table[locale] === candidate,
      );
      if (locales.length > 0)
        return (
          preferences.find((locale) => locale !== null && locales.includes(locale)) ?? locales[0]!
        );
    }
  }
  return null;
}

/** The cookie that remembers the customer's language, for route words several locales share. */
export const LANG_COOKIE = 'fc_lang';

/**
 * The cookie remembering `locale` for a year (document.cookie, or a Set-Cookie header: the drawn
 * chooser's answer sets it too): a reload or a saved link whose route word several locales share keeps it.
 */
export const languageCookie = (locale: Locale) =>
  `${LANG_COOKIE}=${locale}; path=/; max-age=31536000; SameSite=Lax`;

/** The remembered language in a Cookie header (document.cookie); null when there is none or it is no locale. */
export function rememberedLocale(cookies: string): Locale | null {
  const value = cookies
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANG_COOKIE)?.[1];
  return isLocale(value) ? value : null;
}

/**
 * The locale a page asks for: ?lang= when given; else the route word's, where a word several
 * locales share keeps the remembered language (a German customer reloading /collage/basic/… stays
 * German); else the remembered language, else the shop's.
 */
export function requestedLocale(page: {
  pathname: string;
  lang: string | null;
  remembered: Locale | null;
  deployed: Locale;
}): Locale {
  if (isLocale(page.lang)) return page.lang;
  return (
    localeOfPath(page.pathname, [page.remembered, page.deployed]) ??
    page.remembered ??
    page.deployed
  );
}

export const paths = {
  choice: (locale: Locale, filter?: string) =>
    `/${CHOICE_WORDS[locale]}${filter ? `/${encodeURIComponent(filter)}` : ''}`,
  design: (locale: Locale, templateId: string, generated: boolean) =>
    `/${(generated ? BASIC_WORDS : DESIGN_WORDS)[locale]}/${encodeURIComponent(templateId)}`,
  editor: (locale: Locale, savedCollageId?: string) =>
    `/${EDIT_WORDS[locale]}${savedCollageId ? `/${encodeURIComponent(savedCollageId)}` : ''}`,
  error: (locale: Locale, message: string) =>
    `/${ERROR_WORDS[locale]}?error=${encodeURIComponent(message)}`,
};

/** The current locale's paths as the stores ask for them (NavigationServices.paths): page and server alike. */
export function localePaths(locale: Locale) {
  return {
    choice: (filter?: string) => paths.choice(locale, filter),
    design: (id: string, generated: boolean) => paths.design(locale, id, generated),
    error: (message: string) => paths.error(locale, message),
    shopBack: () => SHOP_BACK_PATHS[locale],
  };
}

/** The shop's cart for a saved collage; the shop pages pick their locale from lang (nl needs none). */
export function cartPath(locale: Locale, collageId: string): string {
  return `/cart/fromApp?collageid=${encodeURIComponent(collageId)}${locale === 'nl' ? '' : `&lang=${locale}`}`;
}
