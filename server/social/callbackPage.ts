import crypto from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../pages/html.js';

/** The prefix of the login window's message; the editor takes what follows as the one-time ticket. */
export const SOCIAL_MESSAGE_PREFIX = 'fotocollage-social:';
export const SOCIAL_ERROR_PREFIX = 'fotocollage-social-error:';

/**
 * The page that ends the login in the popup: it tells the editor (window.opener) by window message,
 * to the shop's own origin only, and closes. The message is the ticket (or the service's error);
 * the access token stays on the server. Cross-Origin-Opener-Policy unsafe-none: the popup came
 * here from the service's pages, and a stricter policy would cut it off from its opener.
 */
export function sendCallbackPage(
  reply: FastifyReply,
  options: { message: string; targetOrigin: string; text: string; lang: string },
): FastifyReply {
  const nonce = crypto.randomBytes(16).toString('base64');
  const script = `(function(){var m=${JSON.stringify(options.message).replace(/</g, '\\u003c')};if(window.opener){window.opener.postMessage(m,${JSON.stringify(options.targetOrigin).replace(/</g, '\\u003c')});window.close();}})();`;
  const page = `<!doctype html><html lang="${escapeHtml(options.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(options.text)}</title></head><body><p>${escapeHtml(options.text)}</p><script nonce="${nonce}">${script}</script></body></html>`;
  return reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('cross-origin-opener-policy', 'unsafe-none')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(page);
}
