import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_PATHS } from '../../src/i18n/localePaths.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { TERMS_TEXTS } from './termsTexts.js';
import { LOCALES } from './texts.js';

async function page(server: TestServer, route: string) {
  const response = await new TestClient(server.url).request(route);
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    html: await response.text(),
  };
}

describe.each(backends)('the terms page on %s', (backend) => {
  let server: TestServer;
  let folder: string;
  const termsFile = (locale: string) => path.join(folder, 'terms', `${locale}.md`);
  beforeAll(async () => {
    // The shop's own terms, in a catalog folder of the test's own so it can edit them.
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-terms-'));
    await fs.cp(path.resolve('catalog/terms'), path.join(folder, 'terms'), { recursive: true });
    server = await startTestServer(backend, { catalogDir: folder });
  }, 180_000);
  afterAll(async () => {
    await server.destroy();
    await fs.rm(folder, { recursive: true, force: true });
  });

  it('serves the shop’s terms on each locale’s own address, in the chrome of the shop’s pages', async () => {
    for (const locale of LOCALES) {
      const terms = await page(server, TERMS_PATHS[locale]);
      expect(terms.status).toBe(200);
      expect(terms.type).toBe('text/html; charset=utf-8');
      expect(terms.html).toContain(`<html lang="${locale}">`);
      expect(terms.html).toContain(`<h1>${TERMS_TEXTS[locale].title}</h1>`);
      // The shop's Markdown, rendered: its sections as headings.
      const source = await fs.readFile(path.resolve('catalog/terms', `${locale}.md`), 'utf8');
      const sections = [...source.matchAll(/^## (.+)$/gm)].map((match) => match[1]!);
      expect(sections.length).toBeGreaterThan(5);
      for (const section of sections)
        expect(terms.html).toContain(`<h2>${section.replace(/'/g, '&#39;')}</h2>`);
      // Language links lead to the other locales' terms.
      for (const other of LOCALES) expect(terms.html).toContain(`href="${TERMS_PATHS[other]}"`);
    }
    // ?lang= wins over the route word, as on the other shop pages.
    expect((await page(server, '/voorwaarden?lang=fr')).html).toContain('<html lang="fr">');
  });

  it('reads the file again when the shop edits it, and falls back to Dutch for a missing locale', async () => {
    await fs.rm(termsFile('en'));
    const english = await page(server, '/terms');
    expect(english.status).toBe(200);
    expect(english.html).toContain('<html lang="en">');
    expect(english.html).toContain(`<h1>${TERMS_TEXTS.en.title}</h1>`);
    expect(english.html).toContain('Deze voorwaarden gelden');
    // A new version under a temporary name, then renamed: the page shows it without a restart.
    await fs.writeFile(`${termsFile('nl')}.tmp`, '## Tweede versie met *nadruk*\n');
    await fs.rename(`${termsFile('nl')}.tmp`, termsFile('nl'));
    expect((await page(server, '/voorwaarden')).html).toContain(
      '<h2>Tweede versie met <em>nadruk</em></h2>',
    );
    await fs.writeFile(termsFile('en'), '## English terms\n');
    expect((await page(server, '/terms')).html).toContain('<h2>English terms</h2>');
    // Neither file: the page says the terms are not there yet.
    await fs.rm(termsFile('nl'));
    await fs.rm(termsFile('de'));
    const none = await page(server, '/agb');
    expect(none.status).toBe(404);
    expect(none.html).toContain(TERMS_TEXTS.de.missing);
  });
});
