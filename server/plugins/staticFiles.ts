/**
 * The built editor (Vite's dist/) and the catalog, sent compressed and cached for a phone on a slow
 * network (issue 13):
 * - dist/ is precompressed at build time (brotli and gzip next to each file, vite.config.ts) and
 *   sent with @fastify/static's preCompressed: no compression work per request.
 * - Hashed files under /assets/ never change under their name: a year, immutable. Everything else
 *   (index.html, the service worker, the icon) is `no-cache` with an ETag and Last-Modified, so a
 *   returning browser revalidates it and a deploy shows at once.
 * - The catalog is read from disk as it is; @fastify/compress (registered in app.ts) compresses its
 *   text answers on the fly, like every dynamic HTML and API answer.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Cache-Control for a file of the build, by its path under dist/ (compressed variants too). */
export function buildFileCacheControl(relativePath: string): string {
  return /^assets\//.test(relativePath.split(path.sep).join('/')) ? IMMUTABLE : REVALIDATE;
}

/** True when dist/ holds a build with its index.html. */
export function hasBuild(staticDir: string | undefined): staticDir is string {
  return Boolean(staticDir && fs.existsSync(path.join(staticDir, 'index.html')));
}

/** Serves dist/ at / (index.html for every client-side route is the not-found handler's job). */
export async function registerBuildFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    wildcard: false,
    // '/' too is a page of the app, answered by the not-found handler (app.ts) like every route.
    index: false,
    preCompressed: true,
    // The header is ours (setHeaders below); send's own would be `public, max-age=0`.
    cacheControl: false,
    setHeaders: (reply: FastifyReply, filePath: string) => {
      reply.header('cache-control', buildFileCacheControl(path.relative(staticDir, filePath)));
    },
  });
}

/** The catalog under /catalog/ as it is on disk (compressed on the fly by @fastify/compress). */
export async function registerCatalogFiles(
  app: FastifyInstance,
  catalogDir: string,
): Promise<void> {
  if (!fs.existsSync(catalogDir)) return;
  await app.register(fastifyStatic, {
    root: catalogDir,
    prefix: '/catalog/',
    decorateReply: false,
  });
}
