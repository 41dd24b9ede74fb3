import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { isAuthenticated, registerAndSignIn } from '../test/users.js';
import { isCrossSite } from './csrf.js';

describe('isCrossSite', () => {
  it.each([
    [{ host: 'shop.nl' }, false],
    [{ host: 'shop.nl', origin: 'https://shop.nl' }, false],
    [{ host: 'shop.nl:443', origin: 'https://shop.nl' }, false],
    [{ host: 'SHOP.nl', origin: 'https://shop.NL' }, false],
    [{ host: 'shop.nl:8080', origin: 'http://shop.nl:8080' }, false],
    [{ host: 'shop.nl', origin: 'https://shop.nl', secFetchSite: 'same-origin' }, false],
    [{ host: 'shop.nl', secFetchSite: 'none' }, false],
    [{ host: 'shop.nl', referer: 'https://shop.nl/edit/12' }, false],
    [{ host: 'shop.nl', origin: 'https://evil.example' }, true],
    [{ host: 'shop.nl', origin: 'https://shop.nl.evil.example' }, true],
    [{ host: 'shop.nl:8080', origin: 'http://shop.nl:8081' }, true],
    [{ host: 'shop.nl', origin: 'null' }, true],
    [{ host: 'shop.nl', origin: 'file:///tmp/x.html' }, true],
    [{ host: 'shop.nl', referer: 'https://evil.example/page' }, true],
    [{ host: 'shop.nl', origin: '', referer: 'https://evil.example/page' }, true],
    [{ host: 'shop.nl', origin: '', referer: '' }, false],
    [{ host: 'shop.nl', secFetchSite: 'cross-site' }, true],
    [{ host: 'shop.nl', origin: 'https://shop.nl', secFetchSite: 'cross-site' }, true],
  ])('%j cross-site: %s', (request, expected) => {
    expect(isCrossSite(request)).toBe(expected);
  });
});

describe.each(backends)('CSRF refusal over HTTP on %s', (backend) => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer(backend, { authRateLimitPerMinute: 1000 });
    client = new TestClient(server.url);
    await registerAndSignIn(client);
  });
  afterAll(async () => server.destroy());

  const logout = (headers: Record<string, string>) =>
    client.request('/api/logout?format=json', { method: 'POST', headers });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Referer without Origin', { origin: '', referer: 'https://evil.example/form.html' }],
  ])(
    'refuses a cookie-carrying POST with %s (403 JSON) and changes nothing',
    async (_name, headers) => {
      const response = await logout(headers);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        error: 'Dit verzoek komt van een andere website en is geweigerd.',
      });
      expect(await isAuthenticated(client)).toBe(true);
    },
  );

  it('answers the refusal in the requested locale', async () => {
    const response = await client.request('/api/logout?format=json&lang=en', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
    });
    expect(await response.json()).toEqual({
      error: 'This request came from another website and was refused.',
    });
  });

  it('lets a safe method through whatever its origin', async () => {
    const response = await client.request('/api/me?format=json', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });

  it('passes a same-origin POST and one without browser headers (non-browser client)', async () => {
    const sameOrigin = await client.request('/api/alive?format=json', {
      method: 'POST',
      body: new URLSearchParams(),
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(200);
    const referer = await client.request('/api/alive?format=json', {
      method: 'POST',
      body: new URLSearchParams(),
      headers: { origin: '', referer: `${server.url}/edit` },
    });
    expect(referer.status).toBe(200);
    // fetch in Node sends no Origin of its own; the client adds one unless told not to.
    const bare = await fetch(`${server.url}/api/alive?format=json`, {
      method: 'POST',
      body: new URLSearchParams(),
    });
    expect(bare.status).toBe(200);
  });
});
