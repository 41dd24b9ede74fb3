import type { FastifyRequest } from 'fastify';

export const LOCALES = ['nl', 'en', 'de', 'fr', 'it', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
/** Dutch is canonical: the spec's texts are Dutch, every other locale is a translation. */
export const DEFAULT_LOCALE: Locale = 'nl';

function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** `?lang=` as the client's route words set it, else the browser's Accept-Language, else Dutch. */
export function requestLocale(request: FastifyRequest): Locale {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = query?.lang;
  if (isLocale(asked)) return asked;
  const header = request.headers['accept-language'] ?? '';
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { language: tag.toLowerCase().split('-')[0], weight: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight);
  return ranked.map((entry) => entry.language).find(isLocale) ?? DEFAULT_LOCALE;
}
