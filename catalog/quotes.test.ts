/**
 * The shop's quote images ('Spreuken') in every locale, read as the server reads them
 * (server/photos/quoteCatalog.ts): Dutch in catalog/quotes/, the others in catalog/quotes/<locale>/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../src/i18n/localePaths';
import { isAllowedCharacter } from '../src/model/text/characters';
import { CATALOG_DIR } from '../scripts/catalog/catalogFiles';
import { imageInfo } from '../scripts/catalog/imageInfo';
import { QUOTE_LOCALES, quotesFolder } from '../scripts/catalog/quoteSayings';

const QUOTE_ID = /^[A-Za-z0-9_-]+$/;
const QUOTE_FILE = /^[A-Za-z0-9_-]+\.jpg$/;
const file = (relative: string) => join(CATALOG_DIR, relative);
const infoOf = (relative: string) => imageInfo(readFileSync(file(relative)));

describe('quotes', () => {
  interface Entry {
    id: string;
    file: string;
    width: number;
    height: number;
    text: string;
  }
  const indexOf = (locale: string): unknown =>
    JSON.parse(readFileSync(file(`${quotesFolder(locale)}/index.json`), 'utf8'));
  const dutch = indexOf('nl') as Entry[];

  it('every locale has its own folder of sayings', () => {
    expect([...QUOTE_LOCALES].sort()).toEqual([...LOCALES].sort());
  });

  it.each(LOCALES)(
    '%s: index.json lists twenty sayings in the format the server reads',
    (locale) => {
      const index = indexOf(locale);
      expect(Array.isArray(index)).toBe(true);
      const entries = index as Record<string, unknown>[];
      expect(entries.length).toBeGreaterThanOrEqual(20);
      for (const entry of entries) {
        expect(Object.keys(entry).sort()).toEqual(['file', 'height', 'id', 'text', 'width']);
        expect(entry.id).toMatch(QUOTE_ID);
        expect(entry.file).toMatch(QUOTE_FILE);
        expect(typeof entry.text === 'string' && entry.text.trim().length > 0).toBe(true);
        expect([...(entry.text as string)].every(isAllowedCharacter), entry.text as string).toBe(
          true,
        );
      }
      expect(new Set(entries.map((entry) => entry.id)).size).toBe(entries.length);
      expect(new Set(entries.map((entry) => entry.text)).size).toBe(entries.length);
    },
  );

  it.each(LOCALES.filter((locale) => locale !== 'nl'))(
    '%s: translates every Dutch saying (none falls back to the Dutch image)',
    (locale) => {
      const own = new Map((indexOf(locale) as Entry[]).map((entry) => [entry.id, entry]));
      for (const saying of dutch) {
        expect(own.has(saying.id), `${locale} ${saying.id}`).toBe(true);
        expect(own.get(saying.id)!.text, `${locale} ${saying.id}`).not.toBe(saying.text);
      }
    },
  );

  it.each(LOCALES)(
    '%s: every listed image is a JPEG of its stated size, and every image is listed',
    (locale) => {
      const folder = quotesFolder(locale);
      const entries = indexOf(locale) as Entry[];
      for (const entry of entries) {
        const info = infoOf(`${folder}/${entry.file}`);
        expect(info, entry.file).toEqual({
          format: 'jpeg',
          width: entry.width,
          height: entry.height,
          hasAlpha: false,
        });
      }
      const images = readdirSync(file(folder), { withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name !== 'index.json')
        .map((entry) => entry.name);
      expect(images.sort()).toEqual(entries.map((entry) => entry.file).sort());
    },
  );
});
