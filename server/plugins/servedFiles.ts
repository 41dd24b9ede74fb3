import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { requestPathname } from './requestPath.js';

export interface ServedFilesOptions {
  /** SOURCE_MAPS=true: the build's .map files are served (they hold the full sources). */
  serveSourceMaps: boolean;
}

/**
 * What the editor fetches from the catalog: the themes and shapes lists and the templates (XML),
 * the quote list (JSON) and pictures. The folder also holds the catalog's tests and READMEs, which
 * are nobody's business.
 */
const CATALOG_EXTENSIONS = new Set(['.xml', '.json', '.png', '.jpg', '.jpeg', '.svg', '.webp']);

/**
 * The route the router matched when it names one file: the build's files are one route each
 * (@fastify/static without a wildcard), so this is the file that would be sent, whatever the router
 * made of the request's path (fragments, escapes, and any normalisation a router option adds).
 */
function routedFile(request: FastifyRequest): string | null {
  const route = request.routeOptions.url;
  return route && !route.includes('*') && !route.includes(':') ? route : null;
}

/** True for a request the static files must not answer: outside the catalog's list, a source map, a dotfile. */
export function isWithheldFile(pathname: string, options: ServedFilesOptions): boolean {
  if (pathname.startsWith('/api/')) return false;
  if (
    pathname
      .split('/')
      .some((segment) => segment.startsWith('.') && segment !== '.' && segment !== '..')
  )
    return true;
  const extension = path.extname(pathname).toLowerCase();
  if (pathname.startsWith('/catalog/')) return !CATALOG_EXTENSIONS.has(extension);
  return extension === '.map' && !options.serveSourceMaps;
}

/**
 * Answers 404 before the static files are looked at for what must not be served; the static
 * serving itself (compression, caching) stays as it is. It judges the path as the router reads it
 * (requestPath.ts) and the file route the router chose, so the two can never disagree.
 */
export const servedFilesPlugin = fp<ServedFilesOptions>(async (app: FastifyInstance, options) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = requestPathname(request.url);
    const file = routedFile(request);
    const withheld =
      pathname === null ||
      isWithheldFile(pathname, options) ||
      (file !== null && isWithheldFile(file, options));
    if (!withheld) return;
    return reply.code(404).send({ error: 'Not found' });
  });
});
