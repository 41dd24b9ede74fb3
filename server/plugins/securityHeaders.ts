import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

export interface SecurityHeadersOptions {
  /** HTTPS in front (SECURE_COOKIES): browsers are also told to keep to HTTPS. */
  https: boolean;
  /** The build's index.html, whose inline <style> blocks the CSP allows by their hashes. */
  indexHtml?: string;
}

/** The CSP sources that allow an HTML page's inline <style> blocks, and nothing else: their SHA-256 hashes. */
export function inlineStyleSources(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
    ([, css = '']) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`,
  );
}

/** index.html's inline-style sources, read again when the file changes (a new build under a running server). */
function styleSourcesOf(file: string): () => string {
  let read = { mtimeMs: Number.NaN, sources: '' };
  return () => {
    try {
      const { mtimeMs } = fs.statSync(file);
      if (mtimeMs !== read.mtimeMs)
        read = { mtimeMs, sources: inlineStyleSources(fs.readFileSync(file, 'utf8')).join(' ') };
    } catch {
      read = { mtimeMs: Number.NaN, sources: '' };
    }
    return read.sources;
  };
}

/**
 * The editor's Content-Security-Policy: only our own scripts, styles, fonts and workers.
 * - CanvasKit and the photo codec compile WebAssembly: 'wasm-unsafe-eval' (not 'unsafe-eval').
 * - Photos the customer picks are shown and drawn from blob: URLs (URL.createObjectURL) and data:
 *   URLs (the file service's answer, effect thumbnails), which canvasPixels also fetches.
 * - Workers are module workers from /assets/ (self); blob: too, as bundlers may start them so.
 * - frame-ancestors 'self': no other site frames the editor (clickjacking).
 * - The build inlines the page's own small stylesheet into index.html (vite.config.ts): style-src
 *   adds exactly those blocks' hashes (never 'unsafe-inline').
 * A worker gets its CSP from its script's answer, which carries the same header, so the wasm
 * permission is needed there as well.
 */
export const EDITOR_CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'worker-src': ["'self'", 'blob:'],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'data:', 'blob:'],
  'media-src': ["'self'", 'blob:'],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * Security headers on every answer (@fastify/helmet): the CSP above, X-Content-Type-Options nosniff,
 * Referrer-Policy same-origin (no address leaves for the shop's other sites, and same-origin form
 * posts keep their Origin, which the CSRF check reads), X-Frame-Options for old browsers. The shop
 * pages send their own stricter CSP with a nonce (pages/html.ts), which replaces this one.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (app: FastifyInstance, options) => {
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: options.indexHtml
          ? {
              ...EDITOR_CSP_DIRECTIVES,
              'style-src': [
                ...EDITOR_CSP_DIRECTIVES['style-src'],
                styleSourcesOf(options.indexHtml),
              ],
            }
          : EDITOR_CSP_DIRECTIVES,
      },
      // Same-origin but popups allowed: the social photo login talks to its window by postMessage.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'same-origin' },
      frameguard: { action: 'sameorigin' },
      strictTransportSecurity: options.https
        ? { maxAge: 31_536_000, includeSubDomains: false }
        : false,
    });
  },
);
