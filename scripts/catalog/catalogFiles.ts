/** Where the catalog lives and how the scripts read it. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseThemes } from '../../src/model/catalog/themes';
import type { Template } from '../../src/model/catalog/types';
import { readTemplateXml, type StaticTemplateDocument } from '../../src/model/document/templateXml';

export const CATALOG_DIR = fileURLToPath(new URL('../../catalog/', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('../../out/catalog/', import.meta.url));

export function catalogPath(relative: string): string {
  return join(CATALOG_DIR, relative);
}

export function readThemes(): Template[] {
  const result = parseThemes(readFileSync(catalogPath('themes.xml'), 'utf8'));
  if (!result.ok) throw new Error(`themes.xml: ${result.detail}`);
  if (result.problems.length > 0) throw new Error(`themes.xml: ${result.problems.join('; ')}`);
  return result.templates;
}

export function readStaticTemplate(source: string): StaticTemplateDocument {
  const result = readTemplateXml(readFileSync(catalogPath(source), 'utf8'));
  if (!result.ok) throw new Error(`${source}: ${result.detail}`);
  return result.template;
}

/** Thumbnails are 240 px on their long side. */
export const THUMB_LONG_SIDE = 240;

export function thumbSize(widthCm: number, heightCm: number): { width: number; height: number } {
  const scale = THUMB_LONG_SIDE / Math.max(widthCm, heightCm);
  return { width: Math.round(widthCm * scale), height: Math.round(heightCm * scale) };
}
