import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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

function pathOf(request: FastifyRequest): string | null {
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
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
 * serving itself (compression, caching) stays as it is.
 */
export const servedFilesPlugin = fp<ServedFilesOptions>(async (app: FastifyInstance, options) => {
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const pathname = pathOf(request);
    if (pathname !== null && !isWithheldFile(pathname, options)) return;
    return reply.code(404).send({ error: 'Not found' });
  });
});
