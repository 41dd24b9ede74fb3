import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPhotoService,
  DEV_CLIENT_ID,
  DEV_CLIENT_SECRET,
  DEV_SCOPE,
  type PhotoService,
} from '../../scripts/socialDev/photoService.js';
import { socialDevEnv } from '../../scripts/socialDev/socialDevEnv.js';
import { t } from '../i18n/messages.js';
import { socialConfigFromEnv } from '../social/socialConfig.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { TEST_SHOP_URL, freePort, loginThroughPopup, ticketOf } from '../test/socialLogin.js';

/** What a browser sends with a top-level navigation that another site started (a link, a redirect, window.open). */
const FROM_ANOTHER_SITE: Record<string, Record<string, string>> = {
  'a link on another site': {
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    'sec-fetch-user': '?1',
    referer: 'https://evil.example/page',
  },
  'a page on a sibling subdomain': {
    'sec-fetch-site': 'same-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
  },
  'a redirect with no referrer': { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
  'an old browser (no Fetch Metadata) from another site': {
    referer: 'https://evil.example/page',
  },
  'an old browser with the referrer suppressed': {},
  'a cross-site Fetch Metadata with the shop as Referer': {
    'sec-fetch-site': 'cross-site',
    referer: `${TEST_SHOP_URL}/edit`,
  },
};

describe.each(backends)(
  'the social login starts only from the shop’s own pages (%s)',
  (backend) => {
    let service: PhotoService;
    let server: TestServer;

    beforeAll(async () => {
      service = await startPhotoService({ port: await freePort(), shopUrl: TEST_SHOP_URL });
      const env = socialDevEnv(service.url, {
        clientId: DEV_CLIENT_ID,
        clientSecret: DEV_CLIENT_SECRET,
        scope: DEV_SCOPE,
      });
      server = await startTestServer(backend, { social: socialConfigFromEnv(env, TEST_SHOP_URL) });
    }, 120_000);
    afterAll(async () => {
      await server?.destroy();
      await service?.close();
    });

    /** A customer who went through the real OAuth login in the editor's popup and reads their media. */
    async function connectedCustomer(): Promise<TestClient> {
      const client = new TestClient(server.url);
      const ticket = ticketOf(await loginThroughPopup(client));
      expect(ticket).not.toBeNull();
      expect((await client.postFormJson('/api/social/connect', { ticket: ticket! })).status).toBe(
        200,
      );
      expect((await client.request('/api/social/media')).status).toBe(200);
      return client;
    }

    it.each(Object.entries(FROM_ANOTHER_SITE))(
      'refuses %s and leaves the connected service as it was',
      { timeout: 60_000 },
      async (_, headers) => {
        const client = await connectedCustomer();
        const answer = await client.request('/api/social/login?lang=en', { headers });
        expect(answer.status).toBe(403);
        expect(answer.headers.get('location')).toBeNull();
        const page = await answer.text();
        expect(page).toContain(t('request.crossSite', 'en'));
        // the popup's page tells the shop's own editor only, as the callback page does
        expect(page).toContain('fotocollage-social-error:');
        expect(page).toContain(JSON.stringify(TEST_SHOP_URL));
        expect((await client.request('/api/social/media')).status).toBe(200);
      },
    );

    it(
      'refuses twenty such navigations at once, the media list answering throughout',
      { timeout: 60_000 },
      async () => {
        const client = await connectedCustomer();
        const headers = FROM_ANOTHER_SITE['a link on another site']!;
        const answers = await Promise.all([
          ...Array.from({ length: 20 }, () => client.request('/api/social/login', { headers })),
          client.request('/api/social/media'),
        ]);
        expect(answers.slice(0, 20).map((answer) => answer.status)).toEqual(Array(20).fill(403));
        expect(answers[20]!.status).toBe(200);
        expect((await client.request('/api/social/media')).status).toBe(200);
      },
    );

    it('creates no session for a refused start', async () => {
      const stranger = new TestClient(server.url);
      const answer = await stranger.request('/api/social/login', {
        headers: FROM_ANOTHER_SITE['a link on another site'],
      });
      expect(answer.status).toBe(403);
      expect(answer.headers.getSetCookie()).toEqual([]);
    });

    it.each([
      ['the editor’s popup (same origin)', { 'sec-fetch-site': 'same-origin' }],
      ['the address bar (none)', { 'sec-fetch-site': 'none' }],
      ['an old browser from the shop’s own page', { referer: '/edit' }],
    ])('starts the login from %s', async (_, headers: Record<string, string>) => {
      const client = new TestClient(server.url);
      const sent = headers.referer ? { referer: server.url + headers.referer } : headers;
      const answer = await client.request('/api/social/login', { headers: sent });
      expect(answer.status).toBe(302);
      expect(answer.headers.get('location')).toContain(`${service.url}/auth?`);
    });
  },
);
