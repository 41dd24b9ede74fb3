import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptPassword, registerSalt, signInSalt } from '../../src/api/passwordCipher.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import {
  isAuthenticated,
  newAccount,
  registerAndSignIn,
  registerFields,
  signIn,
  type AuthBody,
  type TestAccount,
} from '../test/users.js';

const REGISTER = '/api/register?format=json';
const USERNAME = 'Gebruikersnaam is verplicht en 2-20 tekens lang.';
const EMAIL = 'E-mailadres is verplicht en 2-120 tekens lang';
const PASSWORD = 'Wachtwoord is verplicht en 2-20 tekens';

/** The register form with its passwords (plain here) encrypted as the editor does. */
async function form(
  account: TestAccount,
  plain: { password?: string; again?: string } = {},
  extra: Record<string, string> = {},
) {
  const salt = registerSalt(extra.username ?? account.username, extra.email ?? account.email);
  const password = plain.password ?? account.password;
  const again = plain.again ?? password;
  return {
    ...(await registerFields(account)),
    password: password ? await encryptPassword(password, salt) : '',
    password_again: again ? await encryptPassword(again, salt) : '',
    ...extra,
  };
}

describe.each(backends)('/api/register on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { authRateLimitPerMinute: 1000 });
  });
  afterAll(async () => server.destroy());

  async function post(fields: Record<string, string>, path = REGISTER): Promise<AuthBody> {
    const client = new TestClient(server.url);
    const { status, body } = await client.postFormJson<AuthBody>(path, fields);
    expect(status).toBe(200);
    if (body.authenticated === 'false') expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    return body;
  }

  it.each([
    ['a missing username', { username: '' }, 'username', USERNAME],
    ['a one-character username', { username: 'a' }, 'username', USERNAME],
    ['a 21-character username', { username: 'u'.repeat(21) }, 'username', USERNAME],
    ['a username with a control character', { username: 'an\tna' }, 'username', USERNAME],
    ['an absurdly long username', { username: 'u'.repeat(5000) }, 'username', USERNAME],
    ['a missing email', { email: '' }, 'email', EMAIL],
    ['an email of 5 characters', { email: 'a@b.n' }, 'email', EMAIL],
    ['an email without @', { email: 'anna.example.nl' }, 'email', EMAIL],
    ['an email without a domain dot', { email: 'anna@example' }, 'email', EMAIL],
    ['an email of 121 characters', { email: `${'e'.repeat(110)}@example.nl` }, 'email', EMAIL],
    ['missing terms', { terms: '' }, 'terms', 'Je moet akkoord gaan met de algemene voorwaarden.'],
    [
      'refused terms',
      { terms: 'false' },
      'terms',
      'Je moet akkoord gaan met de algemene voorwaarden.',
    ],
    [
      'a nonsense terms value',
      { terms: 'x'.repeat(50) },
      'terms',
      'Je moet akkoord gaan met de algemene voorwaarden.',
    ],
  ])('refuses %s with the spec message on its field', async (_name, extra, field, message) => {
    const account = newAccount();
    const body = await post(await form(account, {}, extra));
    expect(body).toEqual({ authenticated: 'false', errors: [{ field, message }] });
  });

  it.each([
    [
      'a missing password',
      { password: '', again: 'geheim' },
      [{ field: 'password', message: PASSWORD }],
    ],
    [
      'a one-character password',
      { password: 'x', again: 'geheim' },
      [{ field: 'password', message: PASSWORD }],
    ],
    [
      'a 21-character password',
      { password: 'p'.repeat(21), again: 'geheim' },
      [{ field: 'password', message: PASSWORD }],
    ],
    [
      'a missing repeat',
      { password: 'geheim', again: '' },
      [{ field: 'password_again', message: PASSWORD }],
    ],
    [
      'a one-character repeat',
      { password: 'geheim', again: 'y' },
      [{ field: 'password_again', message: PASSWORD }],
    ],
    [
      'passwords that differ',
      { password: 'geheim', again: 'geheim2' },
      [{ field: 'password_again', message: 'De wachtwoorden zijn niet gelijk.' }],
    ],
  ])('refuses %s', async (_name, plain, errors) => {
    expect(await post(await form(newAccount(), plain))).toEqual({ authenticated: 'false', errors });
  });

  it('lists every problem at once, in the order of the form', async () => {
    const body = await post({
      username: 'a',
      email: 'nope',
      password: '',
      password_again: '',
      terms: '',
    });
    expect(body.errors?.map((error) => error.field)).toEqual([
      'username',
      'email',
      'password',
      'password_again',
      'terms',
    ]);
  });

  it('answers a password encrypted with the wrong salt as a general error', async () => {
    const account = newAccount();
    const wrong = await encryptPassword(account.password, signInSalt(account.username));
    const body = await post({
      ...(await registerFields(account)),
      password: wrong,
      password_again: wrong,
    });
    expect(body).toEqual({
      authenticated: 'false',
      errors: [
        { field: 'all', message: 'Je wachtwoord kon niet worden gelezen. Vul het opnieuw in.' },
      ],
    });
  });

  it('refuses a taken username and a taken email, ignoring case and spaces', async () => {
    const first = await registerAndSignIn(new TestClient(server.url));
    const taken = 'Deze gebruikersnaam is al in gebruik.';
    const emailTaken = 'Er bestaat al een account met dit e-mailadres.';
    const sameName = { ...newAccount(), username: ` ${first.username.toUpperCase()} ` };
    expect(await post(await form(sameName))).toEqual({
      authenticated: 'false',
      errors: [{ field: 'username', message: taken }],
    });
    const sameEmail = { ...newAccount(), email: first.email.toUpperCase() };
    expect(await post(await form(sameEmail))).toEqual({
      authenticated: 'false',
      errors: [{ field: 'email', message: emailTaken }],
    });
    const both = { ...first, password: 'another1' };
    expect(await post(await form(both))).toEqual({
      authenticated: 'false',
      errors: [
        { field: 'username', message: taken },
        { field: 'email', message: emailTaken },
      ],
    });
    // The first account is untouched: its own password still signs in.
    expect((await signIn(new TestClient(server.url), first.username, first.password)).body).toEqual(
      { authenticated: 'true' },
    );
  });

  it('signs the new user in with a new session id, trimmed inputs and the newsletter choice', async () => {
    const client = new TestClient(server.url);
    const alive = await client.postFormJson<{ flashsession: string }>('/api/alive?format=json', {});
    const account = newAccount('trim');
    const padded = { username: `  ${account.username} `, email: ` ${account.email}  ` };
    const fields = await form(
      account,
      { password: `  ${account.password} ` },
      { ...padded, newsletter: 'on', terms: 'on' },
    );
    const { body } = await client.postFormJson<AuthBody>(REGISTER, fields);
    expect(body).toEqual({ authenticated: 'true', errors: [] });
    expect(client.cookie(SESSION_COOKIE)).toMatch(/^[0-9a-f]{32}$/);
    expect(client.cookie(SESSION_COOKIE)).not.toBe(alive.body.flashsession);
    expect(await isAuthenticated(client)).toBe(true);
    const me = await (await client.request('/api/me?format=json')).json();
    expect(me).toEqual({ username: account.username, email: account.email, newsletter: true });
    // The password was trimmed too, so the trimmed password signs in.
    expect(
      (await signIn(new TestClient(server.url), account.username, account.password)).body,
    ).toEqual({ authenticated: 'true' });
  });

  it('accepts a JSON body with boolean checkboxes', async () => {
    const client = new TestClient(server.url);
    const account = newAccount('json');
    const fields = { ...(await form(account)), terms: true, newsletter: false };
    const response = await client.request(REGISTER, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(fields),
    });
    expect(await response.json()).toEqual({ authenticated: 'true', errors: [] });
  });

  it('answers in the locale of a lang field or query, Dutch otherwise', async () => {
    const german = await post(await form(newAccount(), {}, { username: 'a', lang: 'de' }));
    expect(german.errors).toEqual([
      {
        field: 'username',
        message: 'Benutzername ist erforderlich und muss 2-20 Zeichen lang sein.',
      },
    ]);
    const french = await post(await form(newAccount(), {}, { terms: '' }), `${REGISTER}&lang=fr`);
    expect(french.errors).toEqual([
      { field: 'terms', message: 'Vous devez accepter les conditions générales.' },
    ]);
    const italian = await post(await form(newAccount(), { again: 'different' }, { lang: 'it' }));
    expect(italian.errors).toEqual([
      { field: 'password_again', message: 'Le password non corrispondono.' },
    ]);
  });
});
