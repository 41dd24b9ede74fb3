import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../../src/i18n/localePaths';

/**
 * The editor's texts of a locale, each with where it lives, for the tests that hold a locale's texts
 * to one voice (src/i18n/voice.test.ts). The server's texts are in serverTexts.ts, apart, so that
 * the editor's test does not load the server.
 */
export interface LocaleText {
  /** File and key, to find the text again. */
  where: string;
  text: string;
}

/** Every string leaf of tree, named by its path. */
export function flatten(tree: unknown, where: string): LocaleText[] {
  if (typeof tree === 'string') return [{ where, text: tree }];
  if (typeof tree !== 'object' || tree === null) return [];
  return Object.entries(tree).flatMap(([key, value]) => flatten(value, `${where}.${key}`));
}

/** The editor's texts: src/i18n/locales/<locale>.json, every leaf. */
export function editorTexts(locale: Locale): LocaleText[] {
  const file = `src/i18n/locales/${locale}.json`;
  return flatten(JSON.parse(readFileSync(path.resolve(file), 'utf8')), file);
}
