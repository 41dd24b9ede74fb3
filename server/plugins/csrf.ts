import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestLocale, t } from '../i18n/messages.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestOrigin {
  /** Sec-Fetch-Site as a browser sends it. */
  secFetchSite?: string;
  origin?: string;
  referer?: string;
  /** The Host the request was sent to (X-Forwarded-Host behind a trusted proxy). */
  host: string;
}

/**
 * True when a browser says the request comes from another site. The session cookie is SameSite=Lax,
 * which already keeps it off cross-site form posts in current browsers; this is the second line:
 * Fetch Metadata first, then Origin (or Referer when a browser leaves Origin out) against Host.
 * A request with none of these headers is not from a browser page (curl, a server) and carries no
 * ambient cookie of a victim, so it passes.
 */
export function isCrossSite(request: RequestOrigin): boolean {
  if (request.secFetchSite?.toLowerCase() === 'cross-site') return true;
  // An empty header is no header: browsers never send one empty.
  const source = request.origin || request.referer;
  if (!source) return false;
  return !isSameHost(source, request.host);
}

/** Compares hosts with default ports normalised by the source's scheme; an opaque "null" origin never matches. */
export function isSameHost(source: string, host: string): boolean {
  try {
    const from = new URL(source);
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false;
    return from.host === new URL(`${from.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Refuses every state-changing request that a browser marks as coming from another site (403 JSON). */
export const csrfPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const crossSite = isCrossSite({
      secFetchSite: header(request.headers['sec-fetch-site']),
      origin: header(request.headers.origin),
      referer: header(request.headers.referer),
      host: request.host,
    });
    if (!crossSite) return;
    request.log.warn(
      { origin: request.headers.origin, secFetchSite: request.headers['sec-fetch-site'] },
      'cross-site request refused',
    );
    return reply.code(403).send({ error: t('request.crossSite', requestLocale(request)) });
  });
});
