import fs from 'node:fs/promises';
import zlib from 'node:zlib';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawGet } from '../test/rawGet.js';
import { startTestServer, type TestServer } from '../test/helper.js';
import { writeTestCatalog } from '../test/seed.js';
import { CHOOSER_RENDERER, CHOOSER_START_ENTRY, scriptAfterFirstPaint } from './chooserPage.js';

/** Two designs: a basic one (filters basic) and a tiles one, with English texts. */
const themes = (gridName = 'Raster') => `<?xml version="1.0" encoding="UTF-8"?>
<themes>
  <template id="101" name="Fotocollage ${gridName}" category="Fotocollage" namepart="${gridName}" source="gen:alleven" filters="basic,modern" thumb="thumbs/101.webp" thumbwidth="240" thumbheight="192" shortinfo="3 x 4 foto's" visible="true" designer="generated" design="basic">
    <text locale="en" name="Photo collage Grid" category="Photo collage" namepart="Grid" shortinfo="3 x 4 photos"/>
    <size id="1" width="40" height="30" materials="POSTER" description="40 x 30 cm [24.95]"/>
  </template>
  <template id="113" name="Fototegels Tegels" category="Fototegels" namepart="Tegels" source="gen:tiles" filters="tiles" thumb="thumbs/113.webp" thumbwidth="240" thumbheight="240" visible="true" istilebased="true" designer="generated" design="basic">
    <text locale="en" name="Photo tiles Tiles" category="Photo tiles" namepart="Tiles"/>
    <size id="2" width="20" height="20" materials="POSTER" description="20 x 20 cm [9.95]"/>
  </template>
</themes>`;

/** index.html as the build writes it: the parts the server fills in. */
const INDEX = `<!doctype html><html lang="nl"><head><title>Fotocollage</title><link rel="preload" href="/catalog/themes.xml?lang=nl" as="fetch" crossorigin="use-credentials"><link rel="modulepreload" crossorigin href="/assets/nl-Aa11.js"></head><body><div id="root"></div><script type="module" src="/assets/index-AbCd1234.js"></script></body></html>\n`;

/**
 * A build folder with the chooser's renderer at .ssr/renderChooser.js as vite.config.ts puts it;
 * here the module re-exports the renderer's source (the test runner compiles it as Vite would).
 */
async function buildWithRenderer(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-dist-'));
  await fs.writeFile(path.join(dir, 'index.html'), INDEX);
  await fs.mkdir(path.join(dir, '.vite'));
  const manifest = {
    'src/i18n/locales/nl.json': { file: 'assets/nl-Aa11.js' },
    'src/i18n/locales/en.json': { file: 'assets/en-Bb22.js' },
    [CHOOSER_START_ENTRY]: { file: 'assets/chooserStart-Cc33.js' },
  };
  await fs.writeFile(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  await fs.mkdir(path.join(dir, '.ssr'));
  const source = path.resolve('src/ssr/renderChooser.tsx');
  await fs.writeFile(
    path.join(dir, CHOOSER_RENDERER),
    `export * from ${JSON.stringify(source)};\n`,
  );
  return dir;
}

/** The chooser's pages over HTTP: drawn on the server per locale and filter, kept per catalogue version. */
describe("the chooser's page drawn on the server", () => {
  let server: TestServer;
  let build: string;
  let catalogDir: string;
  beforeAll(async () => {
    // Outside production the page is Dutch whatever it asks (the spec); a build is production.
    vi.stubEnv('VITE_FORCE_DUTCH', 'false');
    build = await buildWithRenderer();
    catalogDir = await writeTestCatalog(themes());
    server = await startTestServer('pglite', { staticDir: build, catalogDir });
  });
  afterAll(async () => {
    vi.unstubAllEnvs();
    await server.destroy();
    await fs.rm(build, { recursive: true, force: true });
    await fs.rm(catalogDir, { recursive: true, force: true });
  });
  const get = (pathname: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${pathname}`, { headers });
  /** The drawn part of a page: what its #root holds. */
  const rootOf = (page: string) =>
    /<div id="root" data-server-rendered>([\s\S]*)<\/div><script/.exec(page)?.[1] ?? '';

  it('answers /keuze with the Dutch cards, their first image eager, and the filters as links', async () => {
    const answer = await get('/keuze');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
    expect(answer.headers.get('cache-control')).toBe('no-cache');
    // remembered before the page's script runs (it runs after the first images)
    expect(answer.headers.get('set-cookie')).toBe(
      'fc_lang=nl; path=/; max-age=31536000; SameSite=Lax',
    );
    const page = await answer.text();
    expect(page).toMatch(/^<!doctype html><html lang="nl">/);
    expect(page).toContain('<title>Kies je ontwerp - Fotocollage</title>');
    // The script and its modules are asked for after the first images have been painted, by the
    // chooser's first script: nothing of them is needed to paint.
    expect(page).toContain(
      '<script type="module" crossorigin src="/assets/chooserStart-Cc33.js" data-main="/assets/index-AbCd1234.js" data-preload="/assets/nl-Aa11.js"></script>',
    );
    expect(page).not.toContain('modulepreload');
    expect(page).not.toContain('<script type="module" src=');
    // The page starts from the drawn templates, sent beside the drawing: no themes list to fetch.
    expect(page).not.toContain('themes.xml');
    const data = /<script type="application\/json" id="chooser-templates">([^<]*)<\/script>/.exec(
      page,
    );
    const templates = JSON.parse(data![1]!) as { id: string; namePart: string }[];
    expect(templates.map((template) => template.id)).toEqual(['101', '113']);
    expect(templates[0]!.namePart).toBe('Raster');
    const root = rootOf(page);
    expect(root).toContain('<h1>Kies je ontwerp</h1>');
    expect(root).toMatch(/<img src="\/catalog\/thumbs\/101\.webp"[^>]*loading="eager"/);
    expect(root).toContain('<span class="template-card__name">Raster</span>');
    expect(root).toContain('href="/keuze/tiles"');
    expect(root).toContain('href="/keuze/basic"');
    // React's preload of the first images went to the head.
    const head = page.slice(0, page.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/catalog/thumbs/101.webp"');
  });

  it('answers the English chooser in English, with the English themes list preloaded', async () => {
    const answer = await get('/selection');
    expect(answer.headers.get('set-cookie')).toMatch(/^fc_lang=en;/);
    const page = await answer.text();
    expect(page).toMatch(/<html lang="en">/);
    expect(page).toContain('"namePart":"Grid"');
    // The English texts are fetched with the script, the Dutch ones not at all.
    expect(page).toContain('data-preload="/assets/en-Bb22.js"');
    expect(page).not.toContain('nl-Aa11.js');
    const root = rootOf(page);
    expect(root).toContain('<h1>Choose your design</h1>');
    expect(root).toContain('<span class="template-card__name">Grid</span>');
    expect(root).not.toContain('Raster');
    expect(root).toContain('href="/selection/vintage"');
  });

  it("answers a filter's link with that filter's cards only", async () => {
    const root = rootOf(await (await get('/keuze/tiles')).text());
    expect(root).toContain('<span class="template-card__name">Tegels</span>');
    expect(root).not.toContain('Raster');
    expect(root).toMatch(/<img src="\/catalog\/thumbs\/113\.webp"[^>]*loading="eager"/);
    expect(root).toContain('<a aria-current="page" href="/keuze/tiles"');
  });

  it('answers 304 to its own ETag, and draws anew once the shop edits themes.xml', async () => {
    const first = await get('/keuze');
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    expect((await get('/keuze', { 'if-none-match': etag })).status).toBe(304);
    await fs.writeFile(path.join(catalogDir, 'themes.xml'), themes('Raster groot'));
    const edited = await get('/keuze', { 'if-none-match': etag });
    expect(edited.status).toBe(200);
    expect(rootOf(await edited.text())).toContain('Raster groot');
    await fs.writeFile(path.join(catalogDir, 'themes.xml'), themes());
  });

  it('answers a typed or malformed filter too, and /keuze stays itself after them', async () => {
    const typed = rootOf(await (await get('/keuze/nergens')).text());
    expect(typed).toContain('<h1>Kies je ontwerp</h1>');
    expect(typed).not.toContain('class="template-card"');
    // A path whose escapes do not decode: refused by the router before any drawing.
    expect((await get('/keuze/%E0%A4%A')).status).toBe(400);
    const plain = rootOf(await (await get('/keuze')).text());
    expect(plain).toContain('<span class="template-card__name">Raster</span>');
    expect(plain).toContain('<span class="template-card__name">Tegels</span>');
  });

  it('leaves the other screens, and the paths the page sends on to the chooser, to the page', async () => {
    for (const pathname of ['/edit', '/', '/onbekend']) {
      const page = await (await get(pathname)).text();
      expect(page).toBe(INDEX);
    }
  });

  it('is sent compressed as the client accepts it (compressed once, when drawn)', async () => {
    const plain = await (await get('/keuze')).text();
    for (const encoding of ['br', 'gzip'] as const) {
      const answer = await rawGet(`${server.url}/keuze`, { 'accept-encoding': encoding });
      expect(answer.headers['content-encoding']).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/);
      const body =
        encoding === 'br' ? zlib.brotliDecompressSync(answer.body) : zlib.gunzipSync(answer.body);
      expect(body.toString('utf8')).toBe(plain);
      expect(answer.body.length).toBeLessThan(plain.length / 2);
    }
    const identity = await rawGet(`${server.url}/keuze`, { 'accept-encoding': 'br;q=0, identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
  });

  it('never serves the renderer itself', async () => {
    expect((await get('/.ssr/renderChooser.js')).status).toBe(404);
  });

  it('sends the page undrawn when the themes list is broken, for the page to say so', async () => {
    await fs.writeFile(path.join(catalogDir, 'themes.xml'), '<themes><template id="1"');
    try {
      const answer = await get('/keuze/basic');
      expect(answer.status).toBe(200);
      expect(await answer.text()).toBe(INDEX);
    } finally {
      await fs.writeFile(path.join(catalogDir, 'themes.xml'), themes());
    }
  });
});

describe('scriptAfterFirstPaint', () => {
  const shell =
    '<head><link rel="modulepreload" crossorigin href="/assets/a-1.js">\n<link rel="modulepreload" crossorigin href="/assets/b-2.js">\n</head>' +
    '<body><div id="root"></div><script type="module" crossorigin src="/assets/index-3.js"></script></body>';

  it("names the page's script and every module preload in the chooser's first script, and leaves none of them in the page", () => {
    const page = scriptAfterFirstPaint(shell, {
      [CHOOSER_START_ENTRY]: { file: 'assets/chooserStart-4.js' },
    });
    expect(page).toBe(
      '<head></head><body><div id="root"></div><script type="module" crossorigin src="/assets/chooserStart-4.js" data-main="/assets/index-3.js" data-preload="/assets/a-1.js /assets/b-2.js"></script></body>',
    );
  });

  it('keeps them at low priority for a build without that script', () => {
    const page = scriptAfterFirstPaint(shell, {});
    expect(page).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/a-1.js">',
    );
    expect(page).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-3.js">',
    );
  });
});
