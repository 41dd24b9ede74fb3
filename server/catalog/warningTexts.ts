import type { GeneratorWarning } from '../../src/model/generators/types.js';
import nl from '../../src/i18n/locales/nl.json';
import en from '../../src/i18n/locales/en.json';
import de from '../../src/i18n/locales/de.json';
import fr from '../../src/i18n/locales/fr.json';
import it from '../../src/i18n/locales/it.json';
import es from '../../src/i18n/locales/es.json';

/**
 * The server's dictionary of size warnings per locale. The texts are the client's own (the editor
 * shows the same warning before it asks the server), so the two can never drift apart.
 */

export const SERVER_LOCALES = ['nl', 'en', 'de', 'fr', 'it', 'es'] as const;
export type ServerLocale = (typeof SERVER_LOCALES)[number];

type Tree = { [key: string]: string | Tree };
const dictionaries: Record<ServerLocale, Tree> = { nl, en, de, fr, it, es };

function isServerLocale(value: string): value is ServerLocale {
  return (SERVER_LOCALES as readonly string[]).includes(value);
}

/** The locale asked for explicitly (a form field), else the first supported one of Accept-Language, else Dutch. */
export function pickLocale(explicit: string | undefined, acceptLanguage: string | undefined): ServerLocale {
  const wanted = explicit?.trim().toLowerCase().slice(0, 2);
  if (wanted && isServerLocale(wanted)) return wanted;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
      return { language: tag.trim().toLowerCase().slice(0, 2), quality: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality);
  const supported = ranked.map((entry) => entry.language).find(isServerLocale);
  return supported ?? 'nl';
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The warning in the locale with its {{values}} filled in; a missing text falls back to Dutch, then to the key. */
export function warningText(warning: GeneratorWarning, locale: ServerLocale): string {
  const template = lookup(dictionaries[locale], warning.key) ?? lookup(dictionaries.nl, warning.key) ?? warning.key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = warning.values?.[name];
    return value === undefined ? whole : String(value);
  });
}
