import { describe, expect, it } from 'vitest';
import { filterCards } from '../../../tests/support/model/testTemplates';
import { ALL_DESIGNERS } from '../../model/catalog/chooserCards';
import { designerFilters, isDesignFilter, sidebarFilters } from './catalogFilters';

const templates = filterCards();

describe('catalog filters', () => {
  it('a design filter is any filter without basic or tiles', () => {
    expect(isDesignFilter('designer:all')).toBe(true);
    expect(isDesignFilter('modern')).toBe(true);
    expect(isDesignFilter('basic')).toBe(false);
    expect(isDesignFilter('photo-tiles')).toBe(false);
    expect(isDesignFilter('')).toBe(false);
  });

  it('lists the designers of visible templates', () => {
    expect(designerFilters(templates)).toEqual(['designer:Anna', 'designer:Bram']);
  });

  it('nl: two fixed filters, Designs, the sub-list only while a design filter is active, photo tiles', () => {
    expect(sidebarFilters('nl', templates, '').map((f) => f.value)).toEqual([
      '',
      'basic',
      ALL_DESIGNERS,
      'tiles',
    ]);
    const active = sidebarFilters('nl', templates, 'designer:Anna');
    expect(active.map((f) => f.value)).toEqual([
      '',
      'basic',
      ALL_DESIGNERS,
      'designer:Anna',
      'designer:Bram',
      'tiles',
    ]);
    expect(active.filter((f) => f.nested).map((f) => f.label)).toEqual(['Anna', 'Bram']);
  });

  it('other locales: the theme filters', () => {
    expect(sidebarFilters('de', templates, 'modern').map((f) => f.value)).toEqual([
      '',
      'basic',
      'modern',
      'classic',
      'retro',
      'vintage',
      'illustration',
      'painting',
    ]);
  });
});
