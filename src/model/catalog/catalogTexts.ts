import type { LocaleTexts, Template, TemplateTexts } from './types';

/**
 * The catalogue's texts per locale (catalog/README.md, "Translations"): Dutch is the template's own
 * attributes in themes.xml, every other locale a `<text locale="…">` child. What a locale does not
 * give falls back to Dutch field by field, and `untranslated` lists those fallbacks, for the
 * catalogue's test and the server's log.
 */

/** The canonical locale: its texts are the template's attributes, never a `<text>` child. */
export const DUTCH = 'nl';

/** Each translated field and its attribute in themes.xml (on `<template>` and on `<text>`). */
export const TEXT_ATTRIBUTES: Readonly<Record<keyof TemplateTexts, string>> = {
  name: 'name',
  categoryPart: 'category',
  namePart: 'namepart',
  description: 'description',
  shortInfo: 'shortinfo',
  leftInfo: 'leftinfo',
};

export const TEXT_FIELDS = Object.keys(TEXT_ATTRIBUTES) as (keyof TemplateTexts)[];

const given = (text: string | undefined): text is string =>
  text !== undefined && text.trim() !== '';

/** The locale's `<text>`, or none (Dutch, and a locale the catalogue does not translate). */
function localeTexts(template: Template, locale: string): LocaleTexts | undefined {
  return locale === DUTCH || !Object.hasOwn(template.texts, locale)
    ? undefined
    : template.texts[locale];
}

/**
 * The texts a locale shows of a template as parsed (its own texts Dutch): the locale's own where
 * it gives one, else the Dutch one, field by field.
 */
export function catalogText(template: Template, locale: string): TemplateTexts {
  const own = localeTexts(template, locale);
  return Object.fromEntries(
    TEXT_FIELDS.map((field) => {
      const translated = own?.[field];
      return [field, given(translated) ? translated : template[field]];
    }),
  ) as unknown as TemplateTexts;
}

/**
 * A template as parsed, as the page's locale shows it: its texts in that locale, Dutch where the
 * locale has none. The editor applies it once, when the catalogue is loaded, so that every screen
 * shows the same texts.
 */
export function localizeTemplate(template: Template, locale: string): Template {
  return { ...template, ...catalogText(template, locale) };
}

/** One text a locale lacks: it shows the Dutch one instead. */
export interface TranslationGap {
  templateId: string;
  locale: string;
  /** The attribute in themes.xml ('namepart'). */
  field: string;
  dutch: string;
}

/** Every text that falls back to Dutch in the given locales: the Dutch template fills it, the locale leaves it out or blank. */
export function untranslated(
  templates: readonly Template[],
  locales: readonly string[],
): TranslationGap[] {
  const gaps: TranslationGap[] = [];
  for (const template of templates)
    for (const locale of locales) {
      if (locale === DUTCH) continue;
      const own = localeTexts(template, locale);
      for (const field of TEXT_FIELDS) {
        const dutch = template[field];
        if (given(dutch) && !given(own?.[field]))
          gaps.push({ templateId: template.id, locale, field: TEXT_ATTRIBUTES[field], dutch });
      }
    }
  return gaps;
}

/** The locales of `<text>` children that none of the given locales is (a typo, or a locale not offered). */
export function unknownTextLocales(
  templates: readonly Template[],
  locales: readonly string[],
): { templateId: string; locale: string }[] {
  return templates.flatMap((template) =>
    Object.keys(template.texts)
      .filter((locale) => !locales.includes(locale))
      .map((locale) => ({ templateId: template.id, locale })),
  );
}

/** A gap as one line of a report: `template 201, en: shortinfo shows the Dutch "5 foto's"`. */
export function describeGap(gap: TranslationGap): string {
  return `template ${gap.templateId}, ${gap.locale}: ${gap.field} shows the Dutch "${gap.dutch}"`;
}
