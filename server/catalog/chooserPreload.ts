import { firstCardThumbs } from '../../src/model/catalog/chooserCards.js';
import { CHOICE_WORDS, screenOfPath } from '../../src/i18n/routeWords.js';
import type { Template } from '../../src/model/catalog/types.js';

/** A path of this server that can stand in a Link header as it is. */
const PLAIN_PATH = /^\/[A-Za-z0-9._~/-]+$/;

/**
 * The chooser's filter for a page's path: the filter segment of a chooser path, '' for the paths
 * the app sends to the chooser (the empty path, an unknown one), null for another screen's path.
 */
export function chooserFilterOfPath(pathname: string): string | null {
  if (screenOfPath(pathname) !== 'choice') return null;
  const [first = '', second = ''] = pathname.split('/').filter(Boolean);
  if (!Object.values(CHOICE_WORDS).includes(first)) return '';
  try {
    return decodeURIComponent(second);
  } catch {
    return '';
  }
}

/**
 * The Link header that preloads the first cards' thumbnails of the chooser a page shows, or null
 * (another screen, no cards). The thumbnails are the chooser's largest paint on a phone; named in
 * the page's answer, they load while its script does (issue 13). Catalog URLs that are not plain
 * paths of this server (full URLs, odd characters) are left to the page.
 */
export function chooserPreloadHeader(pathname: string, templates: readonly Template[]): string | null {
  const filter = chooserFilterOfPath(pathname);
  if (filter === null) return null;
  const links = firstCardThumbs(templates, filter)
    .filter((url) => PLAIN_PATH.test(url))
    .map((url) => `<${url}>; rel=preload; as=image`);
  return links.length ? links.join(', ') : null;
}
