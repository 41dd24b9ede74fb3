import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogText, TEXT_FIELDS } from '../src/model/catalog/catalogTexts';
import { parseThemes } from '../src/model/catalog/themes';
import { QUOTE_LOCALES } from '../scripts/catalog/quoteSayings';
import { wrongVoiceMarks } from '../tests/support/i18n/voice';

/**
 * The catalogue's own texts (card texts, descriptions, the quote sayings) speak in the locale's one
 * voice too (issue 25 part 2; the address per locale is named in src/i18n/locales/README.md): a
 * German card saying 'Ihre Fotos' beside an editor saying 'deine Fotos' would mix them again.
 * The quote sayings are not held to it: they are poster texts in the idiom of the saying ('Suis
 * ton coeur' on a French wall, where 'Suivez votre coeur' would read as an order), not the shop
 * speaking to its customer.
 */
const themes = parseThemes(readFileSync(join(import.meta.dirname, 'themes.xml'), 'utf8'));

describe('the catalogue keeps one voice per locale', () => {
  it.each(QUOTE_LOCALES)('%s: every card text and description of themes.xml', (locale) => {
    if (!themes.ok) throw new Error(themes.detail);
    const slips = themes.templates.flatMap((template) => {
      const texts = catalogText(template, locale);
      return TEXT_FIELDS.map((field) => ({ where: `${template.id} ${field}`, text: texts[field] }))
        .filter(({ text }) => typeof text === 'string' && text !== '')
        .map(({ where, text }) => ({ where, marks: wrongVoiceMarks(locale, text as string) }))
        .filter(({ marks }) => marks.length > 0);
    });
    expect(slips).toEqual([]);
  });
});
