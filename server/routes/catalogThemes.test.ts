import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/helper.js';
import { writeTestCatalog } from '../test/seed.js';

const THEMES = `<?xml version="1.0" encoding="UTF-8"?>
<themes>
  <template id="1" name="Fotocollage Raster" category="Fotocollage" namepart="Raster">
    <text locale="en" name="Photo collage Grid" namepart="Grid"/>
    <text locale="de" name="Fotocollage Raster" namepart="Raster"/>
    <size id="1" width="40" height="30" materials="POSTER" description="40 x 30 cm [24.95]"/>
  </template>
</themes>`;

/** GET /catalog/themes.xml over HTTP: each customer gets their own locale's texts only. */
describe('the themes list per locale', () => {
  let server: TestServer;
  let catalogDir: string;
  beforeAll(async () => {
    catalogDir = await writeTestCatalog(THEMES);
    server = await startTestServer('pglite', { catalogDir });
  });
  afterAll(async () => {
    await server.destroy();
    await fs.rm(catalogDir, { recursive: true, force: true });
  });
  const get = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/catalog/themes.xml${query}`, { headers });

  it('?lang=en keeps the English texts and leaves out the German', async () => {
    const answer = await get('?lang=en');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const body = await answer.text();
    expect(body).toContain('<text locale="en" name="Photo collage Grid" namepart="Grid"/>');
    expect(body).not.toContain('locale="de"');
    expect(body).toContain('<size id="1"');
  });

  it('?lang=nl has no translations; no lang, or an unknown one, the whole file', async () => {
    expect(await (await get('?lang=nl')).text()).not.toContain('<text');
    expect(await (await get('')).text()).toBe(THEMES);
    expect(await (await get('?lang=xx')).text()).toBe(THEMES);
  });

  it('answers 304 to its own ETag, and a new one once the shop edits the file', async () => {
    const first = await get('?lang=en');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/-en"$/);
    expect((await get('?lang=en', { 'if-none-match': etag })).status).toBe(304);
    expect((await get('?lang=de', { 'if-none-match': etag })).status).toBe(200);
    await fs.writeFile(path.join(catalogDir, 'themes.xml'), THEMES.replace('Grid"/>', 'Grids"/>'));
    const edited = await get('?lang=en', { 'if-none-match': etag });
    expect(edited.status).toBe(200);
    expect(await edited.text()).toContain('namepart="Grids"');
  });

  it('is compressed for a client that accepts it', async () => {
    const big = THEMES.replace('</themes>', `${'<!-- padding -->\n'.repeat(200)}</themes>`);
    await fs.writeFile(path.join(catalogDir, 'themes.xml'), big);
    const answer = await get('?lang=en', { 'accept-encoding': 'br, gzip' });
    expect(answer.headers.get('content-encoding')).toMatch(/br|gzip/);
  });
});
