import { catalogUrl } from './catalogUrl';
import type { Template } from './types';

/** The filter of every designer's templates ('designer:<name>' filters one designer). */
export const ALL_DESIGNERS = 'designer:all';

/** The templates a filter shows: '' all visible ones; designer:all every designer's; else by tag. */
export function templatesForFilter(templates: readonly Template[], filter: string): Template[] {
  const visible = templates.filter((template) => template.visible);
  if (!filter) return visible;
  if (filter === ALL_DESIGNERS)
    return visible.filter((template) => template.filters.some((f) => f.startsWith('designer:')));
  return visible.filter((template) => template.filters.includes(filter));
}

/**
 * The cards a phone shows without scrolling (two rows of two at 360 px): their thumbnails are the
 * chooser's largest paint, so they load at once and first; the others when scrolled near.
 */
export const FIRST_CARDS = 4;

/**
 * The thumbnails of a filter's first cards, as the chooser's images ask for them: the server names
 * them in the page's own answer (a preload), so they load while the script does instead of after it
 * has drawn the cards (issue 13: about 1 s of Lighthouse's largest-paint delay on a phone).
 */
export function firstCardThumbs(templates: readonly Template[], filter: string): string[] {
  return templatesForFilter(templates, filter)
    .slice(0, FIRST_CARDS)
    .map((template) => catalogUrl(template.thumbUrl))
    .filter((url) => url !== '');
}

/**
 * The attribute the server puts on the page's #root when it holds the chooser drawn on the server
 * (server/catalog/chooserPage.ts): the page hydrates it instead of drawing it again (src/main.tsx).
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * The element id of the drawn chooser's templates (JSON, as the page's catalog loader would have
 * made them from the themes list): the page hydrates from them instead of fetching and parsing the
 * list again (issue 27: parsing it took a 200 ms task on a phone, after the first paint).
 */
export const CHOOSER_DATA_ID = 'chooser-templates';
