import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCatalogIndex, parseThemesXml, priceFromDescription } from './catalogIndex.js';
import { TEST_THEMES_XML, writeTestCatalog } from '../test/seed.js';

describe('priceFromDescription', () => {
  it('reads the bracketed number and nothing else', () => {
    expect(priceFromDescription('50 x 40 cm [39.95]')).toBe(39.95);
    expect(priceFromDescription('30 x 30 cm [ 24,50 ]')).toBe(24.5);
    expect(priceFromDescription('[12]')).toBe(12);
    expect(priceFromDescription('50 x 40 cm 39.95')).toBeNull();
    expect(priceFromDescription('50 x 40 cm [gratis]')).toBeNull();
  });
});

describe('parseThemesXml', () => {
  it('reads templates with sizes, materials and prices', () => {
    const index = parseThemesXml(TEST_THEMES_XML);
    expect([...index.keys()]).toEqual(['alleven', 'hart']);
    expect(index.get('alleven')).toEqual({
      id: 'alleven',
      name: 'Fotocollage Alle even',
      source: 'gen:alleven',
      sizes: [
        { id: '101', widthCm: 50, heightCm: 40, materials: ['POSTER', 'CANVAS2CM'], description: '50 x 40 cm [39.95]', price: 39.95 },
        { id: '102', widthCm: 30, heightCm: 30, materials: ['POSTER'], description: '30 x 30 cm [24.50]', price: 24.5 },
      ],
    });
    expect(index.get('hart')?.name).toBe('Hart & ziel');
  });

  it('refuses a file that is not well-formed', () => {
    expect(() => parseThemesXml('<themes><template id="a"></themes>')).toThrow();
  });
});

describe('createCatalogIndex', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  it('reloads when the file changes and keeps the last good catalog when the new one is broken', async () => {
    const dir = await writeTestCatalog();
    dirs.push(dir);
    const messages: string[] = [];
    const catalog = createCatalogIndex(dir, { recheckMs: 0, log: (message) => messages.push(message) });
    expect(await catalog.hasTemplate('alleven')).toBe(true);
    expect(await catalog.hasTemplate('nieuw')).toBe(false);

    const file = path.join(dir, 'themes.xml');
    await fs.writeFile(file, '<themes><template id="nieuw" name="Nieuw"/></themes>');
    await fs.utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await catalog.hasTemplate('nieuw')).toBe(true);
    expect(await catalog.hasTemplate('alleven')).toBe(false);

    await fs.writeFile(file, '<themes><template');
    await fs.utimes(file, new Date(), new Date(Date.now() + 10000));
    expect(await catalog.template('nieuw')).toEqual({ id: 'nieuw', name: 'Nieuw', source: '', sizes: [] });
    expect(messages.some((message) => message.includes('keeping the previous catalog'))).toBe(true);
  });

  it('knows no templates when the file is missing', async () => {
    const catalog = createCatalogIndex('/nonexistent/catalog');
    expect(await catalog.hasTemplate('alleven')).toBe(false);
    expect(await catalog.template('alleven')).toBeNull();
  });
});
