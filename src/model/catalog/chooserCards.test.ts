import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_DESIGNERS, FIRST_CARDS, firstCardThumbs, templatesForFilter } from './chooserCards';
import { filterCards, template } from '../../../tests/support/model/testTemplates';

const card = (id: string, filters: string[], visible = true, thumbUrl = `thumbs/${id}.webp`) =>
  template([], { id, filters, visible, thumbUrl });

const templates = filterCards();

describe('the chooser cards', () => {
  it('filters templates, hiding invisible ones', () => {
    expect(templatesForFilter(templates, '').map((t) => t.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(templatesForFilter(templates, ALL_DESIGNERS).map((t) => t.id)).toEqual(['b', 'c']);
    expect(templatesForFilter(templates, 'retro').map((t) => t.id)).toEqual(['c']);
    expect(templatesForFilter(templates, 'designer:Zoë')).toEqual([]);
  });

  it("names the first cards' thumbnails under /catalog/, skipping hidden templates and templates without one", () => {
    const more = [
      card('h', [], false),
      ...templates,
      card('n', [], true, ''),
      card('f', []),
      card('g', []),
    ];
    expect(firstCardThumbs(more, '')).toEqual([
      '/catalog/thumbs/a.webp',
      '/catalog/thumbs/b.webp',
      '/catalog/thumbs/c.webp',
      '/catalog/thumbs/d.webp',
    ]);
    expect(firstCardThumbs(more, ALL_DESIGNERS)).toEqual([
      '/catalog/thumbs/b.webp',
      '/catalog/thumbs/c.webp',
    ]);
    expect(firstCardThumbs(more, 'nothing')).toEqual([]);
  });

  it('the thumbnails are those of the first cards the filter shows, in their order, at most FIRST_CARDS', () => {
    const anyTemplate = fc.record({
      id: fc.string({ minLength: 1, maxLength: 4 }),
      filters: fc.subarray(['basic', 'retro', 'designer:Anna', 'tiles']),
      visible: fc.boolean(),
      thumb: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(anyTemplate, { maxLength: 12 }),
        fc.constantFrom('', 'basic', 'retro', ALL_DESIGNERS, 'tiles'),
        (specs, filter) => {
          const list = specs.map((spec, i) =>
            card(
              `${i}${spec.id}`,
              spec.filters,
              spec.visible,
              spec.thumb ? `thumbs/${i}.webp` : '',
            ),
          );
          const shown = templatesForFilter(list, filter).slice(0, FIRST_CARDS);
          expect(firstCardThumbs(list, filter)).toEqual(
            shown.filter((t) => t.thumbUrl).map((t) => `/catalog/${t.thumbUrl}`),
          );
        },
      ),
    );
  });
});
