import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locale.js';

/**
 * The quote images ('Spreuken') of the photo picker, per locale: the Dutch ones in
 * `<catalogDir>/quotes/`, every other locale's in `quotes/<locale>/`, each folder with its own
 * index.json:
 *
 *   [{ "id": "q1", "file": "q1.jpg", "width": 1024, "height": 1024, "text": "Carpe diem" }, …]
 *
 * id: letters, digits, '-' or '_' (at most 64), not digits alone (those name a customer's uploaded
 * photo in a saved collage); file: a JPEG in the same folder (a plain name, no path); width and height: the image's pixel size (checked against its frame header, which wins);
 * text: the quote itself, used as the picture's alternative text. Entries that break these rules
 * are left out and logged; a missing folder or index is an empty list.
 *
 * A locale's list follows the Dutch one: each Dutch quote in the locale's own version (the entry
 * with the same id) where the locale has one, else the Dutch image (logged as untranslated); then
 * the quotes only the locale has. A locale's quote gets the id `<locale>-<id>`, so a photo of it
 * never stands in for the Dutch picture of the same saying (a draft keeps the Dutch `q1`).
 *
 * A saved collage names a quote in its slot by that id (the shop's own picture is never uploaded):
 * `byIds` finds the quotes of every locale for the save, the load and the print.
 */
export const QuoteEntry = Type.Object({
  id: Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' }),
  file: Type.String({ pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,120}\\.(jpg|jpeg|JPG|JPEG)$' }),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
  text: Type.String({ maxLength: 500 }),
});
export type QuoteEntry = Static<typeof QuoteEntry>;

export const QuoteItem = Type.Object({
  webformat: Type.Object({ src: Type.String(), width: Type.Integer(), height: Type.Integer() }),
  fullformat: Type.Object({ width: Type.Integer(), height: Type.Integer() }),
  id: Type.String(),
  type: Type.Literal('other'),
  unique: Type.String(),
  text: Type.String(),
});
export type QuoteItem = Static<typeof QuoteItem>;

/** A quote as the catalog keeps it: its list item and its picture's catalog-relative file. */
export interface CatalogQuote {
  entryId: string;
  item: QuoteItem;
  /** 'quotes/en/q1.jpg': the original the print reads (readCatalogFile). */
  file: string;
}

interface Folder {
  /** The index's mtime, or 'missing'. */
  stamp: string;
  quotes: CatalogQuote[];
}

/** Reads the quote lists, cached until an index.json changes. */
export class QuoteCatalog {
  private readonly folders = new Map<string, Folder>();
  private readonly lists = new Map<Locale, { stamp: string; quotes: CatalogQuote[] }>();

  constructor(
    private readonly catalogDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async list(locale: Locale = DEFAULT_LOCALE): Promise<QuoteItem[]> {
    return (await this.quotes(locale)).map((quote) => quote.item);
  }

  /**
   * The quotes of any locale's list by their ids (q1, en-q1, …), with their files; an id no list
   * has is not in the answer.
   */
  async byIds(ids: readonly string[]): Promise<Map<string, CatalogQuote>> {
    const found = new Map<string, CatalogQuote>();
    if (!ids.length) return found;
    const wanted = new Set(ids);
    for (const locale of LOCALES)
      for (const quote of await this.quotes(locale))
        if (wanted.has(quote.item.id) && !found.has(quote.item.id)) found.set(quote.item.id, quote);
    return found;
  }

  private async quotes(locale: Locale): Promise<CatalogQuote[]> {
    const dutch = await this.folder(DEFAULT_LOCALE);
    if (locale === DEFAULT_LOCALE) return dutch.quotes;
    const own = await this.folder(locale);
    const stamp = `${dutch.stamp}|${own.stamp}`;
    const cached = this.lists.get(locale);
    if (cached?.stamp === stamp) return cached.quotes;
    const translated = new Map(own.quotes.map((quote) => [quote.entryId, quote]));
    const untranslated = dutch.quotes.filter((quote) => !translated.has(quote.entryId));
    if (untranslated.length)
      this.log.warn(
        { locale, quotes: untranslated.map((quote) => quote.entryId) },
        `quotes: ${untranslated.length} of '${locale}' show the Dutch image (no quotes/${locale}/ entry)`,
      );
    const dutchIds = new Set(dutch.quotes.map((quote) => quote.entryId));
    const quotes = [
      ...dutch.quotes.map((quote) => translated.get(quote.entryId) ?? quote),
      ...own.quotes.filter((quote) => !dutchIds.has(quote.entryId)),
    ];
    this.lists.set(locale, { stamp, quotes });
    return quotes;
  }

  /** One locale's folder: Dutch at quotes/ itself, the others at quotes/<locale>/. */
  private async folder(locale: Locale): Promise<Folder> {
    const relative = locale === DEFAULT_LOCALE ? 'quotes' : `quotes/${locale}`;
    const indexFile = path.join(this.catalogDir, relative, 'index.json');
    const stat = await fs.stat(indexFile).catch(() => null);
    const stamp = stat ? String(stat.mtimeMs) : 'missing';
    const cached = this.folders.get(relative);
    if (cached?.stamp === stamp) return cached;
    const folder = { stamp, quotes: stat ? await this.load(relative, locale) : [] };
    this.folders.set(relative, folder);
    return folder;
  }

  private async load(relative: string, locale: Locale): Promise<Folder['quotes']> {
    let entries: unknown;
    try {
      entries = JSON.parse(
        await fs.readFile(path.join(this.catalogDir, relative, 'index.json'), 'utf8'),
      );
    } catch (error) {
      this.log.error({ err: error }, `${relative}/index.json is not readable JSON`);
      return [];
    }
    if (!Array.isArray(entries)) {
      this.log.error(`${relative}/index.json is not a list`);
      return [];
    }
    const quotes: Folder['quotes'] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      if (!Value.Check(QuoteEntry, entry) || seen.has(entry.id) || /^[0-9]+$/.test(entry.id)) {
        this.log.warn(
          { entry },
          'quote entry left out: not in the index format, a repeated id, or an id of digits only',
        );
        continue;
      }
      const item = await this.toItem(relative, locale, entry);
      if (item) {
        seen.add(entry.id);
        quotes.push({ entryId: entry.id, item, file: `${relative}/${entry.file}` });
      }
    }
    return quotes;
  }

  private async toItem(
    relative: string,
    locale: Locale,
    entry: QuoteEntry,
  ): Promise<QuoteItem | null> {
    const bytes = await fs
      .readFile(path.join(this.catalogDir, relative, entry.file))
      .catch(() => null);
    const verdict = bytes ? inspectJpeg(bytes) : null;
    if (!verdict?.ok) {
      this.log.warn(
        { file: `${relative}/${entry.file}`, problem: verdict ? verdict.detail : 'missing' },
        'quote image left out',
      );
      return null;
    }
    if (verdict.width !== entry.width || verdict.height !== entry.height) {
      this.log.warn(
        {
          file: `${relative}/${entry.file}`,
          index: [entry.width, entry.height],
          image: [verdict.width, verdict.height],
        },
        'quote size differs from its index entry; the image wins',
      );
    }
    const { width, height } = verdict;
    const id = locale === DEFAULT_LOCALE ? entry.id : `${locale}-${entry.id}`;
    return {
      webformat: { src: `/catalog/${relative}/${encodeURIComponent(entry.file)}`, width, height },
      fullformat: { width, height },
      id,
      type: 'other',
      unique: `quote-${id}`,
      text: entry.text,
    };
  }
}
