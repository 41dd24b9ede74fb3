import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { inspectJpeg } from '../../src/model/photos/jpegHeader.js';

/**
 * The quote images ('Spreuken') of the photo picker. Format of `<catalogDir>/quotes/index.json`:
 *
 *   [{ "id": "q1", "file": "q1.jpg", "width": 1024, "height": 1024, "text": "Carpe diem" }, …]
 *
 * id: letters, digits, '-' or '_' (at most 64); file: a JPEG in the same folder (a plain name, no
 * path); width and height: the image's pixel size (checked against its frame header, which wins);
 * text: the quote itself, used as the picture's alternative text. Entries that break these rules
 * are left out and logged; a missing folder or index is an empty list.
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

/** Reads the quote list, cached until index.json changes. */
export class QuoteCatalog {
  private cached: { mtimeMs: number; items: QuoteItem[] } | null = null;

  constructor(
    private readonly catalogDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get folder(): string {
    return path.join(this.catalogDir, 'quotes');
  }

  async list(): Promise<QuoteItem[]> {
    const indexFile = path.join(this.folder, 'index.json');
    const stat = await fs.stat(indexFile).catch(() => null);
    if (!stat) return [];
    if (this.cached?.mtimeMs === stat.mtimeMs) return this.cached.items;
    const items = await this.load(indexFile);
    this.cached = { mtimeMs: stat.mtimeMs, items };
    return items;
  }

  private async load(indexFile: string): Promise<QuoteItem[]> {
    let entries: unknown;
    try {
      entries = JSON.parse(await fs.readFile(indexFile, 'utf8'));
    } catch (error) {
      this.log.error({ err: error }, 'quotes/index.json is not readable JSON');
      return [];
    }
    if (!Array.isArray(entries)) {
      this.log.error('quotes/index.json is not a list');
      return [];
    }
    const items: QuoteItem[] = [];
    const seen = new Set<string>();
    for (const entry of entries) {
      if (!Value.Check(QuoteEntry, entry) || seen.has(entry.id)) {
        this.log.warn({ entry }, 'quote entry left out: not in the index format, or a repeated id');
        continue;
      }
      const item = await this.toItem(entry);
      if (item) {
        seen.add(entry.id);
        items.push(item);
      }
    }
    return items;
  }

  private async toItem(entry: QuoteEntry): Promise<QuoteItem | null> {
    const bytes = await fs.readFile(path.join(this.folder, entry.file)).catch(() => null);
    const verdict = bytes ? inspectJpeg(bytes) : null;
    if (!verdict?.ok) {
      this.log.warn(
        { file: entry.file, problem: verdict ? verdict.detail : 'missing' },
        'quote image left out',
      );
      return null;
    }
    if (verdict.width !== entry.width || verdict.height !== entry.height) {
      this.log.warn(
        {
          file: entry.file,
          index: [entry.width, entry.height],
          image: [verdict.width, verdict.height],
        },
        'quote size differs from its index entry; the image wins',
      );
    }
    const { width, height } = verdict;
    return {
      webformat: { src: `/catalog/quotes/${encodeURIComponent(entry.file)}`, width, height },
      fullformat: { width, height },
      id: entry.id,
      type: 'other',
      unique: `quote-${entry.id}`,
      text: entry.text,
    };
  }
}
