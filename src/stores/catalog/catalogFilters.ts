import type { Locale } from '../../i18n/i18n';
import { ALL_DESIGNERS } from '../../model/catalog/chooserCards';
import type { Template } from '../../model/catalog/types';

/** The spec's theme filters for en/de/fr/it/es. */
export const THEME_FILTERS = [
  'basic',
  'modern',
  'classic',
  'retro',
  'vintage',
  'illustration',
  'painting',
] as const;
export const TILES_FILTER = 'tiles';

export interface FilterLink {
  /** Filter value in the route; '' shows everything. */
  value: string;
  /** i18n key of the label, or the designer's name as is. */
  labelKey?: string;
  label?: string;
  /** Sub-list entries are indented under Designs. */
  nested: boolean;
}

/** A design filter is any filter not containing basic or tiles. */
export function isDesignFilter(filter: string): boolean {
  return filter !== '' && !filter.includes('basic') && !filter.includes('tiles');
}

/** The designer filters ('designer:<name>') the visible templates offer, sorted by name. */
export function designerFilters(templates: readonly Template[]): string[] {
  const found = new Set<string>();
  for (const template of templates) {
    if (!template.visible) continue;
    for (const filter of template.filters)
      if (filter.startsWith('designer:') && filter !== ALL_DESIGNERS) found.add(filter);
  }
  return [...found].sort((a, b) => a.localeCompare(b));
}

/**
 * The sidebar: two fixed filters (all, basic), then per locale the theme filters (en/de/fr/it/es)
 * or the designer filters plus photo tiles (nl). The designer sub-list shows while a design filter is active.
 */
export function sidebarFilters(
  locale: Locale,
  templates: readonly Template[],
  active: string,
): FilterLink[] {
  const fixed: FilterLink[] = [
    { value: '', labelKey: 'choice.filters.all', nested: false },
    { value: 'basic', labelKey: 'choice.filters.basic', nested: false },
  ];
  if (locale !== 'nl') {
    return [
      ...fixed,
      ...THEME_FILTERS.slice(1).map((value) => ({
        value,
        labelKey: `choice.filters.${value}`,
        nested: false,
      })),
    ];
  }
  const designs: FilterLink[] = [
    { value: ALL_DESIGNERS, labelKey: 'choice.filters.designs', nested: false },
  ];
  if (isDesignFilter(active)) {
    designs.push(
      ...designerFilters(templates).map((value) => ({
        value,
        label: value.slice('designer:'.length),
        nested: true,
      })),
    );
  }
  return [
    ...fixed,
    ...designs,
    { value: TILES_FILTER, labelKey: 'choice.filters.tiles', nested: false },
  ];
}
