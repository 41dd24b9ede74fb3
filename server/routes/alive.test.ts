import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { SESSION_COOKIE } from '../auth/sessions.js';

describe.each(backends)('/api/alive on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server.destroy());

  it('creates a session with a 128-bit id in an HttpOnly SameSite=Lax cookie', async () => {
    const client = new TestClient(server.url);
    const response = await client.postForm('/api/alive?format=json', {});
    expect(response.status).toBe(200);
    const body = (await response.json()) as { flashsession: string };
    expect(body.flashsession).toMatch(/^[0-9a-f]{32}$/);
    const setCookie = response.headers.getSetCookie().join('\n');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).not.toContain('Secure');
    expect(client.cookie(SESSION_COOKIE)).toBe(body.flashsession);
  });

  it.each([
    ['no body and no content type', {}],
    [
      'an empty text body (sendBeacon)',
      { body: '', headers: { 'content-type': 'text/plain;charset=UTF-8' } },
    ],
  ])('answers a bare beat with %s with a new session', async (_name, init: RequestInit) => {
    const client = new TestClient(server.url);
    const response = await client.request('/api/alive', { method: 'POST', ...init });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { flashsession: string };
    expect(body.flashsession).toMatch(/^[0-9a-f]{32}$/);
    expect(client.cookie(SESSION_COOKIE)).toBe(body.flashsession);
  });

  it('refreshes the same session on the next beat', async () => {
    const client = new TestClient(server.url);
    const first = await client.postFormJson<{ flashsession: string }>('/api/alive?format=json', {});
    const second = await client.postFormJson<{ flashsession: string }>('/api/alive?format=json', {
      s: first.body.flashsession,
    });
    expect(second.body.flashsession).toBe(first.body.flashsession);
  });

  it('gives an unknown or forged cookie a new session', async () => {
    const client = new TestClient(server.url);
    client.setCookie(SESSION_COOKIE, 'f'.repeat(32));
    const { body } = await client.postFormJson<{ flashsession: string }>(
      '/api/alive?format=json',
      {},
    );
    expect(body.flashsession).not.toBe('f'.repeat(32));
  });

  it('keeps sessions across a restart', async () => {
    const client = new TestClient(server.url);
    const first = await client.postFormJson<{ flashsession: string }>('/api/alive?format=json', {});
    server = await server.restart();
    const again = new TestClient(server.url);
    again.setCookie(SESSION_COOKIE, first.body.flashsession);
    const second = await again.postFormJson<{ flashsession: string }>('/api/alive?format=json', {});
    expect(second.body.flashsession).toBe(first.body.flashsession);
  });

  it('keeps an anonymous session a day past its last beat, and writes a beat at most once a minute', async () => {
    const anonymous = new TestClient(server.url);
    await anonymous.postForm('/api/alive?format=json', {});
    const hoursLeft = async () =>
      Number(
        (
          await server.app.db.query<{ hours: string }>(
            'SELECT extract(epoch FROM expires_at - now()) / 3600 AS hours FROM sessions WHERE id = $1',
            [anonymous.cookie(SESSION_COOKIE)],
          )
        )[0]!.hours,
      );
    expect(await hoursLeft()).toBeGreaterThan(23.9);
    expect(await hoursLeft()).toBeLessThanOrEqual(24);
    // a beat within the minute writes nothing
    await server.app.db.query(
      "UPDATE sessions SET expires_at = now() + interval '1 hour' WHERE id = $1",
      [anonymous.cookie(SESSION_COOKIE)],
    );
    await anonymous.postForm('/api/alive?format=json', {});
    expect(await hoursLeft()).toBeLessThan(1.01);
    // a beat after it extends the session again
    await server.app.db.query(
      "UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE id = $1",
      [anonymous.cookie(SESSION_COOKIE)],
    );
    await anonymous.postForm('/api/alive?format=json', {});
    expect(await hoursLeft()).toBeGreaterThan(23.9);
  });
});

describe('/api/alive against a client that drops its cookie', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', { newSessionsPerMinute: 3 });
  });
  afterAll(async () => server.destroy());

  const sessionRows = async () =>
    Number((await server.app.db.query<{ n: string }>('SELECT count(*) AS n FROM sessions'))[0]!.n);

  it('starts at most SESSION_RATE_LIMIT sessions a minute from one address; beats of a live session are never limited', async () => {
    const keeper = new TestClient(server.url);
    expect((await keeper.postForm('/api/alive?format=json', {})).status).toBe(200);
    for (let k = 0; k < 2; k++)
      expect((await new TestClient(server.url).postForm('/api/alive?format=json', {})).status).toBe(
        200,
      );
    const refused = await new TestClient(server.url).postForm('/api/alive?format=json', {});
    expect(refused.status).toBe(429);
    expect(await sessionRows()).toBe(3);
    for (let k = 0; k < 10; k++)
      expect((await keeper.postForm('/api/alive?format=json', {})).status).toBe(200);
    expect(await sessionRows()).toBe(3);
  });
});
