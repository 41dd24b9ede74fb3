import type { GeneratorWarning } from '../../src/model/generators/types.js';
import type { Locale } from '../i18n/locale.js';
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

type Tree = { [key: string]: string | Tree };
const dictionaries: Record<Locale, Tree> = { nl, en, de, fr, it, es };

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

/** The warning in the locale with its {{values}} filled in; a missing text falls back to Dutch, then to the key. */
export function warningText(warning: GeneratorWarning, locale: Locale): string {
  const template =
    lookup(dictionaries[locale], warning.key) ??
    lookup(dictionaries.nl, warning.key) ??
    warning.key;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => {
    const value = warning.values?.[name];
    return value === undefined ? whole : String(value);
  });
}
