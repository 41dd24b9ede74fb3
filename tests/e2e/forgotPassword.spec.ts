import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { encryptPassword, registerSalt } from '../../src/api/passwordCipher';
import {
  newAccount,
  openSmallCollage,
  saveDialog,
  fillSignInForm,
  expectSaveState,
  type Account,
} from './accountHelpers';

/**
 * Issue 12: 'Wachtwoord vergeten?' in the save dialog's sign-in form leads to the shop's
 * forgotten-password page; the mail arrives at the local SMTP server (the server's mail catcher,
 * which keeps each mail as an .eml file under DATA_DIR/mail) and its link sets a new password once.
 */

const MAIL_DIR = join('test-results', 'e2e-data', 'mail');

/** Quoted-printable soft breaks and escapes undone: the mail's text as the customer reads it. */
const decodeQuotedPrintable = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** The first mail to `to` that the mail catcher kept. */
async function mailTo(to: string): Promise<string> {
  for (const file of (await readdir(MAIL_DIR).catch(() => [] as string[])).sort()) {
    const raw = await readFile(join(MAIL_DIR, file), 'utf8');
    if (raw.includes(to)) return decodeQuotedPrintable(raw);
  }
  return '';
}

/** Registers in a context of its own: the page stays signed out. */
async function registerElsewhere(baseURL: string, account: Account) {
  const context = await apiRequest.newContext({ baseURL });
  const encrypted = await encryptPassword(
    account.password,
    registerSalt(account.username, account.email),
  );
  const answer = await context.post('/api/register?format=json', {
    form: {
      username: account.username,
      email: account.email,
      newsletter: 'false',
      password: encrypted,
      password_again: encrypted,
      terms: 'true',
    },
  });
  expect((await answer.json()).authenticated).toBe('true');
  await context.dispose();
}

async function setNewPassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill(password);
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
}

test("'Wachtwoord vergeten?' in the sign-in form: the mailed link sets a new password once, and the customer signs in with it", async ({
  page,
  baseURL,
}) => {
  const account = newAccount('forgot');
  await registerElsewhere(baseURL!, account);
  await openSmallCollage(page);
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'REGISTER');
  await saveDialog(page).getByRole('button', { name: 'Heb je al een account?' }).click();
  await expectSaveState(page, 'LOGIN');

  // The shop's page opens in a tab of its own; the collage stays open here.
  const [forgot] = await Promise.all([
    page.waitForEvent('popup'),
    saveDialog(page).getByRole('link', { name: 'Wachtwoord vergeten?' }).click(),
  ]);
  await expect(forgot).toHaveURL(/\/wachtwoord-vergeten$/);
  await forgot.getByLabel('E-mailadres').fill(account.email);
  await forgot.getByRole('button', { name: 'Stuur de link' }).click();
  await expect(forgot.getByText('Als er een account bij dit e-mailadres hoort')).toBeVisible();

  await expect
    .poll(() => mailTo(account.email), { timeout: 15_000 })
    .toContain(`Hallo ${account.username}`);
  const mail = await mailTo(account.email);
  const link = /(https?:\/\/\S+\/nieuw-wachtwoord\S*)/.exec(mail)?.[1];
  expect(link).toBeTruthy();

  await setNewPassword(forgot, link!, 'nieuw456');
  await expect(forgot.getByText('Je wachtwoord is gewijzigd en je bent ingelogd.')).toBeVisible();
  // Used once: the same link is refused the second time.
  await forgot.goto('about:blank');
  await forgot.goto(link!);
  await expect(forgot.locator('#reset-invalid')).toBeVisible();
  await expect(forgot.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toBeVisible();
  await expect(forgot.getByLabel('Nieuw wachtwoord', { exact: true })).toBeHidden();

  // Back in the editor: the old password is refused, the new one signs in and the save goes on.
  await fillSignInForm(saveDialog(page), account.username, account.password);
  await saveDialog(page).getByRole('button', { name: 'Inloggen' }).click();
  await expect(
    saveDialog(page).getByText('Gebruikersnaam of wachtwoord is niet correct.').first(),
  ).toBeVisible();
  await fillSignInForm(saveDialog(page), account.username, 'nieuw456');
  await saveDialog(page).getByRole('button', { name: 'Inloggen' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
});
