import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import {
  isAuthenticated,
  newAccount,
  registerAndSignIn,
  registerFields,
  signIn,
  signInFields,
  type AuthBody,
} from '../test/users.js';

const LIMIT = 3;

describe.each(backends)('rate limits of sign-in and register on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { authRateLimitPerMinute: LIMIT });
  });
  afterAll(async () => server.destroy());

  it(`answers 429 with a clear JSON message after ${LIMIT} sign-in attempts a minute, not counting session checks`, async () => {
    const client = new TestClient(server.url);
    for (let i = 0; i < LIMIT + 5; i++) expect(await isAuthenticated(client)).toBe(false);
    for (let i = 0; i < LIMIT; i++)
      expect((await signIn(client, 'nobody', 'wrong-password')).status).toBe(200);

    const response = await client.postForm(
      '/api/isAuthenticated?format=json',
      await signInFields('nobody', 'wrong-password'),
    );
    expect(response.status).toBe(429);
    const message = 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.';
    expect(await response.json()).toEqual({
      statusCode: 429,
      authenticated: 'false',
      error: message,
      errors: [{ field: 'all', message }],
    });
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    // The session check still answers while attempts are blocked.
    expect(await isAuthenticated(client)).toBe(false);

    const english = await client.postFormJson<AuthBody>(
      '/api/isAuthenticated?format=json&lang=en',
      await signInFields('nobody', 'x1'),
    );
    expect(english.status).toBe(429);
    expect(english.body.error).toBe('Too many attempts. Wait a minute and try again.');
  });

  it(`limits register separately to ${LIMIT} a minute`, async () => {
    const client = new TestClient(server.url);
    for (let i = 0; i < LIMIT; i++) await registerAndSignIn(client, newAccount('rl'));
    const { status, body } = await client.postFormJson<AuthBody>(
      '/api/register?format=json',
      await registerFields(newAccount('rl')),
    );
    expect(status).toBe(429);
    expect(body.authenticated).toBe('false');
  });

  it('leaves calls without a limit alone', async () => {
    const client = new TestClient(server.url);
    for (let i = 0; i < LIMIT * 3; i++)
      expect((await client.postForm('/api/alive?format=json', {})).status).toBe(200);
  });
});

describe.each(backends)('logs on %s', (backend) => {
  const lines: string[] = [];
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(
      backend,
      { authRateLimitPerMinute: 1000, logLevel: 'trace' },
      { logStream: { write: (line) => void lines.push(line) } },
    );
  });
  afterAll(async () => server.destroy());

  it('are structured JSON and never carry a password, plain or encrypted', async () => {
    const client = new TestClient(server.url);
    const account = { ...newAccount('log'), password: 'Sup3rSecretPw' };
    const fields = await registerFields(account);
    await client.postFormJson('/api/register?format=json', fields);
    const signInForm = await signInFields(account.username, account.password);
    await new TestClient(server.url).postFormJson('/api/isAuthenticated?format=json', signInForm);
    await new TestClient(server.url).postFormJson(
      '/api/isAuthenticated?format=json',
      await signInFields(account.username, 'Wr0ngSecretPw'),
    );

    expect(lines.length).toBeGreaterThan(5);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records.some((record) => record.event === 'register')).toBe(true);
    expect(records.some((record) => record.event === 'sign-in')).toBe(true);
    expect(records.some((record) => record.event === 'sign-in-failed')).toBe(true);
    const all = lines.join('\n');
    for (const secret of [
      'Sup3rSecretPw',
      'Wr0ngSecretPw',
      fields.password,
      fields.password_again,
      signInForm.password,
    ]) {
      expect(all).not.toContain(secret);
    }
  });

  it('redact password fields if a body is ever logged', async () => {
    server.app.log.info(
      {
        req: { body: { password: 'leak1', password_again: 'leak2' } },
        body: { password: 'leak3' },
        password: 'leak4',
      },
      'body',
    );
    const all = lines.join('\n');
    for (const leak of ['leak1', 'leak2', 'leak3', 'leak4']) expect(all).not.toContain(leak);
    expect(all).toContain('[Redacted]');
  });
});
