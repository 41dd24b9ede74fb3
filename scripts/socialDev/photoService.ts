/**
 * The local photo service of `npm run social:dev` and the e2e tests: a real OAuth 2.0
 * authorization server (oidc-provider: authorization code with PKCE S256 required, a confidential
 * client, opaque access tokens for the media resource) with an Instagram-shaped media API beside
 * it. One account, demo / demo, with 60 photos (and 3 videos, which the editor leaves out).
 * Development tooling: the product never imports it.
 */
import http from 'node:http';
import Provider, { type Configuration } from 'oidc-provider';
import { DEMO_PHOTO_COUNT, demoPhoto, demoPhotoId, demoThumbnail } from './demoPhotos';
import { sendInteraction } from './interactionPages';

import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_SCOPE } from './devClient';

export { DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_SCOPE } from './devClient';
export const PAGE_SIZE = 25;
const ACCOUNT = { id: 'demo', username: 'demo', password: 'demo' };
/** Before every 15th photo a video: the list holds 60 photos and 3 videos (63 items, pages of 25, 25 and 13). */
const VIDEO_EVERY = 15;

export interface PhotoServiceOptions {
  port: number;
  host?: string;
  /** The shop's address: its /api/social/callback is the client's one redirect URI. */
  shopUrl: string;
}

export interface PhotoService {
  url: string;
  close(): Promise<void>;
}

interface MediaEntry {
  id: string;
  type: 'IMAGE' | 'VIDEO';
  photoIndex: number;
}

function mediaEntries(): MediaEntry[] {
  const entries: MediaEntry[] = [];
  for (let index = 0; index < DEMO_PHOTO_COUNT; index++) {
    if (index > 0 && index % VIDEO_EVERY === 0)
      entries.push({ id: `video-${index}`, type: 'VIDEO', photoIndex: index });
    entries.push({ id: demoPhotoId(index), type: 'IMAGE', photoIndex: index });
  }
  return entries;
}

/**
 * When a demo photo was posted, in Instagram's form ('2025-06-01T09:30:00+0000'): newest first,
 * two days apart, so the picker can tell the photos apart by date.
 */
export function demoTimestamp(photoIndex: number): string {
  const posted = new Date(Date.UTC(2025, 5, 1, 9, 30) - photoIndex * 2 * 24 * 3600 * 1000);
  return posted.toISOString().replace(/\.\d{3}Z$/, '+0000');
}

function sendJson(response: http.ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
  });
  response.end(JSON.stringify(body));
}

export async function startPhotoService(options: PhotoServiceOptions): Promise<PhotoService> {
  const host = options.host ?? '127.0.0.1';
  const base = `http://${host}:${options.port}`;
  const resource = `${base}/me`;
  const configuration: Configuration = {
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: DEV_CLIENT_SECRET,
        redirect_uris: [new URL('/api/social/callback', options.shopUrl).href],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    // PKCE on every request; oidc-provider 9 knows S256 alone (8.x needed `methods: ['S256']`).
    pkce: { required: () => true },
    scopes: [],
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: DEV_SCOPE,
          accessTokenFormat: 'opaque',
          accessTokenTTL: 3600,
        }),
      },
    },
    findAccount: (_ctx, id) =>
      id === ACCOUNT.id ? { accountId: id, claims: () => ({ sub: id }) } : undefined,
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['fotocollage-social-dev-cookie-key'] },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, Interaction: 600, Session: 3600, Grant: 3600 },
  };
  const provider = new Provider(base, configuration);
  const entries = mediaEntries();
  /** Tokens issued so far, and those POST /dev/expire-tokens made worthless (an expired token). */
  const issued = new Set<string>();
  const expired = new Set<string>();
  provider.on('access_token.saved', (token: { jti: string }) => issued.add(token.jti));
  /** POST /dev/fault {status}: every API call answers this status until cleared (status 0). */
  let faultStatus = 0;

  async function tokenOf(request: http.IncomingMessage, url: URL): Promise<boolean> {
    const header = request.headers.authorization ?? '';
    const value = header.startsWith('Bearer ')
      ? header.slice(7)
      : url.searchParams.get('access_token');
    if (!value) return false;
    const token = await provider.AccessToken.find(value);
    if (!token || token.isExpired || !token.scopes.has('user_media')) return false;
    return !expired.has(token.jti);
  }

  async function api(
    request: http.IncomingMessage,
    response: http.ServerResponse,
    url: URL,
  ): Promise<boolean> {
    const path = url.pathname;
    if (request.method === 'POST' && path === '/dev/expire-tokens') {
      for (const jti of issued) expired.add(jti);
      sendJson(response, 200, { expired: true });
      return true;
    }
    if (request.method === 'POST' && path === '/dev/fault') {
      faultStatus = Number(url.searchParams.get('status') ?? 0);
      sendJson(response, 200, { faultStatus });
      return true;
    }
    if (path !== '/me' && path !== '/me/media' && !path.startsWith('/media/')) return false;
    if (faultStatus) {
      response.writeHead(faultStatus, { 'content-type': 'text/plain' });
      response.end(http.STATUS_CODES[faultStatus] ?? 'error');
      return true;
    }
    if (!(await tokenOf(request, url))) {
      // Instagram's answer to an expired or unknown token.
      sendJson(response, 401, {
        error: {
          message: 'Error validating access token: Session has expired.',
          type: 'OAuthException',
          code: 190,
        },
      });
      return true;
    }
    if (path === '/me') {
      sendJson(response, 200, { id: 'demo-user', username: ACCOUNT.username });
      return true;
    }
    if (path === '/me/media') {
      const start = Math.max(0, Number(url.searchParams.get('after') ?? 0) || 0);
      const page = entries.slice(start, start + PAGE_SIZE);
      const data = page.map((entry) =>
        entry.type === 'VIDEO'
          ? {
              id: entry.id,
              media_type: 'VIDEO',
              media_url: `${base}/media/${entry.id}.mp4`,
              thumbnail_url: `${base}/media/${entry.photoIndex}_thumb.jpg`,
            }
          : {
              id: entry.id,
              media_type: 'IMAGE',
              media_url: `${base}/media/${entry.photoIndex}.jpg`,
              timestamp: demoTimestamp(entry.photoIndex),
            },
      );
      const body: { data: unknown[]; paging?: { next?: string } } = { data };
      if (start + PAGE_SIZE < entries.length) {
        // Like Instagram's, the next link carries the token when the call did.
        const next = new URL(url.href);
        next.searchParams.set('after', String(start + PAGE_SIZE));
        body.paging = { next: next.href };
      }
      sendJson(response, 200, body);
      return true;
    }
    const match = /^\/media\/(\d+)(_thumb)?\.jpg$/.exec(path);
    const index = match ? Number(match[1]) : -1;
    if (index < 0 || index >= DEMO_PHOTO_COUNT) {
      sendJson(response, 404, {
        error: { message: 'Unsupported get request.', type: 'GraphMethodException', code: 100 },
      });
      return true;
    }
    const bytes = match![2] ? await demoThumbnail(index) : await demoPhoto(index);
    response.writeHead(200, {
      'content-type': 'image/jpeg',
      'content-length': bytes.length,
      'cache-control': 'private, max-age=3600',
    });
    response.end(bytes);
    return true;
  }

  const oidc = provider.callback();
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', base);
    const handle = async () => {
      if (await api(request, response, url)) return;
      if (url.pathname.startsWith('/interaction/'))
        return sendInteraction(provider, request, response, url, ACCOUNT);
      return oidc(request, response);
    };
    handle().catch((error: unknown) => {
      console.error('[social-dev]', error);
      if (!response.headersSent)
        sendJson(response, 500, { error: { message: 'dev service failed' } });
      else response.end();
    });
  });
  // The thumbnails are drawn before the service answers (a few seconds): a list scrolled through
  // quickly then waits for nothing. Full-size photos are drawn when first read.
  for (let index = 0; index < DEMO_PHOTO_COUNT; index++) await demoThumbnail(index);
  await new Promise<void>((resolve) => server.listen(options.port, host, resolve));
  return {
    url: base,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
