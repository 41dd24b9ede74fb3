import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { catalogIndexOf } from './catalogIndex.js';
import { CatalogService } from './catalogService.js';
import { writeTestCatalog } from '../test/seed.js';

const quiet = () => undefined;
const silent = { warn: quiet, error: quiet, info: quiet } as unknown as FastifyBaseLogger;

describe('catalogIndexOf', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
  });

  it('answers templates with sizes, materials and prices from the catalog reader, and follows changes', async () => {
    const dir = await writeTestCatalog();
    dirs.push(dir);
    const catalog = catalogIndexOf(new CatalogService(dir, silent));
    expect(await catalog.hasTemplate('alleven')).toBe(true);
    const template = await catalog.template('alleven');
    expect(template?.sizes[0]).toMatchObject({ widthCm: 50, heightCm: 40, price: 39.95 });
    expect(template?.sizes[0]?.materials).toContain('POSTER');

    const file = path.join(dir, 'themes.xml');
    await fs.writeFile(
      file,
      '<themes><template id="nieuw" name="Nieuw" source="gen:alleven"><size id="1" width="30" height="30" description="30 x 30 cm"/></template></themes>',
    );
    await fs.utimes(file, new Date(), new Date(Date.now() + 5000));
    expect(await catalog.hasTemplate('alleven')).toBe(false);
    expect(await catalog.template('nieuw')).toMatchObject({
      id: 'nieuw',
      name: 'Nieuw',
      sizes: [{ widthCm: 30, price: null }],
    });
  });

  it('knows no templates when the file is missing', async () => {
    const catalog = catalogIndexOf(new CatalogService('/nonexistent/catalog', silent));
    expect(await catalog.hasTemplate('alleven')).toBe(false);
    expect(await catalog.template('alleven')).toBeNull();
  });
});
