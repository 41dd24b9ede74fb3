import type { FastifyRequest } from 'fastify';
import { isSameHost } from '../plugins/csrf.js';

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * True when the social login may start: the navigation comes from the shop's own page (the
 * editor's popup) or from the customer's own hand (typed, a bookmark). Starting a login replaces
 * the session's connection to the service, and the session cookie (SameSite=Lax) goes along with
 * a top-level navigation from any site: a link elsewhere ended the customer's connected service
 * (issue 26 item 11).
 * - Fetch Metadata: `same-origin` (the editor's window.open) or `none` (the address bar); never
 *   `same-site` or `cross-site`, whatever the Referer says.
 * - A browser without Fetch Metadata (before 2023): the Referer must be the shop's. The shop sends
 *   Referrer-Policy same-origin, so its popup carries one; another site can suppress a Referer but
 *   cannot make one up.
 * - Neither header: not a browser page of the shop, and nothing to start a popup login for.
 */
export function isShopNavigation(request: FastifyRequest): boolean {
  const site = header(request.headers['sec-fetch-site'])?.toLowerCase();
  if (site) return site === 'same-origin' || site === 'none';
  const referer = header(request.headers.referer);
  return Boolean(referer) && isSameHost(referer!, request.host);
}
