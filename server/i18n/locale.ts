import type { FastifyRequest } from 'fastify';

import { DEFAULT_LOCALE, isLocale, type Locale } from '../../src/i18n/localePaths.js';

export { DEFAULT_LOCALE, LOCALES, isLocale, type Locale } from '../../src/i18n/localePaths.js';

/** The first supported language of an Accept-Language header, by weight; null when none. */
export function acceptedLocale(header: string | undefined): Locale | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return {
        language: tag.trim().toLowerCase().split('-')[0],
        weight: q ? Number(q.slice(2)) || 0 : 1,
      };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return ranked.map((entry) => entry.language).find(isLocale) ?? null;
}

/**
 * The locale a request asks for: `lang` in the query (the client's route words set it), else
 * `lang` in the parsed body, else the browser's Accept-Language, else Dutch.
 */
export function requestLocale(request: Pick<FastifyRequest, 'query' | 'body' | 'headers'>): Locale {
  for (const source of [request.query, request.body]) {
    if (source && typeof source === 'object' && 'lang' in source) {
      const lang = (source as { lang?: unknown }).lang;
      if (isLocale(lang)) return lang;
    }
  }
  return acceptedLocale(request.headers['accept-language']) ?? DEFAULT_LOCALE;
}
