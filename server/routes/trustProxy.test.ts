import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, fastifyTrustProxy, trustProxyFromEnv } from '../config.js';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { newAccount, registerFields, signInFields } from '../test/users.js';

const LIMIT = 5;
/** The address a proxy on the shop's machine connects from: the test server listens on 127.0.0.1. */
const PROXY = '127.0.0.1';

interface Attempt {
  /** The local address the request leaves from: the proxy's, or a client reaching the port itself. */
  from: string;
  forwardedFor?: string;
  headers?: Record<string, string>;
}

/** One form POST over HTTP from a chosen local address; answers the status. */
function post(server: TestServer, path: string, fields: Record<string, string>, attempt: Attempt) {
  const body = new URLSearchParams(fields).toString();
  const { hostname, port } = new URL(server.url);
  return new Promise<number>((resolve, reject) => {
    const request = http.request(
      {
        host: hostname,
        port,
        path,
        method: 'POST',
        localAddress: attempt.from,
        agent: false,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': String(Buffer.byteLength(body)),
          origin: server.url,
          ...(attempt.forwardedFor ? { 'x-forwarded-for': attempt.forwardedFor } : {}),
          ...attempt.headers,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function signIn(server: TestServer, attempt: Attempt): Promise<number> {
  return post(
    server,
    '/api/isAuthenticated?format=json',
    await signInFields('nobody', 'wrong-password'),
    attempt,
  );
}

async function register(server: TestServer, attempt: Attempt): Promise<number> {
  // an invalid form still counts as an attempt: the limit is on calls, not on accounts made
  const fields = await registerFields(newAccount('proxy'), { terms: 'false' });
  return post(server, '/api/register?format=json', fields, attempt);
}

type Call = (server: TestServer, attempt: Attempt) => Promise<number>;

/** How many of the attempts were not refused by the limit (429), one after the other or all at once. */
async function passing(
  server: TestServer,
  call: Call,
  attempts: Attempt[],
  parallel = false,
): Promise<number> {
  const statuses: number[] = [];
  if (parallel) statuses.push(...(await Promise.all(attempts.map((one) => call(server, one)))));
  else for (const one of attempts) statuses.push(await call(server, one));
  return statuses.filter((status) => status !== 429).length;
}

/** `count` attempts from one address, each naming another client in X-Forwarded-For. */
function spoofing(from: string, count: number, forwardedFor = (n: number) => `10.66.${n}.1`) {
  return Array.from({ length: count }, (_, n) => ({ from, forwardedFor: forwardedFor(n) }));
}

describe('TRUST_PROXY', () => {
  it('means the proxy on this machine for true, proxy addresses for a list, none for false', () => {
    expect(trustProxyFromEnv(undefined)).toBe(false);
    expect(trustProxyFromEnv('false')).toBe(false);
    expect(trustProxyFromEnv('true')).toEqual(['127.0.0.1', '::1']);
    expect(trustProxyFromEnv('2')).toBe(2);
    expect(trustProxyFromEnv('10.0.0.1, 192.168.0.0/16,::1')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
    ]);
    expect(() => trustProxyFromEnv('yes please')).toThrow(/TRUST_PROXY/);
    expect(configFromEnv({ TRUST_PROXY: 'true' }).trustProxy).toEqual(['127.0.0.1', '::1']);
  });

  it('believes a hop count only when the nearest peer is on loopback', () => {
    const trust = fastifyTrustProxy(2) as (address: string, hop: number) => boolean;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::1', 0)).toBe(true);
    expect(trust('::ffff:127.0.0.1', 0)).toBe(true);
    expect(trust('127.0.0.2', 0)).toBe(false);
    expect(trust('192.0.2.2', 0)).toBe(false);
    expect(trust('10.9.9.9', 1)).toBe(true);
    expect(trust('10.9.9.9', 2)).toBe(false);
  });
});

describe.each(backends)('rate limits behind a proxy on %s', (backend) => {
  const start = (trustProxy: string) =>
    startTestServer(backend, {
      authRateLimitPerMinute: LIMIT,
      trustProxy: trustProxyFromEnv(trustProxy),
    });
  let oneProxy: TestServer;
  let listed: TestServer;
  let twoHops: TestServer;
  beforeAll(async () => {
    oneProxy = await start('true');
    listed = await start('127.0.0.1');
    twoHops = await start('2');
  }, 240_000);
  afterAll(async () => {
    await Promise.all([oneProxy, listed, twoHops].map((server) => server?.destroy()));
  });

  it(
    'with TRUST_PROXY=true counts the address the proxy saw, whatever the client puts before it',
    { timeout: 120_000 },
    async () => {
      const behindProxy = spoofing(PROXY, 12, (n) => `10.9.${n}.7, 10.0.0.1`);
      expect(await passing(oneProxy, signIn, behindProxy)).toBe(LIMIT);
      // another customer behind the same proxy is not locked out
      expect(await passing(oneProxy, signIn, [{ from: PROXY, forwardedFor: '10.0.0.2' }])).toBe(1);
    },
  );

  it(
    'with TRUST_PROXY=true a client reaching the port itself cannot choose its address (sign-in and register, one by one and at once)',
    { timeout: 120_000 },
    async () => {
      expect(await passing(oneProxy, signIn, spoofing('127.0.0.2', 12))).toBe(LIMIT);
      expect(await passing(oneProxy, register, spoofing('127.0.0.2', 12))).toBe(LIMIT);
      expect(await passing(oneProxy, signIn, spoofing('127.0.0.3', 30), true)).toBe(LIMIT);
      expect(await passing(oneProxy, register, spoofing('127.0.0.3', 30), true)).toBe(LIMIT);
      // the proxy's own customers are still told apart
      expect(
        await passing(
          oneProxy,
          signIn,
          spoofing(PROXY, 3, (n) => `10.7.${n}.1`),
        ),
      ).toBe(3);
    },
  );

  it(
    'with a list of proxy addresses believes exactly those peers',
    { timeout: 120_000 },
    async () => {
      expect(
        await passing(
          listed,
          signIn,
          spoofing(PROXY, 12, (n) => `10.9.${n}.7, 10.0.0.3`),
        ),
      ).toBe(LIMIT);
      expect(
        await passing(
          listed,
          signIn,
          spoofing(PROXY, 3, (n) => `10.5.${n}.1`),
        ),
      ).toBe(3);
      expect(await passing(listed, signIn, spoofing('127.0.0.4', 30), true)).toBe(LIMIT);
      expect(await passing(listed, register, spoofing('127.0.0.4', 12))).toBe(LIMIT);
    },
  );

  it(
    'with a hop count of 2 takes the entry two proxies deep, and only through a proxy on loopback',
    { timeout: 120_000 },
    async () => {
      // two proxies: the client is the entry the first proxy wrote, second from the right
      const deep = spoofing(PROXY, 12, (n) => `66.6.6.${n}, 10.9.9.9, 10.0.0.4`);
      expect(await passing(twoHops, signIn, deep)).toBe(LIMIT);
      expect(
        await passing(
          twoHops,
          signIn,
          spoofing(PROXY, 12, (n) => `10.8.8.${n}, 10.0.0.5`),
        ),
      ).toBe(12);
      const direct = spoofing('127.0.0.5', 12, (n) => `10.4.${n}.1, 10.4.${n}.2`);
      expect(await passing(twoHops, signIn, direct)).toBe(LIMIT);
    },
  );

  it(
    'takes X-Forwarded-Host only from the proxy: the CSRF check compares Origin with the real Host',
    { timeout: 120_000 },
    async () => {
      const forged = { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' };
      const fields = await signInFields('nobody', 'wrong-password');
      const path = '/api/isAuthenticated?format=json';
      for (const server of [oneProxy, listed, twoHops]) {
        expect(await post(server, path, fields, { from: '127.0.0.6', headers: forged })).toBe(403);
        expect(await post(server, path, fields, { from: PROXY, headers: forged })).not.toBe(403);
      }
    },
  );
});
