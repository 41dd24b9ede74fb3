import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import {
  describeGap,
  unknownTextLocales,
  untranslated,
} from '../../src/model/catalog/catalogTexts.js';
import { parseThemes } from '../../src/model/catalog/themes.js';
import type { Template } from '../../src/model/catalog/types.js';
import { LOCALES } from '../i18n/locale.js';
import { QuoteCatalog } from '../photos/quoteCatalog.js';

export const THEMES_FILE = 'themes.xml';

interface Loaded {
  /** mtime and size of the file that was read; a change of either triggers a re-read. */
  stamp: string;
  byId: Map<string, Template>;
}

/**
 * The shop's templates as the server knows them: catalog/themes.xml read with the same reader the
 * editor uses. The file is re-read when it changes on disk, so the shop can edit its catalog
 * without a restart. A missing file is an empty catalog; a broken file keeps the last good one.
 */
export class CatalogService {
  private loaded: Loaded = { stamp: '', byId: new Map() };
  private loading: Promise<Loaded> | undefined;
  /** The quote images of the same catalog folder: the photo picker's list, the save, load and print. */
  readonly quotes: QuoteCatalog;

  constructor(
    readonly catalogDir: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.quotes = new QuoteCatalog(catalogDir, log);
  }

  get themesPath(): string {
    return path.join(this.catalogDir, THEMES_FILE);
  }

  async templates(): Promise<Template[]> {
    return [...(await this.current()).byId.values()];
  }

  async template(id: string): Promise<Template | undefined> {
    return (await this.current()).byId.get(id);
  }

  private async current(): Promise<Loaded> {
    // One reader at a time: concurrent requests share the same stat and parse.
    this.loading ??= this.refresh().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  private async refresh(): Promise<Loaded> {
    let stamp: string;
    try {
      const stat = await fs.stat(this.themesPath);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      if (this.loaded.stamp !== 'missing')
        this.log.warn({ file: this.themesPath }, 'themes list missing: the catalog is empty');
      this.loaded = { stamp: 'missing', byId: new Map() };
      return this.loaded;
    }
    if (stamp === this.loaded.stamp) return this.loaded;
    const xml = await fs.readFile(this.themesPath, 'utf8');
    const result = parseThemes(xml);
    if (!result.ok) {
      this.log.error({ file: this.themesPath, detail: result.detail }, result.error);
      // Keep serving the last good catalog; remember the stamp so the broken file is not re-parsed on every call.
      this.loaded = { ...this.loaded, stamp };
      return this.loaded;
    }
    for (const problem of result.problems) this.log.warn({ file: this.themesPath }, problem);
    this.reportTranslations(result.templates);
    this.loaded = {
      stamp,
      byId: new Map(result.templates.map((template) => [template.id, template])),
    };
    this.log.info(
      { file: this.themesPath, templates: result.templates.length },
      'themes list loaded',
    );
    return this.loaded;
  }

  /**
   * A shop that edits its themes list sees what it has not translated yet: one line per locale
   * listing the texts that show in Dutch there, and a line per `<text>` of a locale not offered.
   */
  private reportTranslations(templates: readonly Template[]): void {
    const gaps = untranslated(templates, LOCALES);
    for (const locale of LOCALES) {
      const missing = gaps.filter((gap) => gap.locale === locale).map(describeGap);
      if (missing.length)
        this.log.warn(
          { file: this.themesPath, locale, untranslated: missing },
          `themes list: ${missing.length} texts of '${locale}' fall back to Dutch`,
        );
    }
    for (const { templateId, locale } of unknownTextLocales(templates, LOCALES))
      this.log.warn(
        { file: this.themesPath, locale },
        `template ${templateId}: <text locale="${locale}"> is for a locale the shop does not offer`,
      );
  }
}
