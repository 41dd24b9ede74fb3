import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { rawRequestPath, requestPathname } from './requestPath.js';
import { isWithheldFile } from './servedFiles.js';

const MAP = 'index-Ab12.js.map';
const MAP_CONTENT =
  '{"version":3,"sources":["src/main.tsx"],"sourcesContent":["the shop’s own sources"]}';

/** A build as Vite leaves it: index.html naming a hashed script, the script and its source map. */
async function fakeBuild(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-served-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" src="/assets/index-Ab12.js"></script></head><body></body></html>',
  );
  await fs.writeFile(
    path.join(dir, 'assets', 'index-Ab12.js'),
    `console.log(1);\n//# sourceMappingURL=${MAP}\n`,
  );
  await fs.writeFile(path.join(dir, 'assets', MAP), MAP_CONTENT);
  return dir;
}

/**
 * Sends the request line as written, byte for byte: fetch and http.get would drop a fragment or
 * normalise the path before it leaves, which is exactly what an attacker's raw client does not do.
 */
function rawRequest(
  baseUrl: string,
  target: string,
  method = 'GET',
): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`,
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
    });
  });
}

/** Every way of naming the source map that a router or a file server might read as its path. */
const MAP_TARGETS = [
  `/assets/${MAP}`,
  `/assets/${MAP}#x`,
  `/assets/${MAP}#`,
  `/assets/${MAP}?x#y`,
  `/assets/${MAP}#x?y`,
  `/assets/${MAP}%23x`,
  `/assets/${MAP}%23`,
  `/assets/${MAP};x`,
  '/assets/index-Ab12.js%2emap',
  '/assets/index-Ab12.js%2Emap#x',
  '/assets/index-Ab12%2ejs%2emap',
  `/assets%2F${MAP}`,
  `//assets/${MAP}`,
  `/assets//${MAP}`,
  `//assets//${MAP}#x`,
  `/./assets/${MAP}`,
  `/assets/./${MAP}#x`,
  `/assets/../assets/${MAP}`,
  `/api/../assets/${MAP}`,
  `/ASSETS/${MAP}`,
  `/assets/INDEX-AB12.JS.MAP`,
  `/assets/index-Ab12.js.MAP#x`,
  `/assets/index-Ab12.js.Map%23x`,
  `/assets/${MAP}/`,
  `/assets/${MAP}/#x`,
];

describe('requestPathname', () => {
  it('reads the path as the router does: up to the first ? or #, decoded', () => {
    expect(requestPathname(`/assets/${MAP}#x`)).toBe(`/assets/${MAP}`);
    expect(requestPathname(`/assets/${MAP}?a#b`)).toBe(`/assets/${MAP}`);
    expect(requestPathname('/assets/index-Ab12.js%2emap')).toBe(`/assets/${MAP}`);
    expect(requestPathname(`/assets/${MAP}%23x`)).toBe(`/assets/${MAP}#x`);
    expect(requestPathname('/keuze/%E0%A4%A')).toBeNull();
    expect(rawRequestPath('/keuze/designer%3Aanna#top')).toBe('/keuze/designer%3Aanna');
  });

  it('withholds a source map whatever follows its name after ? or # (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('?', '#'),
        fc.string({ maxLength: 30 }),
        fc.constantFrom('map', 'MAP', 'Map', '%6dap', '%6Dap'),
        (mark, rest, extension) => {
          const pathname = requestPathname(`/assets/index-Ab12.js.${extension}${mark}${rest}`);
          expect(pathname).not.toBeNull();
          expect(isWithheldFile(pathname!, { serveSourceMaps: false })).toBe(true);
        },
      ),
    );
  });
});

describe.each(backends)('source maps and catalog files over raw HTTP on %s', (backend) => {
  let server: TestServer;
  let withMaps: TestServer;
  let build: string;
  beforeAll(async () => {
    build = await fakeBuild();
    server = await startTestServer(backend, { staticDir: build });
    withMaps = await startTestServer(backend, { staticDir: build, serveSourceMaps: true });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([server?.destroy(), withMaps?.destroy()]);
    await fs.rm(build, { recursive: true, force: true });
  });

  it('serves the script and, with SOURCE_MAPS=true only, its map (the control)', async () => {
    expect((await rawRequest(server.url, '/assets/index-Ab12.js')).status).toBe(200);
    const map = await rawRequest(withMaps.url, `/assets/${MAP}#x`);
    expect(map.status).toBe(200);
    expect(map.text).toContain('sourcesContent');
  });

  it.each(['GET', 'HEAD'])(
    'never answers a source map to %s, however its path is written',
    async (method) => {
      const answers = await Promise.all(
        MAP_TARGETS.map(async (target) => ({
          target,
          ...(await rawRequest(server.url, target, method)),
        })),
      );
      for (const answer of answers) {
        expect(answer.status, answer.target).not.toBe(200);
        expect(answer.text, answer.target).not.toContain('sourcesContent');
      }
    },
  );

  it('keeps the catalog to its own kinds of file, fragments and escapes included', async () => {
    for (const target of [
      '/catalog/README.md#.xml',
      '/catalog/README.md%23.xml',
      '/catalog/README.md?.xml',
      '/catalog/README.md;.xml',
      '/catalog//README.md#.png',
      '/catalog/README%2emd',
    ]) {
      const answer = await rawRequest(server.url, target);
      expect(answer.status, target).not.toBe(200);
      expect(answer.text, target).not.toContain('# catalog');
    }
    expect((await rawRequest(server.url, '/catalog/themes.xml')).status).toBe(200);
  });
});
