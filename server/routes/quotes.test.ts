import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { fixturePhotos } from '../test/uploads.js';

const QUOTES_URL = '/api/collagePhoto/collageid/123?format=json';

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
  ];
  await fs.writeFile(path.join(quotes, 'index.json'), JSON.stringify(index));
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
