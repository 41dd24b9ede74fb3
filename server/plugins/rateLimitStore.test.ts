/**
 * Rate limits counted in the database: two server instances on one PostgreSQL share one limit,
 * and a restart does not reset it (PGlite and PostgreSQL). Without the shared store each instance
 * (and each restart) would let LIMIT more sign-ins through.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { signInFields } from '../test/users.js';

const LIMIT = 5;

/** Wrong-password sign-ins from one address at these servers in turn; how many were not refused with 429. */
async function signInsPassing(urls: string[], attempts: number): Promise<number> {
  let passed = 0;
  for (let attempt = 0; attempt < attempts; attempt++) {
    const client = new TestClient(urls[attempt % urls.length]!);
    const response = await client.request('/api/isAuthenticated?format=json', {
      method: 'POST',
      body: new URLSearchParams(await signInFields('nobody', 'wrong-password')),
    });
    if (response.status !== 429) passed += 1;
  }
  return passed;
}

let server: TestServer | undefined;
let second: FastifyInstance | undefined;
afterEach(async () => {
  await second?.close();
  await server?.destroy();
  server = second = undefined;
});

describe.each(backends)('shared rate limits on %s', (backend) => {
  it('keeps counting across a restart of the server', { timeout: 120_000 }, async () => {
    server = await startTestServer(backend, { authRateLimitPerMinute: LIMIT });
    expect(await signInsPassing([server.url], 3)).toBe(3);
    server = await server.restart();
    expect(await signInsPassing([server.url], 6)).toBe(LIMIT - 3);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('rate limits of two instances on one PostgreSQL', () => {
  it(
    'lets LIMIT sign-ins through in all, taken in turns by two instances',
    { timeout: 120_000 },
    async () => {
      server = await startTestServer('postgres', { authRateLimitPerMinute: LIMIT });
      second = await buildApp(server.config);
      await second.listen({ host: '127.0.0.1', port: 0 });
      const address = second.server.address();
      const secondUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      expect(await signInsPassing([server.url, secondUrl], 12)).toBe(LIMIT);
    },
  );
});
