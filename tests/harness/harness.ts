/**
 * Builds the browser harness (vite.harness.config.ts → test-results/harness) and serves it on a
 * free port, with a stand-in for the quote list call that counts its requests. Used by
 * tests/e2e/photos.spec.ts and tests/bench/photos.ts.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('../../', import.meta.url));
export const HARNESS_DIR = join(root, 'test-results/harness');
export const FIXTURES = join(root, '../shared/fixtures/photos');

export async function buildHarness(): Promise<void> {
  await build({ configFile: join(root, 'vite.harness.config.ts'), mode: 'production' });
}

export interface HarnessServer {
  url: string;
  /** Requests of GET /api/collagePhoto/collageid/{id} so far. */
  quoteRequests(): number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
};

/** Three quote images: fixture photos standing in for the shop's quotes. */
const QUOTES = [
  { id: 'q1', file: 'cameras/gps_DSCN0010.jpg', width: 640, height: 480, text: 'Carpe diem' },
  {
    id: 'q2',
    file: 'cameras/xmp_no_exif.jpg',
    width: 322,
    height: 466,
    text: 'Geniet van de kleine dingen',
  },
  {
    id: 'q3',
    file: 'cameras/xmp_BlueSquare.jpg',
    width: 360,
    height: 216,
    text: 'Samen is alles mooier',
  },
];

export async function startHarnessServer(
  options: { quoteDelayMs?: number } = {},
): Promise<HarnessServer> {
  if (!existsSync(join(HARNESS_DIR, 'photos.html')))
    throw new Error('harness not built: call buildHarness() first');
  let quoteRequests = 0;
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://harness');
    if (url.pathname.startsWith('/api/collagePhoto/collageid/')) {
      quoteRequests += 1;
      const list = QUOTES.map((quote) => ({
        webformat: { src: `/quotes/${quote.id}.jpg`, width: quote.width, height: quote.height },
        fullformat: { width: quote.width, height: quote.height },
        id: quote.id,
        type: 'other',
        unique: quote.id,
        text: quote.text,
      }));
      setTimeout(() => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(list));
      }, options.quoteDelayMs ?? 0);
      return;
    }
    const quote = /^\/quotes\/(q\d)\.jpg$/.exec(url.pathname);
    if (quote) {
      const entry = QUOTES.find((item) => item.id === quote[1]);
      if (!entry) return void response.writeHead(404).end();
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      return void response.end(readFileSync(join(FIXTURES, entry.file)));
    }
    const path = normalize(join(HARNESS_DIR, url.pathname === '/' ? 'photos.html' : url.pathname));
    if (!path.startsWith(HARNESS_DIR) || !existsSync(path) || !statSync(path).isFile())
      return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' });
    createReadStream(path).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    quoteRequests: () => quoteRequests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
