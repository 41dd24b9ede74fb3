import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { THEMES_FILE } from '../catalog/catalogService.js';
import { TEMPLATE_NOT_FOUND } from './customXml.js';

const THEMES = `<?xml version="1.0" encoding="UTF-8"?>
<themes>
  <template id="10" name="Raster" source="gen:alleven" hascustomsize="true">
    <size id="1001" width="30" height="40" materials="POSTER" description="30 x 40 cm [20.00]"/>
    <size id="1002" width="50" height="40" materials="POSTER,CANVAS2CM" description="50 x 40 cm [30.00]"/>
    <size id="1003" width="100" height="70" materials="CANVAS4CM,DIBOND" description="100 x 70 cm [70.00]"/>
  </template>
  <template id="20" name="Hart" source="gen:heart" hascustomsize="true">
    <size id="2001" width="50" height="50" materials="POSTER" description="50 x 50 cm [40.00]"/>
  </template>
  <template id="40" name="Jaartal" source="gen:numberyear" hascustomsize="true">
    <size id="4001" width="50" height="40" materials="POSTER" description="50 x 40 cm [40.00]"/>
    <size id="4002" width="100" height="70" materials="POSTER" description="100 x 70 cm [90.00]"/>
  </template>
  <template id="30" name="Vast" source="designs/vast/template.xml">
    <size id="3001" width="50" height="40" materials="POSTER" description="50 x 40 cm [30.00]"/>
  </template>
</themes>`;

/** Writes the themes list the way the shop should: a temporary name, then a rename. */
async function writeThemes(dir: string, xml: string): Promise<void> {
  const temporary = path.join(dir, `${THEMES_FILE}.${process.pid}.tmp`);
  await fs.writeFile(temporary, xml);
  await fs.rename(temporary, path.join(dir, THEMES_FILE));
}

interface Answer {
  id?: string;
  width?: number;
  height?: number;
  materials?: string[];
  description?: string;
  error?: string;
  key?: string;
}

describe.each(backends)('POST /api/customXml on %s', (backend) => {
  let server: TestServer;
  let catalogDir: string;
  let client: TestClient;

  beforeAll(async () => {
    catalogDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-catalog-'));
    await writeThemes(catalogDir, THEMES);
    server = await startTestServer(backend, { catalogDir });
    client = new TestClient(server.url);
  });
  afterAll(async () => {
    await server.destroy();
    await fs.rm(catalogDir, { recursive: true, force: true });
  });

  const post = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    client
      .request('/api/customXml?format=json', {
        method: 'POST',
        body: new URLSearchParams(fields),
        headers,
      })
      .then(async (response) => ({
        status: response.status,
        body: (await response.json()) as Answer,
      }));

  it('answers the custom size with fitting materials and an interpolated price', async () => {
    const { status, body } = await post({ width: '40,2', height: '39.9', templateId: '10' });
    expect(status).toBe(200);
    expect(body).toEqual({
      id: '999999999999',
      width: 40,
      height: 40,
      materials: ['POSTER', 'CANVAS2CM', 'CANVAS4CM', 'DIBOND'],
      description: '40 x 40 cm [25.00]',
    });
  });

  it('answers the warning in Dutch by default, with its i18n key, as 422', async () => {
    const { status, body } = await post({ width: '150', height: '50', templateId: '10' });
    expect(status).toBe(422);
    expect(body).toEqual({
      error: 'Het formaat moet minimaal 20 x 20 cm zijn en passen binnen 140 x 100 cm.',
      key: 'sizes.warning.default',
    });
  });

  it('speaks the asked locale (lang field, then Accept-Language)', async () => {
    expect(
      (await post({ width: '10', height: '50', templateId: '10', lang: 'en' })).body.error,
    ).toBe('The size must be at least 20 x 20 cm and fit within 140 x 100 cm.');
    const german = await post(
      { width: '10', height: '50', templateId: '20' },
      { 'accept-language': 'xx, de-DE;q=0.8, en;q=0.5' },
    );
    expect(german.body.error).toBe(
      'Das Format muss mindestens 30 x 30 cm groß sein, in 100 x 100 cm passen und quadratisch sein.',
    );
  });

  it('applies the rule of the template: a heart must be square', async () => {
    expect((await post({ width: '60', height: '60', templateId: '20' })).body).toMatchObject({
      width: 60,
      height: 60,
      materials: ['POSTER'],
    });
    expect((await post({ width: '60', height: '70', templateId: '20' })).status).toBe(422);
  });

  it('holds a number design to the largest size the shop prints, and says so in every locale', async () => {
    const wide = await post({ width: '116', height: '40', templateId: '40' });
    expect(wide.status).toBe(200);
    expect(wide.body).toMatchObject({ width: 116, height: 40 });
    const tooLarge: [string, string][] = [
      ['300', '300'],
      ['141', '100'],
    ];
    for (const [width, height] of tooLarge) {
      const refused = await post({ width, height, templateId: '40' });
      expect(refused.status).toBe(422);
      expect(refused.body.key).toBe('sizes.warning.number');
      expect(refused.body.error).toContain('Groter dan 140 x 100 cm drukken we niet.');
    }
    const french = await post({ width: '300', height: '300', templateId: '40', lang: 'fr' });
    expect(french.body.error).toContain("Nous n'imprimons pas au-delà de 140 x 100 cm.");
  });

  it('refuses missing or unreadable sizes with the warning', async () => {
    expect((await post({ templateId: '10' })).status).toBe(422);
    expect((await post({ width: 'tien', height: '40', templateId: '10' })).body.key).toBe(
      'sizes.warning.default',
    );
  });

  it('refuses a template without custom sizes', async () => {
    const { status, body } = await post({ width: '45', height: '40', templateId: '30' });
    expect(status).toBe(422);
    expect(body).toEqual({
      error: 'Dit ontwerp is alleen in de standaardformaten te krijgen.',
      key: 'sizes.warning.noCustomSize',
    });
  });

  it("answers 404 'Couldn't find template' for an unknown or missing template id", async () => {
    expect(await post({ width: '45', height: '40', templateId: '999' })).toEqual({
      status: 404,
      body: { error: TEMPLATE_NOT_FOUND },
    });
    expect(await post({ width: '45', height: '40' })).toEqual({
      status: 404,
      body: { error: TEMPLATE_NOT_FOUND },
    });
  });

  it('rejects a request without a form or with oversized fields with 400 before any work', async () => {
    expect((await client.request('/api/customXml', { method: 'POST' })).status).toBe(400);
    expect((await post({ width: '4'.repeat(100), height: '40', templateId: '10' })).status).toBe(
      400,
    );
  });

  it('re-reads the themes list when it changes, and keeps the last good one when it breaks', async () => {
    await writeThemes(
      catalogDir,
      THEMES.replace(
        'id="30" name="Vast" source="designs/vast/template.xml"',
        'id="30" name="Vast" source="designs/vast/template.xml" hascustomsize="true"',
      ),
    );
    expect((await post({ width: '45', height: '40', templateId: '30' })).status).toBe(200);
    await writeThemes(catalogDir, '<themes><template id="30"');
    expect((await post({ width: '45', height: '40', templateId: '30' })).status).toBe(200);
    await fs.rm(path.join(catalogDir, THEMES_FILE));
    expect((await post({ width: '45', height: '40', templateId: '10' })).status).toBe(404);
    await writeThemes(catalogDir, THEMES);
    expect((await post({ width: '45', height: '40', templateId: '10' })).status).toBe(200);
  });
});
