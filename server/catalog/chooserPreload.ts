import { firstCardThumbs } from '../../src/model/catalog/chooserCards.js';
import { redirectsToChoice, screenOfPath } from '../../src/i18n/routeWords.js';
import type { Template } from '../../src/model/catalog/types.js';

/** A path of this server that can stand in a Link header as it is. */
const PLAIN_PATH = /^\/[A-Za-z0-9._~/-]+$/;

/**
 * The chooser's filter for a page's path: the filter segment of a chooser path, '' for the paths
 * the app sends to the chooser (the empty path, an unknown one), null for another screen's path.
 */
export function chooserFilterOfPath(pathname: string): string | null {
  if (screenOfPath(pathname) !== 'choice') return null;
  if (redirectsToChoice(pathname)) return '';
  try {
    return decodeURIComponent(pathname.split('/').filter(Boolean)[1] ?? '');
  } catch {
    return '';
  }
}

/**
 * The Link header that preloads the thumbnails of the first cards the chooser shows for `filter`,
 * or null when it has none. The thumbnails are the chooser's largest paint on a phone; named in the
 * page's answer, they load while its script does (issue 13). Catalog URLs that are not plain paths
 * of this server (full URLs, odd characters) are left to the page.
 */
export function chooserPreloadHeader(
  filter: string,
  templates: readonly Template[],
): string | null {
  const links = firstCardThumbs(templates, filter)
    .filter((url) => PLAIN_PATH.test(url))
    // High, as the cards' own <img fetchpriority="high">: an image preload is otherwise asked for at
    // low priority, and the page's low-priority script (chooserPage.ts) shared the line with it.
    .map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`);
  return links.length ? links.join(', ') : null;
}
