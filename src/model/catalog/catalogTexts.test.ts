import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  catalogText,
  describeGap,
  localizeTemplate,
  TEXT_ATTRIBUTES,
  TEXT_FIELDS,
  unknownTextLocales,
  untranslated,
} from './catalogTexts';
import type { LocaleTexts, Template, TemplateTexts } from './types';
import { size, template } from '../../../tests/support/model/testTemplates';

const LOCALES = ['nl', 'en', 'de', 'fr', 'it', 'es'];

/** A text, often blank (a blank attribute is no text). */
const text = fc.oneof(fc.constant(''), fc.constant('  '), fc.string({ minLength: 1 }));
const dutchTexts = fc.record(
  Object.fromEntries(TEXT_FIELDS.map((field) => [field, text])) as Record<
    keyof TemplateTexts,
    fc.Arbitrary<string>
  >,
);
const localeTexts: fc.Arbitrary<LocaleTexts> = fc.record(
  Object.fromEntries(TEXT_FIELDS.map((field) => [field, text])) as Record<
    keyof TemplateTexts,
    fc.Arbitrary<string>
  >,
  { requiredKeys: [] },
);
const anyTemplate = fc
  .tuple(dutchTexts, fc.dictionary(fc.constantFrom('en', 'de', 'fr', 'it', 'es'), localeTexts))
  .map(([dutch, texts]) => template([size('1', 40, 30)], { ...dutch, texts }));
const locale = fc.constantFrom(...LOCALES, 'pt');
const blank = (value: string | undefined) => value === undefined || value.trim() === '';

describe('catalogText', () => {
  it('never answers blank where Dutch has a text, and answers the locale’s own text where it gives one', () => {
    fc.assert(
      fc.property(anyTemplate, locale, (shown, asked) => {
        const texts = catalogText(shown, asked);
        const own = asked === 'nl' ? undefined : shown.texts[asked];
        for (const field of TEXT_FIELDS) {
          if (!blank(shown[field])) expect(blank(texts[field]), field).toBe(false);
          expect(texts[field]).toBe(blank(own?.[field]) ? shown[field] : own![field]);
        }
      }),
    );
  });

  it('is the Dutch attributes for Dutch and for a locale without a <text>', () => {
    const grid = template([size('1', 40, 30)], {
      name: 'Fotocollage Raster',
      namePart: 'Raster',
      shortInfo: "3 x 4 foto's",
      texts: { en: { namePart: 'Grid', shortInfo: ' ' } },
    });
    expect(catalogText(grid, 'nl')).toMatchObject({ namePart: 'Raster' });
    expect(catalogText(grid, 'de')).toMatchObject({ namePart: 'Raster' });
    // A blank translation is none: the Dutch text shows.
    expect(catalogText(grid, 'en')).toMatchObject({
      name: 'Fotocollage Raster',
      namePart: 'Grid',
      shortInfo: "3 x 4 foto's",
    });
  });
});

describe('localizeTemplate', () => {
  it('shows the locale’s texts and leaves everything else as it was', () => {
    fc.assert(
      fc.property(anyTemplate, locale, (shown, asked) => {
        const localized = localizeTemplate(shown, asked);
        const texts = catalogText(shown, asked);
        for (const field of TEXT_FIELDS) expect(localized[field]).toBe(texts[field]);
        expect({ ...localized, ...pick(shown) }).toEqual(shown);
      }),
    );
  });
});

/** A template's translated parts, to compare what is left. */
function pick(shown: Template): Partial<Template> {
  return Object.fromEntries(TEXT_FIELDS.map((field) => [field, shown[field]]));
}

describe('untranslated', () => {
  it('lists exactly the texts that fall back to Dutch', () => {
    fc.assert(
      fc.property(fc.array(anyTemplate, { maxLength: 3 }), (templates) => {
        const shown = templates.map((one, index) => ({ ...one, id: String(index) }));
        const gaps = untranslated(shown, LOCALES);
        const expected = shown.flatMap((one) =>
          LOCALES.filter((asked) => asked !== 'nl').flatMap((asked) =>
            TEXT_FIELDS.filter(
              (field) => !blank(one[field]) && blank(one.texts[asked]?.[field]),
            ).map((field) => `${one.id} ${asked} ${TEXT_ATTRIBUTES[field]}`),
          ),
        );
        expect(gaps.map((gap) => `${gap.templateId} ${gap.locale} ${gap.field}`).sort()).toEqual(
          expected.sort(),
        );
        // Every gap is a place where the shown text is the Dutch one.
        for (const gap of gaps) {
          const one = shown.find((candidate) => candidate.id === gap.templateId)!;
          const field = TEXT_FIELDS.find((name) => TEXT_ATTRIBUTES[name] === gap.field)!;
          expect(catalogText(one, gap.locale)[field]).toBe(one[field]);
        }
      }),
    );
  });

  it('describes each gap for the report', () => {
    const waterverf = template([], {
      id: '201',
      name: 'Fotocollage Waterverf',
      shortInfo: "5 foto's",
      texts: { en: { name: 'Photo collage Watercolour' } },
    });
    expect(untranslated([waterverf], ['nl', 'en']).map(describeGap)).toEqual([
      `template 201, en: shortinfo shows the Dutch "5 foto's"`,
    ]);
    expect(untranslated([waterverf], ['nl'])).toEqual([]);
  });
});

describe('unknownTextLocales', () => {
  it('names the <text> locales the shop does not offer', () => {
    const typo = template([], {
      id: '7',
      texts: { en: {}, gb: {} },
    });
    expect(unknownTextLocales([typo], LOCALES)).toEqual([{ templateId: '7', locale: 'gb' }]);
  });
});
