import type { TestClient } from './helper.js';

/** The cart's facts, term by term, whitespace collapsed as the browser shows it (prices' no-break spaces as spaces). */
export function cartFacts(html: string): Record<string, string> {
  const facts: Record<string, string> = {};
  for (const [, term = '', value = ''] of html.matchAll(
    /<dt>([^<]*)<\/dt>\s*<dd[^>]*>([^]*?)<\/dd>/g,
  ))
    facts[term.trim()] = value.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  return facts;
}

/** The cart page of a collage, read as its facts. */
export async function cartOf(
  client: TestClient,
  collageId: number,
  lang = 'nl',
): Promise<Record<string, string>> {
  const response = await client.request(`/cart/fromApp?collageid=${collageId}&lang=${lang}`);
  return cartFacts(await response.text());
}
