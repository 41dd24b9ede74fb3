import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startPhotoService,
  DEV_CLIENT_ID,
  DEV_CLIENT_SECRET,
  DEV_SCOPE,
  type PhotoService,
} from '../../scripts/socialDev/photoService.js';
import { socialDevEnv } from '../../scripts/socialDev/socialDevEnv.js';
import { socialConfigFromEnv } from '../social/socialConfig.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { TEST_SHOP_URL, freePort, loginThroughPopup, ticketOf } from '../test/socialLogin.js';

interface MediaAnswer {
  data: { id: string; media_type: string; media_url?: string; thumbnail_url?: string }[];
  next: string | null;
}

describe.each(backends)('social photo service (%s)', (backend) => {
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
  }, 60_000);
  afterAll(async () => {
    await server?.destroy();
    await service?.close();
  });

  async function connected(): Promise<TestClient> {
    const client = new TestClient(server.url);
    const ticket = ticketOf(await loginThroughPopup(client));
    expect(ticket).not.toBeNull();
    const connect = await client.postFormJson('/api/social/connect', { ticket: ticket! });
    expect(connect).toEqual({ status: 200, body: { username: 'demo' } });
    return client;
  }

  it('exchanges the code for a token on the server: the popup page sends only a one-time ticket, to the shop origin', async () => {
    const client = new TestClient(server.url);
    const page = await loginThroughPopup(client);
    const ticket = ticketOf(page)!;
    expect(ticket.length).toBeGreaterThan(20);
    expect(page).toContain(JSON.stringify(TEST_SHOP_URL));
    expect(page).not.toContain(DEV_CLIENT_SECRET);
    // A ticket of another session, or the same ticket twice, connects nothing.
    const stranger = new TestClient(server.url);
    await stranger.request('/api/social/config');
    expect((await stranger.postFormJson('/api/social/connect', { ticket })).status).toBe(401);
    expect((await client.postFormJson('/api/social/connect', { ticket })).status).toBe(200);
    expect((await client.postFormJson('/api/social/connect', { ticket })).status).toBe(401);
  });

  it('a wrong password never reaches the shop, and a callback with a state of its own is refused', async () => {
    const client = new TestClient(server.url);
    const page = await loginThroughPopup(client, { username: 'demo', password: 'wrong' });
    expect(page).toContain('Wrong username or password.');
    const forged = await (
      await client.request('/api/social/callback?code=abc&state=not-the-state')
    ).text();
    expect(forged).toContain('fotocollage-social-error:');
    expect(ticketOf(forged)).toBeNull();
  });

  it('lists the media page by page through the server, with no token or secret in any answer', async () => {
    const client = await connected();
    const pages: MediaAnswer[] = [];
    let next: string | null = null;
    do {
      const response = await client.request(
        `/api/social/media${next ? `?next=${encodeURIComponent(next)}` : ''}`,
      );
      const text = await response.text();
      expect(response.status).toBe(200);
      expect(text).not.toMatch(/access_token|fotocollage-dev-secret/);
      const page = JSON.parse(text) as MediaAnswer;
      pages.push(page);
      next = page.next;
    } while (next && pages.length < 10);
    expect(pages.map((page) => page.data.length)).toEqual([25, 25, 13]);
    const items = pages.flatMap((page) => page.data);
    expect(items.filter((item) => item.media_type === 'IMAGE')).toHaveLength(60);
    const photo = items.find((item) => item.media_type === 'IMAGE')!;
    const read = await client.postFormJson<{ error: boolean; dataurl: string }>(
      '/api/social/photo',
      { url: photo.media_url! },
    );
    expect(read.status).toBe(200);
    expect(read.body.error).toBe(false);
    expect(read.body.dataurl.startsWith('data:image/jpeg;base64,/9j/')).toBe(true);
    const thumbnail = await client.request(
      `/api/social/thumbnail?url=${encodeURIComponent(`${service.url}/media/3_thumb.jpg`)}`,
    );
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
  });

  it("uses only the signed-in customer's own token: another session reads nothing", async () => {
    const owner = await connected();
    const media = (await (await owner.request('/api/social/media')).json()) as MediaAnswer;
    const other = new TestClient(server.url);
    await other.request('/api/social/config');
    expect((await other.request('/api/social/media')).status).toBe(401);
    expect(
      (await other.postFormJson('/api/social/photo', { url: media.data[0]!.media_url! })).status,
    ).toBe(401);
    // Signing out drops the token: the owner reads nothing either.
    expect((await owner.postFormJson('/api/social/logout', {})).status).toBe(200);
    expect((await owner.request('/api/social/media')).status).toBe(401);
  });

  it('refuses media and next URLs outside the configured service, before any token is used', async () => {
    const client = await connected();
    for (const url of [
      'http://127.0.0.1:9/steal.jpg',
      'file:///etc/passwd',
      `http://user:pw@${new URL(service.url).host}/media/1.jpg`,
    ]) {
      expect((await client.postFormJson('/api/social/photo', { url })).status).toBe(400);
      expect(
        (await client.request(`/api/social/thumbnail?url=${encodeURIComponent(url)}`)).status,
      ).toBe(400);
    }
    expect(
      (
        await client.request(
          `/api/social/media?next=${encodeURIComponent('http://127.0.0.1:9/me/media?after=25')}`,
        )
      ).status,
    ).toBe(400);
  });

  it('an expired token signs the customer out; a service answering 500 is reported with its status', async () => {
    const client = await connected();
    await fetch(`${service.url}/dev/fault?status=500`, { method: 'POST' });
    try {
      const failed = await client.request('/api/social/media');
      expect(failed.status).toBe(502);
      expect(await failed.json()).toEqual({
        error: '500 Internal Server Error',
        status: 500,
        statusText: 'Internal Server Error',
        signedOut: false,
      });
    } finally {
      await fetch(`${service.url}/dev/fault?status=0`, { method: 'POST' });
    }
    await fetch(`${service.url}/dev/expire-tokens`, { method: 'POST' });
    const expired = await client.request('/api/social/media');
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({
      error: 'Error validating access token: Session has expired.',
      signedOut: true,
    });
    // The session no longer holds the token: the next call does not even reach the service.
    expect((await client.request('/api/social/media')).status).toBe(401);
  });

  it('says what the editor needs and nothing secret', async () => {
    const client = new TestClient(server.url);
    const text = await (await client.request('/api/social/config')).text();
    expect(JSON.parse(text)).toEqual({
      enabled: true,
      name: 'Demo photos',
      messageOrigin: TEST_SHOP_URL,
    });
    expect(text).not.toContain(DEV_CLIENT_SECRET);
  });
});
