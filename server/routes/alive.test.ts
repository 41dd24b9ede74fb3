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
    ['an empty text body (sendBeacon)', { body: '', headers: { 'content-type': 'text/plain;charset=UTF-8' } }],
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
    const second = await client.postFormJson<{ flashsession: string }>('/api/alive?format=json', { s: first.body.flashsession });
    expect(second.body.flashsession).toBe(first.body.flashsession);
  });

  it('gives an unknown or forged cookie a new session', async () => {
    const client = new TestClient(server.url);
    client.setCookie(SESSION_COOKIE, 'f'.repeat(32));
    const { body } = await client.postFormJson<{ flashsession: string }>('/api/alive?format=json', {});
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
});
