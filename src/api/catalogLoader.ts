import { localizeTemplate } from '../model/catalog/catalogTexts';
import { parseThemes } from '../model/catalog/themes';
import type { Template } from '../model/catalog/types';

/**
 * The themes list with only this locale's translations (the server leaves out the other five);
 * index.html preloads the deployed locale's (vite.config.ts).
 */
export function themesUrl(locale: string): string {
  return `/catalog/themes.xml?lang=${encodeURIComponent(locale)}`;
}

/**
 * The themes list from the catalog in the page's locale (each template's texts and placeholders
 * in that locale, Dutch where it has none); broken templates are skipped (and logged), a broken
 * file fails.
 */
export async function loadTemplates(
  locale: string,
  fetchImpl: typeof fetch = fetch,
  url = themesUrl(locale),
): Promise<Template[]> {
  const response = await fetchImpl(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const result = parseThemes(await response.text());
  if (!result.ok) throw new Error(`${result.error}: ${result.detail}`);
  for (const problem of result.problems) console.warn('[catalog]', problem);
  return result.templates.map((template) => localizeTemplate(template, locale));
}
