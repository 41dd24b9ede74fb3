import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import {
  isAuthenticated,
  newAccount,
  registerAndSignIn,
  signIn,
  signInFields,
  type AuthBody,
} from '../test/users.js';
import { encryptPassword, signInSalt } from '../../src/api/passwordCipher.js';

const SIGN_IN = '/api/isAuthenticated?format=json';
const WRONG = {
  authenticated: 'false',
  errors: [{ field: 'all', message: 'Gebruikersnaam of wachtwoord is niet correct.' }],
};

describe.each(backends)('sign-in and sign-out on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { authRateLimitPerMinute: 1000 });
  });
  afterAll(async () => server.destroy());

  it('answers the session check with false before sign-in and true after, with a new session id', async () => {
    const owner = await registerAndSignIn(new TestClient(server.url));
    const client = new TestClient(server.url);
    const alive = await client.postFormJson<{ flashsession: string }>('/api/alive?format=json', {});
    const anonymousId = alive.body.flashsession;
    expect(await isAuthenticated(client)).toBe(false);

    const { status, body } = await signIn(client, owner.username.toUpperCase(), owner.password);
    expect(status).toBe(200);
    expect(body).toEqual({ authenticated: 'true' });
    const signedInId = client.cookie(SESSION_COOKIE);
    expect(signedInId).toMatch(/^[0-9a-f]{32}$/);
    expect(signedInId).not.toBe(anonymousId);
    expect(await isAuthenticated(client)).toBe(true);

    const stale = new TestClient(server.url);
    stale.setCookie(SESSION_COOKIE, anonymousId);
    expect(await isAuthenticated(stale)).toBe(false);
  });

  it('treats a POST without any body as the session check', async () => {
    const client = new TestClient(server.url);
    await registerAndSignIn(client);
    const response = await client.request(SIGN_IN, { method: 'POST' });
    expect(await response.json()).toEqual({ authenticated: 'true' });
    const stranger = await new TestClient(server.url).request(SIGN_IN, { method: 'POST' });
    expect(await stranger.json()).toEqual({ authenticated: 'false' });
  });

  it('accepts JSON as well as a form, and surrounding spaces in the username', async () => {
    const owner = await registerAndSignIn(new TestClient(server.url));
    const client = new TestClient(server.url);
    const fields = await signInFields(`  ${owner.username} `, owner.password);
    const response = await client.request(SIGN_IN, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect(await response.json()).toEqual({ authenticated: 'true' });
  });

  it('answers a wrong password and an unknown user with the same words, and stays signed out', async () => {
    const owner = await registerAndSignIn(new TestClient(server.url));
    const client = new TestClient(server.url);
    expect((await signIn(client, owner.username, 'wrong-password')).body).toEqual(WRONG);
    expect((await signIn(client, 'nobody-here', owner.password)).body).toEqual(WRONG);
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    expect(await isAuthenticated(client)).toBe(false);
  });

  it('refuses a password encrypted with another salt as wrong credentials', async () => {
    const owner = await registerAndSignIn(new TestClient(server.url));
    const client = new TestClient(server.url);
    const password = await encryptPassword(owner.password, signInSalt('someone-else'));
    const { body } = await client.postFormJson<AuthBody>(SIGN_IN, {
      username: owner.username,
      password,
    });
    expect(body).toEqual(WRONG);
  });

  it.each([
    [
      'a one-character username',
      'a',
      'geheim',
      [{ field: 'username', message: 'Gebruikersnaam is verplicht.' }],
    ],
    [
      'a 21-character username',
      'u'.repeat(21),
      'geheim',
      [{ field: 'username', message: 'Gebruikersnaam is verplicht.' }],
    ],
    ['an empty password', 'anna', '', [{ field: 'password', message: 'Wachtwoord is verplicht.' }]],
    [
      'a one-character password',
      'anna',
      'x',
      [{ field: 'password', message: 'Wachtwoord is verplicht.' }],
    ],
    [
      'a 21-character password',
      'anna',
      'p'.repeat(21),
      [{ field: 'password', message: 'Wachtwoord is verplicht.' }],
    ],
    [
      'both too short',
      'a',
      'x',
      [
        { field: 'username', message: 'Gebruikersnaam is verplicht.' },
        { field: 'password', message: 'Wachtwoord is verplicht.' },
      ],
    ],
  ])('refuses %s with the spec message', async (_name, username, password, errors) => {
    const client = new TestClient(server.url);
    const fields = password ? await signInFields(username, password) : { username, password: '' };
    const { status, body } = await client.postFormJson<AuthBody>(SIGN_IN, fields);
    expect(status).toBe(200);
    expect(body).toEqual({ authenticated: 'false', errors });
  });

  it('gives an absurdly long username the spec message, not a crash', async () => {
    const client = new TestClient(server.url);
    const { status, body } = await client.postFormJson<AuthBody>(SIGN_IN, {
      username: 'x'.repeat(5000),
      password: 'abc',
    });
    expect(status).toBe(200);
    expect(body).toEqual({
      authenticated: 'false',
      errors: [{ field: 'username', message: 'Gebruikersnaam is verplicht.' }],
    });
  });

  it('answers in the requested locale, Dutch otherwise', async () => {
    const client = new TestClient(server.url);
    const english = await client.postFormJson<AuthBody>(
      `${SIGN_IN}&lang=en`,
      await signInFields('nobody', 'whatever'),
    );
    expect(english.body.errors).toEqual([
      { field: 'all', message: 'Username or password is incorrect.' },
    ]);
    const spanish = await client.postFormJson<AuthBody>(SIGN_IN, {
      ...(await signInFields('a', 'whatever')),
      lang: 'es',
    });
    expect(spanish.body.errors).toEqual([
      { field: 'username', message: 'El nombre de usuario es obligatorio.' },
    ]);
    const unknown = await client.postFormJson<AuthBody>(
      `${SIGN_IN}&lang=xx`,
      await signInFields('a', 'whatever'),
    );
    expect(unknown.body.errors).toEqual([
      { field: 'username', message: 'Gebruikersnaam is verplicht.' },
    ]);
  });

  it('signs out: the session is gone server-side and the cookie is cleared', async () => {
    const client = new TestClient(server.url);
    await registerAndSignIn(client);
    const signedInId = client.cookie(SESSION_COOKIE);
    expect(signedInId).toBeTruthy();
    const response = await client.request('/api/logout?format=json', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ authenticated: 'false' });
    expect(response.headers.getSetCookie().join('\n')).toMatch(
      new RegExp(`${SESSION_COOKIE}=;.*Expires=Thu, 01 Jan 1970`),
    );
    expect(await isAuthenticated(client)).toBe(false);

    const replay = new TestClient(server.url);
    replay.setCookie(SESSION_COOKIE, signedInId ?? '');
    expect(await isAuthenticated(replay)).toBe(false);
    // Signing out twice, or without a session, is harmless.
    expect((await replay.request('/api/logout?format=json', { method: 'POST' })).status).toBe(200);
  });

  it('GET /api/me answers 401 in the request locale when signed out, the account when signed in', async () => {
    const client = new TestClient(server.url);
    const anonymous = await client.request('/api/me?format=json');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: 'Je bent niet ingelogd.' });
    const german = await client.request('/api/me?format=json&lang=de');
    expect(await german.json()).toEqual({ error: 'Du bist nicht angemeldet.' });

    const account = await registerAndSignIn(client, newAccount('me'));
    const me = await client.request('/api/me?format=json');
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual({
      username: account.username,
      email: account.email,
      newsletter: false,
    });
  });

  it('keeps users and signed-in sessions across a restart', async () => {
    const client = new TestClient(server.url);
    const account = await registerAndSignIn(client);
    const sessionId = client.cookie(SESSION_COOKIE) ?? '';
    server = await server.restart();

    const again = new TestClient(server.url);
    again.setCookie(SESSION_COOKIE, sessionId);
    expect(await isAuthenticated(again)).toBe(true);
    const fresh = new TestClient(server.url);
    expect((await signIn(fresh, account.username, account.password)).body).toEqual({
      authenticated: 'true',
    });
  });
});
