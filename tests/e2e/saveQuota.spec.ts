/**
 * Issue 26 item 4, the editor's part: a save past the customer's quota of the hour is refused by
 * the server with words in the customer's language, and the save dialog shows those words (not the
 * generic 'Probeer het nogmaals'), while the collage stays in the editor as it was.
 *
 * Its own server on its own port and data, allowing one new collage per customer and hour.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { limitText } from '../../server/i18n/limitMessages';
import {
  CAMERA_PHOTOS,
  expectSaveState,
  newAccount,
  pickPhoto,
  saveDialog,
} from './accountHelpers';
import {
  enableTestHooks,
  expectAccessible,
  expectInsideWindow,
  expectState,
  openEditor,
  photoSlot,
  slotPhotoId,
} from './editorHelpers';

const PORT = Number(process.env.E2E_PORT ?? 8090) + 9;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.resolve('test-results/save-quota-data');

test.use({ baseURL: ORIGIN });

let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      LOG_LEVEL: 'warn',
      SAVE_QUOTA_COLLAGES: '1',
      // As playwright.config.ts: every test's browser comes from one address.
      SESSION_RATE_LIMIT: '100000',
      UPLOAD_RATE_LIMIT: '100000',
      AUTH_RATE_LIMIT: '100000',
    },
    stdio: 'inherit',
  });
  for (let i = 0; i < 300; i += 1) {
    try {
      if ((await fetch(`${ORIGIN}/api/alive?format=json`, { method: 'POST' })).status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start');
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server!.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

/** The editor's words the test goes by, per language. */
const WORDS = {
  nl: {
    save: 'Opslaan / bestellen',
    picker: 'Kies een foto',
    register: 'Maak een gratis account aan',
    username: 'Gebruikersnaam',
    email: 'E-mailadres',
    password: 'Wachtwoord',
    passwordAgain: 'Herhaal wachtwoord',
    terms: /algemene voorwaarden/,
    registerButton: 'Registreer',
    saved: 'Opgeslagen',
    continue: 'Verder met je collage',
    failed: 'Niet gelukt',
    generic: 'Je collage kon helaas niet worden opgeslagen. Probeer het nogmaals.',
    errorTitle: 'Er ging iets mis',
    back: 'Terug naar je collage',
    titleDialog: 'Titel wijzigen',
    titleLabel: 'Titel',
    changeText: 'Wijzig tekst',
  },
  en: {
    save: 'Save / order',
    picker: 'Choose a photo',
    register: 'Create a free account',
    username: 'Username',
    email: 'Email address',
    password: 'Password',
    passwordAgain: 'Repeat password',
    terms: /terms and conditions/,
    registerButton: 'Register',
    saved: 'Saved',
    continue: 'Continue with your collage',
    failed: 'Failed',
    generic: 'Unfortunately your collage could not be saved. Please try again.',
    errorTitle: 'Something went wrong',
    back: 'Back to your collage',
    titleDialog: 'Change title',
    titleLabel: 'Title',
    changeText: 'Change text',
  },
} as const;
type Lang = keyof typeof WORDS;

/** A new collage of template 101 with its title layer ('Tekst: volgende' three times), one photo and a title. */
async function newCollage(page: Page, lang: Lang, photo: string, title: string) {
  const words = WORDS[lang];
  await openEditor(page, '101', { lang, textSteps: 3 });
  await pickPhoto(page, 'img1', photo, words.picker);
  await page.locator('.slot--text[data-slot="txt1"]').click();
  const dialog = page.getByRole('dialog', { name: words.titleDialog });
  await dialog.getByLabel(words.titleLabel, { exact: true }).fill(title);
  await dialog.getByRole('button', { name: words.changeText }).click();
  await expectState(page, 2);
}

async function titleOf(page: Page, lang: Lang): Promise<string> {
  const words = WORDS[lang];
  await page.locator('.slot--text[data-slot="txt1"]').click();
  const dialog = page.getByRole('dialog', { name: words.titleDialog });
  const value = await dialog.getByLabel(words.titleLabel, { exact: true }).inputValue();
  await dialog.getByRole('button', { name: words.changeText }).click();
  await expectState(page, 2);
  return value;
}

/** Registers through the save dialog of a first collage, which is saved then ('Opgeslagen'). */
async function registerAndSaveFirst(page: Page, lang: Lang) {
  const words = WORDS[lang];
  await newCollage(page, lang, CAMERA_PHOTOS[0]!, lang === 'nl' ? 'Eerste' : 'First');
  await page.getByRole('button', { name: words.save }).click();
  const dialog = page.getByRole('dialog', { name: words.register });
  const account = newAccount(`quota${lang}`);
  await dialog.getByLabel(words.username).fill(account.username);
  await dialog.getByLabel(words.email).fill(account.email);
  await dialog.getByLabel(words.password, { exact: true }).fill(account.password);
  await dialog.getByLabel(words.passwordAgain).fill(account.password);
  await dialog.getByRole('checkbox', { name: words.terms }).check();
  await dialog.getByRole('button', { name: words.registerButton }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await expect(saveDialog(page).getByText(words.saved, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: words.continue }).click();
  await expectState(page, 2);
}

/** A second new collage, saved past the quota: the dialog shows the server's words. */
async function saveSecondPastQuota(page: Page, lang: Lang, title: string) {
  const words = WORDS[lang];
  await newCollage(page, lang, CAMERA_PHOTOS[1]!, title);
  const photoBefore = await slotPhotoId(page, 'img1');
  const quotaAnswer = page.waitForResponse(
    (response) => response.url().includes('/api/save') && response.request().method() === 'POST',
  );
  await page.getByRole('button', { name: words.save }).click();
  // The request carried the customer's language, and the server answered in it.
  const answer = await quotaAnswer;
  expect(answer.status()).toBe(429);
  expect(new URL(answer.url()).searchParams.get('lang')).toBe(lang);
  await expectSaveState(page, 'ERROR', 30_000);
  const dialog = page.getByRole('dialog', { name: words.errorTitle });
  await expect(dialog.getByText(words.failed, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText(limitText('save.quota', lang));
  // The quota's 'try again in an hour' replaces 'try again' (which it would contradict).
  await expect(dialog.getByText(words.generic)).toHaveCount(0);
  return { dialog, photoBefore };
}

/** After the dialog closes, the refused collage is in the editor as it was: its photo and title. */
async function expectCollageKept(page: Page, lang: Lang, photoBefore: string, title: string) {
  await page.getByRole('button', { name: WORDS[lang].back }).click();
  await expect(saveDialog(page)).toHaveCount(0);
  await expectState(page, 2);
  // Never saved: the address names no saved collage.
  await expect(page).toHaveURL(/\/edit$/);
  await expect(photoSlot(page, 'img1')).toHaveAttribute('data-filled', 'true');
  expect(await slotPhotoId(page, 'img1')).toBe(photoBefore);
  expect(await titleOf(page, lang)).toBe(title);
}

test.beforeEach(async ({ page }) => {
  await enableTestHooks(page);
});

test("nl: a second new collage in the hour is refused with the quota's Dutch words; the collage stays", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerAndSaveFirst(page, 'nl');
  const { dialog, photoBefore } = await saveSecondPastQuota(page, 'nl', 'Zomer aan zee');
  await expectAccessible(page, '.dialog');
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    await expectInsideWindow(page, dialog);
    await page.screenshot({ path: `test-results/screens/save-quota-nl-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectCollageKept(page, 'nl', photoBefore, 'Zomer aan zee');
});

test('en: the same refusal reads in English for an English customer of the Dutch shop', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await registerAndSaveFirst(page, 'en');
  const { photoBefore } = await saveSecondPastQuota(page, 'en', 'Summer by the sea');
  await page.screenshot({ path: 'test-results/screens/save-quota-en-1280.png' });
  await expectCollageKept(page, 'en', photoBefore, 'Summer by the sea');
});
