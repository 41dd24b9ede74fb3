import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveCollage } from '../db/collageSave.js';
import { saveLimitsOf } from '../routes/saveLimits.js';
import { seedUser } from '../test/seed.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { rawGet as get, type RawAnswer } from '../test/rawGet.js';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { IMMUTABLE, REVALIDATE } from './staticFiles.js';
import { templatesForFilter } from '../../src/model/catalog/chooserCards.js';
import { parseThemes } from '../../src/model/catalog/themes.js';

function decoded(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
}

const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `woord${i}`))};\n`;
const WASM = Buffer.concat([Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]), Buffer.alloc(4096, 0)]);
const INDEX = `<!doctype html><html lang="nl"><head><script type="module" src="/assets/index-AbCd1234.js"></script></head><body><div id="root"></div></body></html>\n`;

/** A build folder as vite.config.ts writes it: hashed assets with brotli and gzip copies. */
async function fakeBuild(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-dist-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), INDEX);
  await fs.writeFile(
    path.join(dir, 'serviceWorker.js'),
    `self.addEventListener('fetch', () => {}); // ${'x'.repeat(1200)}\n`,
  );
  const script = path.join(dir, 'assets', 'index-AbCd1234.js');
  await fs.writeFile(script, SCRIPT);
  await fs.writeFile(`${script}.br`, brotliCompressSync(SCRIPT));
  await fs.writeFile(`${script}.gz`, gzipSync(SCRIPT));
  await fs.writeFile(path.join(dir, 'assets', 'font-AbCd1234.woff2'), Buffer.alloc(2048, 7));
  const wasm = path.join(dir, 'assets', 'canvaskit-AbCd1234.wasm');
  await fs.writeFile(wasm, WASM);
  await fs.writeFile(`${wasm}.br`, brotliCompressSync(WASM));
  return dir;
}

describe.each(backends)('compressed and cached answers on %s', (backend) => {
  let server: TestServer;
  let dist: string;
  beforeAll(async () => {
    dist = await fakeBuild();
    server = await startTestServer(backend, { staticDir: dist });
  });
  afterAll(async () => {
    await server.destroy();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('sends a hashed script as its brotli copy, cached for a year and immutable', async () => {
    const answer = await get(`${server.url}/assets/index-AbCd1234.js`, {
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(answer)).toBe(SCRIPT);
    expect(answer.body.length).toBeLessThan(SCRIPT.length / 2);
  });

  it('sends the gzip copy to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await get(`${server.url}/assets/index-AbCd1234.js`, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip)).toBe(SCRIPT);
    const plain = await get(`${server.url}/assets/index-AbCd1234.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends wasm compressed with the application/wasm type that WebAssembly.compileStreaming needs', async () => {
    const answer = await get(`${server.url}/assets/canvaskit-AbCd1234.wasm`, {
      'accept-encoding': 'br, gzip',
    });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('application/wasm');
    expect(brotliDecompressSync(answer.body).equals(WASM)).toBe(true);
  });

  it('never compresses a font again and still caches it for a year', async () => {
    const answer = await get(`${server.url}/assets/font-AbCd1234.woff2`, {
      'accept-encoding': 'br, gzip',
    });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends index.html, at / and at a client-side route, as no-cache with a validator that answers 304', async () => {
    for (const route of ['/', '/keuze']) {
      const answer = await get(`${server.url}${route}`, { 'accept-encoding': 'br, gzip' });
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe(REVALIDATE);
      expect(decoded(answer)).toBe(INDEX);
      const etag = answer.headers.etag;
      expect(etag).toBeTruthy();
      const again = await get(`${server.url}${route}`, {
        'accept-encoding': 'br, gzip',
        'if-none-match': etag!,
      });
      expect(again.status).toBe(304);
    }
  });

  it("names the chooser's first thumbnails in a Link preload header, only on the chooser's pages", async () => {
    const parsed = parseThemes(await fs.readFile(path.resolve('catalog/themes.xml'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.detail);
    const expected = (filter: string) =>
      templatesForFilter(parsed.templates, filter)
        .slice(0, 4)
        .map(
          (template) =>
            `</catalog/${template.thumbUrl}>; rel=preload; as=image; fetchpriority=high`,
        )
        .join(', ');
    const linkOf = async (route: string) => (await get(`${server.url}${route}`)).headers.link;
    expect(expected('')).toMatch(
      /^<\/catalog\/thumbs\/\w+\.webp>; rel=preload; as=image; fetchpriority=high(, <[^>]+>; rel=preload; as=image; fetchpriority=high){3}$/,
    );
    for (const route of ['/keuze', '/selection', '/', '/onbekend'])
      expect(await linkOf(route), route).toBe(expected(''));
    expect(await linkOf('/keuze/designer%3Aall')).toBe(expected('designer:all'));
    expect(expected('designer:all')).not.toBe(expected(''));
    expect(await linkOf('/keuze/geen-filter')).toBeUndefined();
    for (const route of ['/edit', '/edit/123', '/fout'])
      expect(await linkOf(route), route).toBeUndefined();
    const thumb = await get(`${server.url}${/<([^>]+)>/.exec(expected(''))![1]}`);
    expect(thumb.status).toBe(200);
  });

  it('sends the service worker as no-cache and compressed, so a deploy is seen at once', async () => {
    const answer = await get(`${server.url}/serviceWorker.js`, { 'accept-encoding': 'br, gzip' });
    expect(answer.headers['cache-control']).toBe(REVALIDATE);
    expect(answer.headers['content-encoding']).toMatch(/^(br|gzip)$/);
  });

  it('compresses catalog XML and a dynamic shop page on the fly', async () => {
    const xml = await get(`${server.url}/catalog/themes.xml`, { 'accept-encoding': 'br, gzip' });
    expect(xml.status).toBe(200);
    expect(xml.headers['content-encoding']).toBe('br');
    expect(decoded(xml)).toBe(await fs.readFile(path.resolve('catalog/themes.xml'), 'utf8'));
    const page = await get(`${server.url}/winkel`, { 'accept-encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(decoded(page)).toMatch(/<html/);
  });

  it('compresses an API answer over 1 kB and leaves a small one alone', async () => {
    const user = await seedUser(server.app.db);
    for (let i = 0; i < 12; i += 1) {
      await saveCollage(
        server.app.db,
        {
          userId: user.userId,
          collageId: null,
          templateId: '101',
          childTemplateId: '1',
          name: `Vakantie ${i}`,
          size: '40x30',
          material: 'PHOTO',
          collageXml: '<collage/>',
          editor: 1,
          editorVersion: 1,
          forOrder: false,
          screenshot: null,
          photoIds: [],
        },
        saveLimitsOf(server.config),
      );
    }
    const cookie = `${SESSION_COOKIE}=${user.sessionId}`;
    const list = await get(`${server.url}/api/list`, { 'accept-encoding': 'br, gzip', cookie });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    const body = JSON.parse(decoded(list)) as { collages: unknown[] };
    expect(body.collages).toHaveLength(12);
    expect(Buffer.byteLength(JSON.stringify(body))).toBeGreaterThan(1024);

    const small = await get(`${server.url}/api/list`, { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(401);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
