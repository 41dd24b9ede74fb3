import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuoteCatalog } from '../photos/quoteCatalog.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { fixturePhotos } from '../test/uploads.js';

const QUOTES_URL = '/api/collagePhoto/collageid/123?format=json';
const silentLog = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
} as unknown as FastifyBaseLogger;

/** A catalog with two good quotes, one whose index size is wrong, and entries that must be left out. */
async function makeCatalog(): Promise<string> {
  const catalog = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-catalog-'));
  const quotes = path.join(catalog, 'quotes');
  await fs.mkdir(quotes);
  await fs.copyFile(path.join(fixturePhotos, 'cameras/Canon_40D.jpg'), path.join(quotes, 'q1.jpg'));
  await fs.copyFile(
    path.join(fixturePhotos, 'libjpeg-turbo/testorig.jpg'),
    path.join(quotes, 'q2.jpg'),
  );
  await fs.copyFile(path.join(fixturePhotos, 'reject/testorig.png'), path.join(quotes, 'fake.jpg'));
  const index = [
    { id: 'q1', file: 'q1.jpg', width: 100, height: 68, text: 'Carpe diem' },
    { id: 'q2', file: 'q2.jpg', width: 1, height: 1, text: 'Geniet van elke dag' },
    { id: 'q1', file: 'q2.jpg', width: 227, height: 149, text: 'a repeated id' },
    { id: 'q3', file: '../q1.jpg', width: 100, height: 68, text: 'outside the folder' },
    { id: 'q4', file: 'missing.jpg', width: 100, height: 68, text: 'no such file' },
    { id: 'q5', file: 'fake.jpg', width: 227, height: 149, text: 'a PNG named .jpg' },
    { id: 'q6', file: 'q1.jpg', text: 'no size' },
    // digits only would read as a customer's uploaded photo in a saved collage
    { id: '42', file: 'q1.jpg', width: 100, height: 68, text: 'digits only' },
  ];
  await fs.writeFile(path.join(quotes, 'index.json'), JSON.stringify(index));
  // English translates q1 and has a saying of its own; q2 stays Dutch.
  const english = path.join(quotes, 'en');
  await fs.mkdir(english);
  await fs.copyFile(path.join(quotes, 'q2.jpg'), path.join(english, 'q1.jpg'));
  await fs.copyFile(path.join(quotes, 'q2.jpg'), path.join(english, 'extra.jpg'));
  await fs.writeFile(
    path.join(english, 'index.json'),
    JSON.stringify([
      { id: 'extra', file: 'extra.jpg', width: 227, height: 149, text: 'Only in English' },
      { id: 'q1', file: 'q1.jpg', width: 227, height: 149, text: 'Seize the day' },
    ]),
  );
  return catalog;
}

describe.each(backends)('quote list on %s', (backend) => {
  let server: TestServer;
  let catalog: string;
  beforeAll(async () => {
    catalog = await makeCatalog();
    server = await startTestServer(backend, { catalogDir: catalog });
  });
  afterAll(async () => {
    await server.destroy();
    await fs.rm(catalog, { recursive: true, force: true });
  });

  it('lists the valid quotes with their real sizes and fetchable images', async () => {
    const client = new TestClient(server.url);
    const response = await client.request(QUOTES_URL);
    expect(response.status).toBe(200);
    const list = (await response.json()) as { webformat: { src: string } }[];
    expect(list).toEqual([
      {
        webformat: { src: '/catalog/quotes/q1.jpg', width: 100, height: 68 },
        fullformat: { width: 100, height: 68 },
        id: 'q1',
        type: 'other',
        unique: 'quote-q1',
        text: 'Carpe diem',
      },
      {
        webformat: { src: '/catalog/quotes/q2.jpg', width: 227, height: 149 },
        fullformat: { width: 227, height: 149 },
        id: 'q2',
        type: 'other',
        unique: 'quote-q2',
        text: 'Geniet van elke dag',
      },
    ]);
    const image = await client.request(list[0]!.webformat.src);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it("answers a locale's own quotes in the Dutch order, the Dutch image where it has none, then its own extras", async () => {
    const client = new TestClient(server.url);
    const english = (await (await client.request(`${QUOTES_URL}&lang=en`)).json()) as {
      id: string;
      unique: string;
      text: string;
      webformat: { src: string };
    }[];
    expect(
      english.map((quote) => [quote.id, quote.unique, quote.text, quote.webformat.src]),
    ).toEqual([
      ['en-q1', 'quote-en-q1', 'Seize the day', '/catalog/quotes/en/q1.jpg'],
      ['q2', 'quote-q2', 'Geniet van elke dag', '/catalog/quotes/q2.jpg'],
      ['en-extra', 'quote-en-extra', 'Only in English', '/catalog/quotes/en/extra.jpg'],
    ]);
    expect((await client.request(english[0]!.webformat.src)).status).toBe(200);
    // German has no folder: the Dutch quotes; so has a browser that asks for nothing.
    const german = (await (await client.request(`${QUOTES_URL}&lang=de`)).json()) as {
      id: string;
    }[];
    expect(german.map((quote) => quote.id)).toEqual(['q1', 'q2']);
    const byHeader = (await (
      await client.request(QUOTES_URL, { headers: { 'accept-language': 'en-GB,en;q=0.9' } })
    ).json()) as { id: string }[];
    expect(byHeader.map((quote) => quote.id)).toEqual(['en-q1', 'q2', 'en-extra']);
  });

  it('follows a changed index', async () => {
    const indexFile = path.join(catalog, 'quotes', 'index.json');
    await fs.writeFile(
      indexFile,
      JSON.stringify([{ id: 'only', file: 'q2.jpg', width: 227, height: 149, text: 'Alleen' }]),
    );
    await fs.utimes(indexFile, new Date(), new Date(Date.now() + 5000));
    const list = (await (await new TestClient(server.url).request(QUOTES_URL)).json()) as {
      id: string;
    }[];
    expect(list.map((item) => item.id)).toEqual(['only']);
    await fs.writeFile(indexFile, '{ not json');
    await fs.utimes(indexFile, new Date(), new Date(Date.now() + 10000));
    expect(await (await new TestClient(server.url).request(QUOTES_URL)).json()).toEqual([]);
  });
});

describe('quote list without a quotes folder', () => {
  it('answers an empty list', async () => {
    const catalog = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-empty-catalog-'));
    const server = await startTestServer('pglite', { catalogDir: catalog });
    try {
      const response = await new TestClient(server.url).request(QUOTES_URL);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([]);
    } finally {
      await server.destroy();
      await fs.rm(catalog, { recursive: true, force: true });
    }
  });
});

describe('quote list of the shipped catalogue', () => {
  it('answers every locale its own twenty sayings', async () => {
    const server = await startTestServer('pglite');
    try {
      const client = new TestClient(server.url);
      const first: Record<string, string> = {};
      for (const lang of ['nl', 'en', 'de', 'fr', 'it', 'es']) {
        const list = (await (await client.request(`${QUOTES_URL}&lang=${lang}`)).json()) as {
          id: string;
          text: string;
          webformat: { src: string };
        }[];
        expect(list, lang).toHaveLength(20);
        const folder = lang === 'nl' ? '/catalog/quotes/' : `/catalog/quotes/${lang}/`;
        for (const quote of list)
          expect(quote.webformat.src.startsWith(folder), quote.id).toBe(true);
        first[lang] = list[0]!.text;
      }
      expect(first).toEqual({
        nl: 'Geniet van de kleine dingen',
        en: 'Enjoy the little things',
        de: 'Genieße die kleinen Dinge',
        fr: 'Savoure les petits bonheurs',
        it: 'Goditi le piccole cose',
        es: 'Disfruta de las pequeñas cosas',
      });
    } finally {
      await server.destroy();
    }
  });
});

describe('QuoteCatalog', () => {
  it("logs once per change which of a locale's quotes show the Dutch image", async () => {
    const catalog = await makeCatalog();
    const warnings: string[] = [];
    const log = {
      warn: (_context: unknown, message?: string) => warnings.push(message ?? ''),
      error: () => undefined,
      info: () => undefined,
    } as unknown as FastifyBaseLogger;
    try {
      const quotes = new QuoteCatalog(catalog, log);
      await quotes.list('en');
      await quotes.list('en');
      expect(warnings.filter((line) => line.startsWith('quotes:'))).toEqual([
        "quotes: 1 of 'en' show the Dutch image (no quotes/en/ entry)",
      ]);
      await quotes.list('it');
      expect(warnings.filter((line) => line.startsWith('quotes:'))).toHaveLength(2);
    } finally {
      await fs.rm(catalog, { recursive: true, force: true });
    }
  });

  it('finds the quotes of every locale by the ids the lists give, with their files', async () => {
    const catalog = await makeCatalog();
    try {
      const quotes = new QuoteCatalog(catalog, silentLog);
      const found = await quotes.byIds(['q1', 'en-q1', 'q2', 'en-extra', 'en-q2', '42', 'q7', '']);
      expect(
        Object.fromEntries([...found].map(([id, quote]) => [id, [quote.file, quote.item.text]])),
      ).toEqual({
        q1: ['quotes/q1.jpg', 'Carpe diem'],
        'en-q1': ['quotes/en/q1.jpg', 'Seize the day'],
        q2: ['quotes/q2.jpg', 'Geniet van elke dag'],
        'en-extra': ['quotes/en/extra.jpg', 'Only in English'],
      });
      expect((await quotes.byIds([])).size).toBe(0);
    } finally {
      await fs.rm(catalog, { recursive: true, force: true });
    }
  });
});
