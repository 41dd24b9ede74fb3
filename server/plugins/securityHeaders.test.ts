import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { inlineStyleSources } from './securityHeaders.js';

/** index.html as the build writes it: the page's own styles inlined (vite.config.ts inlineEntryCss). */
const indexHtml = (css: string) =>
  `<!doctype html><html><head><script type="module" crossorigin src="/assets/index-Ab12.js"></script><style>${css}</style></head><body><div id="root"></div></body></html>`;

/** A build as Vite leaves it: index.html naming a hashed script, the script and its source map. */
async function fakeBuild(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-build-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), indexHtml('body{margin:0}'));
  await fs.writeFile(
    path.join(dir, 'assets', 'index-Ab12.js'),
    'console.log(1);\n//# sourceMappingURL=index-Ab12.js.map\n',
  );
  await fs.writeFile(
    path.join(dir, 'assets', 'index-Ab12.js.map'),
    '{"version":3,"sources":["src/main.tsx"],"sourcesContent":["secret"]}',
  );
  return dir;
}

function firstScript(html: string): string {
  const match = /<script[^>]*src="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error('no script in index.html');
  return match[1];
}

describe.each(backends)('security headers and the files served on %s', (backend) => {
  let server: TestServer;
  let withMaps: TestServer;
  let build: string;
  beforeAll(async () => {
    build = await fakeBuild();
    server = await startTestServer(backend, { staticDir: build });
    withMaps = await startTestServer(backend, { staticDir: build, serveSourceMaps: true });
  });
  afterAll(async () => {
    await Promise.all([server.destroy(), withMaps.destroy()]);
    await fs.rm(build, { recursive: true, force: true });
  });

  it.each(['/', '/keuze', '/edit/123?lang=nl'])(
    '%s carries a CSP the editor works under, frame-ancestors, nosniff and a referrer policy',
    async (page) => {
      const response = await fetch(server.url + page);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("object-src 'none'");
      expect(csp).not.toContain('unsafe-inline');
      // Exactly the inline stylesheet of the build's index.html, by its SHA-256 (openssl dgst -sha256 -binary | base64).
      expect(csp).toContain(
        "style-src 'self' 'sha256-IAdwN3biDCQ3brrgp1m8kBEsPQYyqfREKOEfeoREopc='",
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('same-origin');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    },
  );

  it('follows a new build of index.html under the running server: its styles, not the old ones', async () => {
    const html = path.join(build, 'index.html');
    const mtime = (await fs.stat(html)).mtime;
    await fs.writeFile(html, indexHtml('body{margin:1px}'));
    // A different modification time even on a coarse clock: the server reads the file again on a change.
    await fs.utimes(html, new Date(), new Date(mtime.getTime() + 5000));
    try {
      const csp = (await fetch(`${server.url}/keuze`)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain(
        `style-src 'self' ${inlineStyleSources(indexHtml('body{margin:1px}'))[0]}`,
      );
      expect(csp).not.toContain(inlineStyleSources(indexHtml('body{margin:0}'))[0]);
    } finally {
      await fs.writeFile(html, indexHtml('body{margin:0}'));
    }
  });

  it('keeps the shop pages’ own CSP with its nonce', async () => {
    const response = await fetch(`${server.url}/overzicht`);
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves no source map unless SOURCE_MAPS=true', async () => {
    const script = firstScript(await (await fetch(server.url + '/')).text());
    expect((await fetch(server.url + script)).status).toBe(200);
    expect((await fetch(`${server.url}${script}.map`)).status).toBe(404);
    expect((await fetch(`${server.url}${script.replace('.js', '%2Ejs')}.map`)).status).toBe(404);
    expect((await fetch(`${withMaps.url}${script}.map`)).status).toBe(200);
  });

  it('serves only the catalog files the editor needs', async () => {
    for (const file of [
      '/catalog/catalog.test.ts',
      '/catalog/README.md',
      '/catalog/readme.MD',
      '/catalog/%52EADME.md',
      '/catalog/.hidden.xml',
    ]) {
      expect((await fetch(server.url + file)).status, file).toBe(404);
    }
    for (const file of [
      '/catalog/themes.xml',
      '/catalog/shapes.xml',
      '/catalog/quotes/index.json',
    ]) {
      expect((await fetch(server.url + file)).status, file).toBe(200);
    }
  });
});
