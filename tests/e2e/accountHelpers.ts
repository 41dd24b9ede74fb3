import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Locator, type Page, type Request } from '@playwright/test';
import { encryptPassword, registerSalt } from '../../src/api/passwordCipher';
import { readCollageXml } from '../../src/model/document/collageXml';
import type {
  CollageDocument,
  ImageSlotEntry,
  TextSlotEntry,
} from '../../src/model/document/collageTypes';
import { expectState, photoSlot } from './editorHelpers';

/**
 * Helpers of the save, account and recovery e2e tests (account.spec.ts, saveRecovery.spec.ts,
 * drafts.spec.ts): a small collage filled with real photos through the picker, the save dialog's
 * forms, and what the editor posted to /api/save next to what /api/load answers.
 */

/** The shared fixtures beside the project (the work tree's root is two folders up). */
export const FIXTURES = join(
  fileURLToPath(new URL('../../', import.meta.url)),
  '../shared/fixtures/photos',
);
export const fixture = (path: string) => join(FIXTURES, path);

/** Real camera photos, small enough to upload quickly, each a different picture. */
export const CAMERA_PHOTOS = [
  'cameras/Canon_40D.jpg',
  'cameras/Nikon_D70.jpg',
  'cameras/Pentax_K10D.jpg',
  'cameras/Kodak_CX7530.jpg',
];

export const saveDialog = (page: Page) => page.locator('.save-dialog');
export const slotButtons = (page: Page) => page.locator('.slot--photo[data-slot]');

export async function expectSaveState(page: Page, state: string, timeout?: number) {
  await expect(saveDialog(page)).toHaveAttribute('data-state', state, { timeout });
}

export interface Account {
  username: string;
  email: string;
  password: string;
}

/** A fresh account name (the database outlives one run). */
export function newAccount(prefix: string): Account {
  const username = `${prefix}${Date.now() % 1_000_000}${Math.floor(Math.random() * 100)}`.slice(
    0,
    20,
  );
  return { username, email: `${username}@example.nl`, password: 'geheim123' };
}

/**
 * The design screen of template 101 with a 2 x 2 grid and a title, then 'Ga aan de slag'. Answers
 * the size, material and price the design screen showed, for the cart page to be compared with.
 */
export async function openSmallCollage(
  page: Page,
  material = 'Poster',
): Promise<{ size: string; material: string; price: string }> {
  await page.goto('/ontwerp/basic/101?lang=nl');
  await page.getByRole('button', { name: 'Kolommen: minder' }).click();
  await page.getByRole('button', { name: 'Rijen: minder' }).click();
  await page.getByRole('button', { name: 'Rijen: minder' }).click();
  await expect(page.locator('[data-control="numberVert"] output')).toHaveText('2');
  await expect(page.locator('[data-control="numberHor"] output')).toHaveText('2');
  // The title layer ('Jouw titel') is three steps on.
  for (let step = 0; step < 3; step++)
    await page.getByRole('button', { name: 'Tekst: volgende' }).click();
  await page.getByRole('radio', { name: material }).check();
  const checked = await page
    .getByRole('radio', { checked: true })
    .evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ''),
    );
  const size = checked.find((label) => /^\d+ x \d+ cm$/.test(label))!;
  const price = (await page.getByTestId('price').locator('strong').textContent())!.trim();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expectState(page, 2);
  await expect(slotButtons(page)).toHaveCount(4);
  return { size, material, price };
}

/** An empty slot opens the picker; one file chosen there fills the slot and closes the picker. */
export async function pickPhoto(
  page: Page,
  slot: string,
  path: string,
  pickerTitle = 'Kies een foto',
) {
  await expect(photoSlot(page, slot)).toHaveAttribute('data-filled', 'false');
  await photoSlot(page, slot).click();
  const picker = page.getByRole('dialog', { name: pickerTitle });
  await expect(picker).toBeVisible();
  await picker.locator('input[type=file]').setInputFiles(fixture(path));
  await expect(picker).toBeHidden();
  await expect(photoSlot(page, slot)).toHaveAttribute('data-filled', 'true');
}

/** Fills img1..imgN with the given fixture photos, one through the picker each, and waits until they are read. */
export async function fillSlots(page: Page, paths: readonly string[]) {
  for (const [index, path] of paths.entries()) await pickPhoto(page, `img${index + 1}`, path);
  await expect.poll(() => photoStates(page), { timeout: 30_000 }).toEqual(paths.map(() => 'IMAGE'));
}

/** The photo store's states (LOADING, IMAGE, ERROR), through the test hook. */
export function photoStates(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (
      window as unknown as { __fotocollage: { photos: { photos: { state: string }[] } } }
    ).__fotocollage.photos.photos.map((photo) => photo.state),
  );
}

/** Which photo slots are filled, by the slot layer's data-filled. */
export async function filledSlots(page: Page): Promise<Record<string, boolean>> {
  return slotButtons(page).evaluateAll((buttons) =>
    Object.fromEntries(
      buttons.map((button) => [
        button.getAttribute('data-slot')!,
        button.getAttribute('data-filled') === 'true',
      ]),
    ),
  );
}

/** Registers (and so signs in) the page's browser context through the API, as another tab would. */
export async function registerByApi(page: Page, account: Account) {
  const encrypted = await encryptPassword(
    account.password,
    registerSalt(account.username, account.email),
  );
  const answer = await page.request.post('/api/register?format=json', {
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
}

export async function fillRegisterForm(
  dialog: Locator,
  fields: {
    username: string;
    email: string;
    password: string;
    passwordAgain?: string;
    terms?: boolean;
  },
) {
  await dialog.getByLabel('Gebruikersnaam').fill(fields.username);
  await dialog.getByLabel('E-mailadres').fill(fields.email);
  await dialog.getByLabel('Wachtwoord', { exact: true }).fill(fields.password);
  await dialog.getByLabel('Herhaal wachtwoord').fill(fields.passwordAgain ?? fields.password);
  await dialog
    .getByRole('checkbox', { name: /algemene voorwaarden/ })
    .setChecked(fields.terms ?? true);
}

export async function fillSignInForm(dialog: Locator, username: string, password: string) {
  await dialog.getByLabel('Gebruikersnaam').fill(username);
  await dialog.getByLabel('Wachtwoord').fill(password);
}

export interface PostedSave {
  collageXml: string;
  collageId: string | null;
  forOrder: string | null;
  templateId: string | null;
  /** The id the server answered. */
  answeredId: string;
}

/** Every /api/save the page posts, with the fields as sent and the id the server answered. */
export function recordSaves(page: Page): PostedSave[] {
  const saves: PostedSave[] = [];
  page.on('requestfinished', (request: Request) => {
    if (!request.url().includes('/api/save') || request.method() !== 'POST') return;
    void request.response().then(async (response) => {
      if (!response || response.status() !== 200) return;
      const form = new URLSearchParams(request.postData() ?? '');
      const answer = (await response.json()) as { collageid: number };
      saves.push({
        collageXml: form.get('collagexml') ?? '',
        collageId: form.get('collageid'),
        forOrder: form.get('fororder'),
        templateId: form.get('templateid'),
        answeredId: String(answer.collageid),
      });
    });
  });
  return saves;
}

/** /api/load with the page's own cookies: the collage as the server keeps it. */
export async function loadSaved(
  page: Page,
  collageId: string,
): Promise<{ collagexml: string; photos: { id: number }[] }> {
  const response = await page.request.post('/api/load?format=json', {
    form: { collageid: collageId },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { collagexml: string; photos: { id: number }[] };
}

/** The last posted save reads back from /api/load byte for byte; answers its parsed document. */
export async function expectRoundTrip(
  page: Page,
  saves: PostedSave[],
  count: number,
): Promise<{ document: CollageDocument; collageId: string }> {
  await expect.poll(() => saves.length).toBe(count);
  const posted = saves[count - 1]!;
  const loaded = await loadSaved(page, posted.answeredId);
  expect(loaded.collagexml).toBe(posted.collageXml);
  const document = parseSaved(posted.collageXml);
  // The server's photo list is the document's: every photo the slots use is kept with the collage.
  expect(loaded.photos.map((photo) => String(photo.id)).sort()).toEqual(
    [...document.photos].sort(),
  );
  return { document, collageId: posted.answeredId };
}

export function parseSaved(xml: string): CollageDocument {
  const read = readCollageXml(xml, { hasTemplate: () => true });
  if (!read.ok) throw new Error(`saved XML does not read back: ${read.detail}`);
  return read.document;
}

export function imageSlots(document: CollageDocument): ImageSlotEntry[] {
  return document.userdata[0]!.slots.filter(
    (slot): slot is ImageSlotEntry => slot.kind === 'image',
  );
}

export function textOf(document: CollageDocument, slot: string): string | undefined {
  return document.userdata[0]!.slots.find(
    (entry): entry is TextSlotEntry => entry.kind === 'text' && entry.name === slot,
  )?.text.txt;
}

/** The title as the title dialog shows it (the collage picture is not read: the canvas replaces it). */
export async function titleInDialog(page: Page): Promise<string> {
  await page.locator('.slot--text[data-slot="txt1"]').click();
  const dialog = page.getByRole('dialog', { name: 'Titel wijzigen' });
  const value = await dialog.getByLabel('Titel', { exact: true }).inputValue();
  await dialog.getByRole('button', { name: 'Wijzig tekst' }).click();
  await expectState(page, 2);
  return value;
}

export async function setTitle(page: Page, title: string) {
  await page.locator('.slot--text[data-slot="txt1"]').click();
  const dialog = page.getByRole('dialog', { name: 'Titel wijzigen' });
  await dialog.getByLabel('Titel', { exact: true }).fill(title);
  await expect(dialog.getByLabel('Titel', { exact: true })).toHaveValue(title);
  await dialog.getByRole('button', { name: 'Wijzig tekst' }).click();
  await expectState(page, 2);
}

/** The analytics events the app reported (ConsoleAnalytics logs each as '[analytics] event' with the object). */
export function recordAnalytics(
  page: Page,
): { category: string; action: string; label?: string; value?: number }[] {
  const events: { category: string; action: string; label?: string; value?: number }[] = [];
  page.on('console', (message) => {
    if (!message.text().startsWith('[analytics] event')) return;
    void message
      .args()[1]
      ?.jsonValue()
      .then((event) => events.push(event as (typeof events)[number]));
  });
  return events;
}
