import fs from 'node:fs/promises';
import path from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** What the server needs of the shop's catalog: which templates exist, their names and sizes with prices. */
export interface CatalogSize {
  id: string;
  widthCm: number;
  heightCm: number;
  materials: string[];
  description: string;
  /** The number in the description's brackets ('50 x 40 cm [39.95]' → 39.95); null when it has none. */
  price: number | null;
}

export interface CatalogTemplate {
  id: string;
  name: string;
  source: string;
  sizes: CatalogSize[];
}

export interface CatalogIndex {
  hasTemplate(id: string): Promise<boolean>;
  template(id: string): Promise<CatalogTemplate | null>;
}

/** The price token of a size description; the spec keeps prices in brackets. */
export function priceFromDescription(description: string): number | null {
  const match = /\[\s*(\d+(?:[.,]\d+)?)\s*\]/.exec(description);
  return match?.[1] ? Number(match[1].replace(',', '.')) : null;
}

type Attributes = Record<string, string | undefined>;
interface ThemesXml {
  themes?: { template?: (Attributes & { size?: Attributes[] })[] } | string;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'template' || name === 'size',
});

export function parseThemesXml(xml: string): Map<string, CatalogTemplate> {
  if (XMLValidator.validate(xml) !== true) throw new Error('themes.xml is not well-formed');
  const parsed = parser.parse(xml) as ThemesXml;
  const templates = typeof parsed.themes === 'object' ? (parsed.themes.template ?? []) : [];
  const index = new Map<string, CatalogTemplate>();
  for (const template of templates) {
    if (!template.id) continue;
    index.set(template.id, {
      id: template.id,
      name: template.name ?? '',
      source: template.source ?? '',
      sizes: (template.size ?? []).map((size) => ({
        id: size.id ?? '',
        widthCm: Number(size.width ?? 0),
        heightCm: Number(size.height ?? 0),
        materials: (size.materials ?? '').split(',').map((code) => code.trim()).filter(Boolean),
        description: size.description ?? '',
        price: priceFromDescription(size.description ?? ''),
      })),
    });
  }
  return index;
}

/** Checking the file's mtime on every request would cost a stat per save; once a second is enough. */
const RECHECK_MS = 1000;

/**
 * Reads <catalogDir>/themes.xml and reloads it when its mtime changes. A missing file is an empty
 * catalog; a broken new version keeps the last good one (and is logged), so a bad upload cannot
 * take saving down.
 */
export function createCatalogIndex(
  catalogDir: string,
  { log = () => {}, recheckMs = RECHECK_MS }: { log?: (message: string) => void; recheckMs?: number } = {},
): CatalogIndex {
  const file = path.join(catalogDir, 'themes.xml');
  let templates = new Map<string, CatalogTemplate>();
  let loadedMtimeMs = -1;
  let checkedAt = 0;
  let pending: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    checkedAt = Date.now();
    let mtimeMs: number;
    try {
      mtimeMs = (await fs.stat(file)).mtimeMs;
    } catch {
      if (loadedMtimeMs !== 0) log(`catalog: ${file} not found, no templates known`);
      templates = new Map();
      loadedMtimeMs = 0;
      return;
    }
    if (mtimeMs === loadedMtimeMs) return;
    try {
      templates = parseThemesXml(await fs.readFile(file, 'utf8'));
    } catch (error) {
      log(`catalog: ${file} could not be read, keeping the previous catalog: ${String(error)}`);
    }
    loadedMtimeMs = mtimeMs;
  }

  async function current(): Promise<Map<string, CatalogTemplate>> {
    if (Date.now() - checkedAt >= recheckMs || loadedMtimeMs < 0) {
      pending ??= refresh().finally(() => {
        pending = null;
      });
      await pending;
    }
    return templates;
  }

  return {
    hasTemplate: async (id) => (await current()).has(id),
    template: async (id) => (await current()).get(id) ?? null,
  };
}
