import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encryptPassword, resetSalt } from '../../src/api/passwordCipher.js';
import { DEV_CLIENT_ID, DEV_CLIENT_SECRET, DEV_SCOPE } from '../../scripts/socialDev/devClient.js';
import { socialDevEnv } from '../../scripts/socialDev/socialDevEnv.js';
import { newResetToken, resetTokenHash } from '../auth/resetTokens.js';
import { insertReset } from '../db/passwordResets.js';
import { socialConfigFromEnv } from '../social/socialConfig.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { seedUser } from '../test/seed.js';
import { TEST_SHOP_URL } from '../test/socialLogin.js';
import { newAccount, registerAndSignIn, registerFields, signInFields } from '../test/users.js';

/**
 * Issue 26 item 3: every route that adds a sessions row counts toward the address's
 * SESSION_RATE_LIMIT, one budget for all of them (a cookie-less GET /api/social/login made 3004
 * sessions in 5 s). Each route is hit at the limit in parallel, by clients that keep no cookie.
 */
const LIMIT = 3;
const PARALLEL = 10;
const MESSAGE =
  'Er zijn vanaf dit adres te veel nieuwe sessies gestart. Wacht een minuut en probeer het opnieuw.';

describe.each(backends)('new sessions from one address on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    // The social tab configured (its service is never reached: the login only redirects to it).
    const env = socialDevEnv('http://127.0.0.1:9', {
      clientId: DEV_CLIENT_ID,
      clientSecret: DEV_CLIENT_SECRET,
      scope: DEV_SCOPE,
    });
    server = await startTestServer(backend, {
      newSessionsPerMinute: LIMIT,
      authRateLimitPerMinute: 10_000,
      social: socialConfigFromEnv(env, TEST_SHOP_URL),
    });
  });
  afterAll(async () => server.destroy());
  // Each test starts with the address's minute unused.
  beforeEach(async () => {
    await server.app.db.query('DELETE FROM rate_limits');
  });

  const count = async (table: string) =>
    Number((await server.app.db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

  /** Sends `PARALLEL` requests at once, each from a new cookie-less client; answers the statuses, sorted. */
  async function atOnce(send: (client: TestClient, index: number) => Promise<Response>) {
    const responses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, index) => send(new TestClient(server.url), index)),
    );
    const refused = responses.filter((response) => response.status === 429);
    for (const response of refused)
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    return { statuses: responses.map((response) => response.status).sort(), refused };
  }

  const taken = (status: number) =>
    [...Array<number>(LIMIT).fill(status), ...Array<number>(PARALLEL - LIMIT).fill(429)].sort();

  it('POST /api/alive: exactly SESSION_RATE_LIMIT new sessions, the rest 429 with the message', async () => {
    const before = await count('sessions');
    const { statuses, refused } = await atOnce((client) =>
      client.postForm('/api/alive?format=json', {}),
    );
    expect(statuses).toEqual(taken(200));
    expect(await refused[0]!.json()).toEqual({ error: MESSAGE });
    expect(await count('sessions')).toBe(before + LIMIT);
  });

  it('GET /api/social/login without a cookie: exactly SESSION_RATE_LIMIT sessions, the rest 429 in the asked language', async () => {
    const [sessions, logins] = [await count('sessions'), await count('social_logins')];
    const { statuses, refused } = await atOnce((client) =>
      client.request('/api/social/login?lang=en', { headers: { 'sec-fetch-site': 'same-origin' } }),
    );
    expect(statuses).toEqual(taken(302));
    expect(await refused[0]!.json()).toEqual({
      error: 'Too many new sessions were started from this address. Wait a minute and try again.',
    });
    expect(await count('sessions')).toBe(sessions + LIMIT);
    expect(await count('social_logins')).toBe(logins + LIMIT);
  });

  it('POST /api/isAuthenticated (sign-in) without a cookie counts; the form gets the message', async () => {
    const account = await registerAndSignIn(new TestClient(server.url));
    await server.app.db.query('DELETE FROM rate_limits');
    const before = await count('sessions');
    const fields = await signInFields(account.username, account.password);
    const { statuses, refused } = await atOnce((client) =>
      client.postForm('/api/isAuthenticated?format=json', fields),
    );
    expect(statuses).toEqual(taken(200));
    expect(await refused[0]!.json()).toEqual({
      authenticated: 'false',
      errors: [{ field: 'all', message: MESSAGE }],
    });
    expect(await count('sessions')).toBe(before + LIMIT);
  });

  it('POST /api/register without a cookie counts', async () => {
    const before = await count('sessions');
    const forms = await Promise.all(
      Array.from({ length: PARALLEL }, () => registerFields(newAccount('burst'))),
    );
    const { statuses, refused } = await atOnce((client, index) =>
      client.postForm('/api/register?format=json', forms[index]!),
    );
    expect(statuses).toEqual(taken(200));
    expect(await refused[0]!.json()).toMatchObject({
      authenticated: 'false',
      errors: [{ field: 'all', message: MESSAGE }],
    });
    expect(await count('sessions')).toBe(before + LIMIT);
  });

  it('POST /api/resetPassword without a cookie counts', async () => {
    // One account per link: using a link ends the account's other links.
    const tokens = Array.from({ length: PARALLEL }, () => newResetToken());
    for (const token of tokens) {
      const { userId, sessionId } = await seedUser(server.app.db);
      // a reset ends the account's sessions: none here, so the count below sees only new ones
      await server.app.db.query('DELETE FROM sessions WHERE id = $1', [sessionId]);
      await insertReset(
        server.app.db,
        userId,
        resetTokenHash(token),
        new Date(Date.now() + 3_600_000),
      );
    }
    await server.app.db.query('DELETE FROM rate_limits');
    const before = await count('sessions');
    const forms = await Promise.all(
      tokens.map(async (token) => {
        const password = await encryptPassword('nieuw-geheim', resetSalt(token));
        return { token, password, password_again: password };
      }),
    );
    const { statuses } = await atOnce((client, index) =>
      client.postForm('/api/resetPassword?format=json', forms[index]!),
    );
    expect(statuses).toEqual(taken(200));
    expect(await count('sessions')).toBe(before + LIMIT);
  });

  it('one budget for every route; a live session is never counted, nor a sign-in that replaces one', async () => {
    const account = await registerAndSignIn(new TestClient(server.url));
    const keeper = new TestClient(server.url);
    await server.app.db.query('DELETE FROM rate_limits');
    expect((await keeper.postForm('/api/alive?format=json', {})).status).toBe(200);
    // the social login starts only from the shop's own pages (Sec-Fetch-Site: none is a typed address)
    const social = await new TestClient(server.url).request('/api/social/login', {
      headers: { 'sec-fetch-site': 'none' },
    });
    expect(social.status).toBe(302);
    expect(
      (
        await new TestClient(server.url).postForm(
          '/api/register?format=json',
          await registerFields(newAccount('budget')),
        )
      ).status,
    ).toBe(200);
    // The address's three are spent: every route refuses a fourth.
    const fields = await signInFields(account.username, account.password);
    expect(
      (await new TestClient(server.url).postForm('/api/isAuthenticated?format=json', fields))
        .status,
    ).toBe(429);
    expect((await new TestClient(server.url).postForm('/api/alive?format=json', {})).status).toBe(
      429,
    );
    expect(
      (
        await new TestClient(server.url).request('/api/social/login', {
          headers: { 'sec-fetch-site': 'same-origin' },
        })
      ).status,
    ).toBe(429);
    // The live session beats on, opens the social login, and signs in (its row is replaced, not added).
    for (let beat = 0; beat < 5; beat++)
      expect((await keeper.postForm('/api/alive?format=json', {})).status).toBe(200);
    expect(
      (
        await keeper.request('/api/social/login', {
          headers: { 'sec-fetch-site': 'same-origin' },
        })
      ).status,
    ).toBe(302);
    const before = await count('sessions');
    expect(
      await (await keeper.postForm('/api/isAuthenticated?format=json', fields)).json(),
    ).toEqual({ authenticated: 'true' });
    expect(await count('sessions')).toBe(before);
  });
});
