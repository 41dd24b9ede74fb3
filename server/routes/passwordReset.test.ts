import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser } from 'mailparser';
import { encryptPassword, resetSalt } from '../../src/api/passwordCipher.js';
import {
  FORGOT_PASSWORD_PATHS,
  LOCALES,
  OVERVIEW_PATHS,
  RESET_PASSWORD_PATHS,
} from '../../src/i18n/localePaths.js';
import { RESET_MAILS_PER_HOUR } from '../auth/resetTokens.js';
import { escapeHtml } from '../pages/html.js';
import { PASSWORD_TEXTS } from '../pages/passwordTexts.js';
import { startMailCatcher, type MailCatcher } from '../mail/mailCatcher.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import {
  isAuthenticated,
  newAccount,
  registerAndSignIn,
  signIn,
  type AuthBody,
  type TestAccount,
} from '../test/users.js';

interface ResetMail {
  to: string;
  subject: string;
  text: string;
  token: string;
  link: string;
}

async function resetFields(
  token: string,
  password: string,
  again = password,
): Promise<Record<string, string>> {
  return {
    token,
    password: await encryptPassword(password, resetSalt(token)),
    password_again: await encryptPassword(again, resetSalt(token)),
  };
}

describe.each(backends)('forgotten password on %s', (backend) => {
  let server: TestServer;
  let catcher: MailCatcher;
  let account: TestAccount;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer(backend, {
      smtpUrl: catcher.url,
      mailFrom: 'Fotocollage <shop@example.nl>',
    });
    account = await registerAndSignIn(new TestClient(server.url), newAccount('reset'));
  });
  afterAll(async () => {
    await server.destroy();
    await catcher.close();
  });

  /** Asks for a link as a stranger's browser would and reads the mail the local SMTP server received. */
  async function requestLink(email: string, lang?: string): Promise<ResetMail> {
    const before = catcher.mails.length;
    const { status, body } = await new TestClient(server.url).postFormJson(
      '/api/forgotPassword?format=json',
      { email, ...(lang ? { lang } : {}) },
    );
    expect(status).toBe(200);
    expect(body).toEqual({ sent: 'true' });
    const mail = await simpleParser((await catcher.nextMail(before)).raw);
    const link = /https?:\/\/\S+#token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(link).not.toBeNull();
    return {
      to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      link: link![0],
      token: link![1]!,
    };
  }

  it('mails a link to the account address over SMTP, in the asked language, that sets a new password once', async () => {
    const mail = await requestLink(account.email.toUpperCase());
    expect(mail.to).toBe(account.email);
    expect(mail.subject).toBe('Je nieuwe wachtwoord voor Fotocollage');
    expect(mail.text).toContain(`Je gebruikersnaam is ${account.username}.`);
    expect(mail.link).toBe(`${server.url}/nieuw-wachtwoord#token=${mail.token}`);
    // The page the link opens is served (the token never reaches the server in the address).
    const page = await fetch(mail.link.split('#')[0]!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Nieuw wachtwoord');

    const client = new TestClient(server.url);
    expect(
      (await client.postFormJson('/api/checkResetLink?format=json', { token: mail.token })).body,
    ).toEqual({ usable: 'true' });
    const reset = await client.postFormJson<AuthBody>(
      '/api/resetPassword?format=json',
      await resetFields(mail.token, 'nieuw-geheim'),
    );
    expect(reset.body).toEqual({ authenticated: 'true' });
    expect(await isAuthenticated(client)).toBe(true);

    expect(
      (await signIn(new TestClient(server.url), account.username, account.password)).body
        .authenticated,
    ).toBe('false');
    expect(
      (await signIn(new TestClient(server.url), account.username, 'nieuw-geheim')).body
        .authenticated,
    ).toBe('true');

    const again = await new TestClient(server.url).postFormJson<AuthBody>(
      '/api/resetPassword?format=json',
      await resetFields(mail.token, 'derde-geheim'),
    );
    expect(again.body).toEqual({
      authenticated: 'false',
      errors: [
        {
          field: 'all',
          message: 'Deze link is verlopen of al gebruikt. Vraag een nieuwe link aan.',
        },
      ],
    });
    expect(
      (
        await new TestClient(server.url).postFormJson('/api/checkResetLink?format=json', {
          token: mail.token,
        })
      ).body,
    ).toMatchObject({ usable: 'false' });
    expect(
      (await signIn(new TestClient(server.url), account.username, 'nieuw-geheim')).body
        .authenticated,
    ).toBe('true');
    account.password = 'nieuw-geheim';
  });

  it('signs out every session that knew the old password', async () => {
    const other = await registerAndSignIn(new TestClient(server.url), newAccount('reset'));
    const oldSession = new TestClient(server.url);
    expect((await signIn(oldSession, other.username, other.password)).body.authenticated).toBe(
      'true',
    );
    const mail = await requestLink(other.email);
    await new TestClient(server.url).postFormJson(
      '/api/resetPassword?format=json',
      await resetFields(mail.token, 'vers-geheim'),
    );
    expect(await isAuthenticated(oldSession)).toBe(false);
  });

  it('writes the mail and the link in the language the customer asked in', async () => {
    const mail = await requestLink(account.email, 'de');
    expect(mail.subject).toBe('Dein neues Passwort für Fotocollage');
    expect(mail.link).toBe(`${server.url}/neues-passwort#token=${mail.token}`);
    const refused = await new TestClient(server.url).postFormJson<AuthBody>(
      '/api/resetPassword?format=json&lang=de',
      await resetFields('x'.repeat(43), 'abc'),
    );
    expect(refused.body.errors?.[0]?.message).toBe(
      'Dieser Link ist abgelaufen oder wurde schon benutzt. Fordere einen neuen Link an.',
    );
  });

  it('refuses an expired link, and keeps the link through a wrong repeat or too short a password', async () => {
    const mail = await requestLink(account.email);
    const client = new TestClient(server.url);
    const differ = await client.postFormJson<AuthBody>(
      '/api/resetPassword?format=json',
      await resetFields(mail.token, 'een-geheim', 'ander-geheim'),
    );
    expect(differ.body.errors).toEqual([
      { field: 'password_again', message: 'De wachtwoorden zijn niet gelijk.' },
    ]);
    const short = await client.postFormJson<AuthBody>(
      '/api/resetPassword?format=json',
      await resetFields(mail.token, 'x'),
    );
    expect(short.body.errors).toEqual([
      { field: 'password', message: 'Wachtwoord is verplicht en 2-20 tekens' },
    ]);
    expect(
      (await client.postFormJson('/api/checkResetLink?format=json', { token: mail.token })).body,
    ).toEqual({ usable: 'true' });

    await server.app.db.query(
      "UPDATE password_resets SET expires_at = now() - interval '1 second'",
    );
    const expired = await client.postFormJson<AuthBody>(
      '/api/resetPassword?format=json',
      await resetFields(mail.token, 'een-geheim'),
    );
    expect(expired.body.authenticated).toBe('false');
    expect(
      (await signIn(new TestClient(server.url), account.username, account.password)).body
        .authenticated,
    ).toBe('true');
  });

  it('answers an unknown address exactly like a known one and mails nobody; refuses a malformed address', async () => {
    await server.app.db.query('DELETE FROM password_resets');
    const before = catcher.mails.length;
    const unknown = await new TestClient(server.url).postFormJson(
      '/api/forgotPassword?format=json',
      { email: 'niemand@example.nl' },
    );
    expect(unknown).toEqual({ status: 200, body: { sent: 'true' } });
    const bad = await new TestClient(server.url).postFormJson('/api/forgotPassword?format=json', {
      email: 'geen-adres',
    });
    expect(bad.body).toEqual({
      sent: 'false',
      errors: [{ field: 'email', message: 'E-mailadres is verplicht en 2-120 tekens lang' }],
    });
    // A known address afterwards is the first mail: nothing went out for the unknown one.
    await requestLink(account.email);
    expect(catcher.mails.length).toBe(before + 1);
    expect((await server.app.db.query('SELECT 1 FROM password_resets')).length).toBe(1);
  });

  it(`mails an account at most ${RESET_MAILS_PER_HOUR} links an hour`, async () => {
    await server.app.db.query('DELETE FROM password_resets');
    for (let i = 0; i < RESET_MAILS_PER_HOUR; i++) await requestLink(account.email);
    const before = catcher.mails.length;
    expect(
      (
        await new TestClient(server.url).postFormJson('/api/forgotPassword?format=json', {
          email: account.email,
        })
      ).body,
    ).toEqual({ sent: 'true' });
    await expect(catcher.nextMail(before, 1500)).rejects.toThrow(/no mail/);
  });

  it('stores only a digest of the token', async () => {
    await server.app.db.query('DELETE FROM password_resets');
    const mail = await requestLink(account.email);
    const rows = await server.app.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM password_resets',
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((row) => row.token_hash)).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    expect(rows[0]!.token_hash).not.toContain(mail.token);
  });
});

describe('forgotten-password pages', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(async () => server.destroy());

  it.each(LOCALES)(
    'serves both pages in %s, and the sign-in form links to the first',
    async (locale) => {
      const forgot = await fetch(`${server.url}${FORGOT_PASSWORD_PATHS[locale]}`);
      expect(forgot.status).toBe(200);
      const forgotHtml = await forgot.text();
      expect(forgotHtml).toContain(`<html lang="${locale}">`);
      expect(forgotHtml).toContain(`<h1>${PASSWORD_TEXTS[locale].forgotTitle}</h1>`);
      const reset = await (await fetch(`${server.url}${RESET_PASSWORD_PATHS[locale]}`)).text();
      expect(reset).toContain(`<h1>${PASSWORD_TEXTS[locale].resetTitle}</h1>`);
      const overview = await (await fetch(`${server.url}${OVERVIEW_PATHS[locale]}`)).text();
      expect(overview).toContain(
        `<a href="${FORGOT_PASSWORD_PATHS[locale]}">${escapeHtml(PASSWORD_TEXTS[locale].forgotLink)}</a>`,
      );
    },
  );
});
