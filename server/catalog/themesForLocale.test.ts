import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../i18n/locale.js';
import { catalogText } from '../../src/model/catalog/catalogTexts.js';
import { parseThemes } from '../../src/model/catalog/themes.js';
import { themesXmlForLocale } from './themesForLocale.js';

const SHIPPED = readFileSync('catalog/themes.xml', 'utf8');

function texts(xml: string, locale: string) {
  const parsed = parseThemes(xml);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed.templates.map((template) => catalogText(template, locale));
}

describe('themesXmlForLocale', () => {
  it.each(LOCALES)(
    '%s: the shipped list keeps every text that locale shows, and no other locale',
    (locale) => {
      const filtered = themesXmlForLocale(SHIPPED, locale);
      expect(texts(filtered, locale)).toEqual(texts(SHIPPED, locale));
      const others = [...filtered.matchAll(/<text\b[^>]*\blocale="([^"]*)"/g)].map((m) => m[1]);
      expect(others.every((other) => other === locale)).toBe(true);
      // Dutch lives in the templates' own attributes: its list has no <text> at all.
      if (locale === 'nl') expect(filtered).not.toMatch(/<text\b/);
      // Five sixths of the translations stay out: 35-41 kB of the 62 kB file.
      expect(filtered.length).toBeLessThan(SHIPPED.length * 0.7);
    },
  );

  it('keeps a kept element whole, in either form and with quoted ">" in it, and drops the others whole', () => {
    const xml = `<themes><template id="1" name="A">
    <text locale="en" name="a > b"/>
    <text name='c' locale='de'></text>
    <text
      locale="fr" name="d"/>
    <size id="1" width="40" height="30"/></template></themes>`;
    expect(themesXmlForLocale(xml, 'en')).toBe(`<themes><template id="1" name="A">
    <text locale="en" name="a > b"/>
    <size id="1" width="40" height="30"/></template></themes>`);
    expect(themesXmlForLocale(xml, 'de')).toContain(`<text name='c' locale='de'></text>`);
    expect(themesXmlForLocale(xml, 'it')).not.toContain('<text');
  });

  it('changes nothing but <text> elements, whatever the locale asked for', () => {
    const attribute = fc.stringMatching(/^[a-zA-Z0-9 .,>-]{0,12}$/);
    const element = fc.record({
      locale: fc.constantFrom(...LOCALES, 'pt'),
      name: attribute,
      selfClosing: fc.boolean(),
    });
    fc.assert(
      fc.property(
        fc.array(element, { maxLength: 6 }),
        fc.constantFrom(...LOCALES),
        (elements, asked) => {
          const render = (kept: typeof elements) =>
            `<themes><template id="1" name="N">${kept
              .map(({ locale, name, selfClosing }) =>
                selfClosing
                  ? `\n  <text locale="${locale}" name="${name}"/>`
                  : `\n  <text locale="${locale}" name="${name}"></text>`,
              )
              .join('')}<size id="1"/></template></themes>`;
          expect(themesXmlForLocale(render(elements), asked)).toBe(
            render(elements.filter(({ locale }) => locale === asked)),
          );
        },
      ),
    );
  });
});
