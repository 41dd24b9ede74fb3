import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, trustProxyFromEnv } from '../config.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { signInFields } from '../test/users.js';

const LIMIT = 5;

/** Sign-in attempts from behind a proxy: the client writes anything on the left, the proxy appends the address it saw. */
async function signInsPassing(
  server: TestServer,
  forwardedFor: (attempt: number) => string,
  attempts = 12,
): Promise<number> {
  let passed = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const client = new TestClient(server.url);
    const response = await client.request('/api/isAuthenticated?format=json', {
      method: 'POST',
      headers: { 'x-forwarded-for': forwardedFor(attempt) },
      body: new URLSearchParams(await signInFields('nobody', 'wrong-password')),
    });
    if (response.status !== 429) passed += 1;
  }
  return passed;
}

describe('TRUST_PROXY', () => {
  it('means one proxy for true, a hop count for a number, proxy addresses for a list, none for false', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('false')).toBe(false);
    expect(trustProxyFromEnv('true')).toBe(1);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(trustProxyFromEnv('10.0.0.1, 192.168.0.0/16,::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(() => trustProxyFromEnv('yes please')).toThrow(/TRUST_PROXY/);
    expect(configFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
  });
});

describe.each(backends)('rate limits behind a proxy on %s', (backend) => {
  const servers: TestServer[] = [];
  const start = async (trustProxy: string) => {
    const server = await startTestServer(backend, {
      authRateLimitPerMinute: LIMIT,
      trustProxy: trustProxyFromEnv(trustProxy),
    });
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.destroy()));
  });

  let oneProxy: TestServer;
  beforeAll(async () => {
    oneProxy = await start('true');
  }, 120_000);

  it(
    'with TRUST_PROXY=true counts the address the proxy saw, whatever the client puts before it',
    { timeout: 120_000 },
    async () => {
      expect(await signInsPassing(oneProxy, (attempt) => `10.9.${attempt}.7, 10.0.0.1`)).toBe(
        LIMIT,
      );
      // another customer behind the same proxy is not locked out
      expect(await signInsPassing(oneProxy, (attempt) => `10.9.${attempt}.8, 10.0.0.2`, 1)).toBe(1);
    },
  );

  it('with a list of proxy addresses skips exactly those', { timeout: 120_000 }, async () => {
    const server = await start('127.0.0.1');
    expect(await signInsPassing(server, (attempt) => `10.9.${attempt}.7, 10.0.0.3`)).toBe(LIMIT);
  });

  it('with a hop count of 2 takes the entry two proxies deep', { timeout: 120_000 }, async () => {
    const server = await start('2');
    // two proxies: the client is the entry the first proxy wrote, second from the right
    expect(await signInsPassing(server, (attempt) => `66.6.6.${attempt}, 10.9.9.9, 10.0.0.4`)).toBe(
      LIMIT,
    );
    expect(await signInsPassing(server, (attempt) => `10.8.8.${attempt}, 10.0.0.5`)).toBe(12);
  });
});
