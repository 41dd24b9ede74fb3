import { expect, test } from '@playwright/test';
import { decryptPassword, registerSalt } from '../../src/api/passwordCipher';
import { enableTestHooks, expectState } from './editorHelpers';
import {
  CAMERA_PHOTOS,
  expectRoundTrip,
  expectSaveState,
  fillRegisterForm,
  fillSignInForm,
  fillSlots,
  filledSlots,
  imageSlots,
  newAccount,
  openSmallCollage,
  recordSaves,
  registerByApi,
  saveDialog,
  setTitle,
  textOf,
  titleInDialog,
} from './accountHelpers';

/**
 * Issue 7's proof, the account part, in Chromium against the real server and database: register,
 * save, sign in again, reopen, change, save, order, the cart; every save read back from /api/load.
 */

test.beforeEach(async ({ page }) => {
  await enableTestHooks(page);
});

test('register, save, reload, sign in again, reopen, change the title, save again, order: the cart shows the collage', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const saves = recordSaves(page);
  const format = await openSmallCollage(page, 'Poster');
  await fillSlots(page, CAMERA_PHOTOS);
  await setTitle(page, 'Zomer aan zee');

  // Not signed in, a new collage: 'Opslaan / bestellen' checks the session and asks to register.
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectState(page, 5);
  const dialog = page.getByRole('dialog', { name: 'Maak een gratis account aan' });
  await expect(dialog).toBeVisible();
  const account = newAccount('klant');
  await fillRegisterForm(dialog, account);
  await dialog.getByRole('button', { name: 'Registreer' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await expect(saveDialog(page).getByText('Opgeslagen', { exact: true })).toBeVisible();
  for (const action of ['Verder met je collage', 'Bestel je collage', 'stoppen'])
    await expect(saveDialog(page).getByRole('button', { name: action, exact: true })).toBeVisible();

  const first = await expectRoundTrip(page, saves, 1);
  expect(saves[0]!.collageId).toBeNull();
  expect(saves[0]!.forOrder).toBe('false');
  expect(imageSlots(first.document).map((slot) => slot.photo.id)).toEqual(first.document.photos);
  expect(first.document.photos).toHaveLength(4);
  expect(textOf(first.document, 'txt1')).toBe('Zomer aan zee');
  const collageId = first.collageId;

  // The address now names the saved collage: a reload brings the customer back to it.
  await expect(page).toHaveURL(new RegExp(`/edit/${collageId}$`));
  await page.getByRole('button', { name: 'Verder met je collage' }).click();
  await expectState(page, 2);
  await page.reload();
  await expectState(page, 2);
  await expect
    .poll(() => filledSlots(page))
    .toEqual({ img1: true, img2: true, img3: true, img4: true });

  // The session ends (signed out elsewhere); reloading the saved collage asks to log in.
  expect((await page.request.post('/api/logout?format=json')).status()).toBe(200);
  await page.reload();
  const login = page.getByRole('dialog', { name: 'Log in om je collage te bewerken' });
  await expect(login).toBeVisible();
  // An existing collage: no 'Registreer je gratis' here, a new collage instead.
  await expect(login.getByRole('button', { name: 'Registreer je gratis' })).toHaveCount(0);
  await expect(login.getByRole('button', { name: 'Begin een nieuwe collage' })).toBeVisible();
  // A wrong password keeps the dialog with the spec's message and what was typed.
  await fillSignInForm(login, account.username, 'verkeerd1');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(login.getByRole('alert')).toHaveText(
    'Gebruikersnaam of wachtwoord is niet correct.',
  );
  await expect(login.getByLabel('Gebruikersnaam')).toHaveValue(account.username);
  await login.getByLabel('Wachtwoord').fill(account.password);
  const reloaded = page.waitForEvent('load');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await reloaded;

  // Reopened: the same four photos in the same slots, the title, the saved format.
  await expect(page).toHaveURL(new RegExp(`/edit/${collageId}$`));
  await expectState(page, 2);
  await expect
    .poll(() => filledSlots(page))
    .toEqual({ img1: true, img2: true, img3: true, img4: true });
  await expect(page.getByTestId('editor-size')).toHaveText(format.size);
  expect(await titleInDialog(page)).toBe('Zomer aan zee');

  // Change the title and save again: the same collage id, sent and answered.
  await setTitle(page, 'Zomer aan zee 2026');
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  const second = await expectRoundTrip(page, saves, 2);
  expect(saves[1]!.collageId).toBe(collageId);
  expect(second.collageId).toBe(collageId);
  expect(textOf(second.document, 'txt1')).toBe('Zomer aan zee 2026');
  expect(second.document.photos).toEqual(first.document.photos);

  // Order: saved again for order, then 'Naar kassa >' leaves for the cart.
  await saveDialog(page).getByRole('button', { name: 'Bestel je collage' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  const third = await expectRoundTrip(page, saves, 3);
  expect(saves[2]!.forOrder).toBe('true');
  expect(third.collageId).toBe(collageId);
  await expect(
    saveDialog(page).getByRole('button', { name: 'Terug naar je collage' }),
  ).toBeVisible();
  await saveDialog(page).getByRole('button', { name: 'Naar kassa >' }).click();

  await expect(page).toHaveURL(new RegExp(`/cart/fromApp\\?collageid=${collageId}$`));
  const card = page.locator('.card');
  await expect(card.locator('dd').nth(1)).toBeVisible();
  const facts = await card.locator('dl').evaluate((list) => {
    const result: Record<string, string> = {};
    for (const term of list.querySelectorAll('dt'))
      result[term.textContent!.trim()] = term.nextElementSibling!.textContent!.trim();
    return result;
  });
  expect(facts).toMatchObject({
    Formaat: format.size,
    Materiaal: format.material,
    Prijs: format.price,
  });
  await page.screenshot({ path: test.info().outputPath('cart.png') });
  // The cart shows the collage's 500 x 500 screenshot, made by the screenshot worker before the save.
  const shot = card.locator('img');
  await expect(shot).toBeVisible();
  expect(
    await shot.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight]),
  ).toEqual([500, 500]);

  // A second customer cannot open it: the editor's error screen, the cart and /api/load refuse alike.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const intruder = await other.newPage();
  await registerByApi(intruder, newAccount('ander'));
  await intruder.goto(`/edit/${collageId}`);
  await expect(intruder).toHaveURL(/\/fout\?error=/);
  await expect(intruder.getByRole('heading', { level: 1 })).toHaveText('Er is een fout opgetreden');
  await expect(
    intruder.getByText(
      'Je collage kon niet worden geladen. Waarschijnlijk heb je een tijdje niet aan je collage gewerkt en ben je uitgelogd.',
    ),
  ).toBeVisible();
  await expect(
    intruder.getByRole('link', { name: 'Ga naar je collage overzicht en log in >' }),
  ).toHaveAttribute('href', '/overzicht');
  // The technical reason is in the address (for the log), not on the page.
  expect(new URL(intruder.url()).searchParams.get('error')).toContain(
    'De collage data was niet beschikbaar tijdens het laden.',
  );
  await expect(intruder.getByText('De collage data was niet beschikbaar')).toHaveCount(0);
  expect(
    (
      await intruder.request.post('/api/load?format=json', { form: { collageid: collageId } })
    ).status(),
  ).toBe(404);
  await intruder.goto(`/cart/fromApp?collageid=${collageId}`);
  await expect(intruder.getByText('Deze collage is niet gevonden.')).toBeVisible();
  await other.close();
});

test('every register error and the sign-in errors show the spec messages; inputs are trimmed and passwords sent encrypted', async ({
  page,
  browser,
}) => {
  // An account that already exists (made in another browser), for the server's 'taken' answers.
  const existing = newAccount('bezet');
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  await registerByApi(await other.newPage(), existing);
  await other.close();

  const registerCalls: URLSearchParams[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/register'))
      registerCalls.push(new URLSearchParams(request.postData() ?? ''));
  });
  await openSmallCollage(page);
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Maak een gratis account aan' });
  const alert = dialog.getByRole('alert');
  const field = (label: string) => dialog.getByLabel(label, { exact: true });
  const submit = () => dialog.getByRole('button', { name: 'Registreer' }).click();

  // Nothing filled in: every field's message and the missing-input alert; nothing is sent.
  await submit();
  await expect(alert).toHaveText(
    'Niet alle velden zijn goed ingevuld. Kijk de gemarkeerde velden na.',
  );
  await expect(field('Gebruikersnaam')).toHaveAccessibleDescription(
    'Gebruikersnaam is verplicht en 2-20 tekens lang.',
  );
  await expect(field('E-mailadres')).toHaveAccessibleDescription(
    'E-mailadres is verplicht en 2-120 tekens lang',
  );
  await expect(field('Wachtwoord')).toHaveAccessibleDescription(
    'Wachtwoord is verplicht en 2-20 tekens',
  );
  await expect(field('Herhaal wachtwoord')).toHaveAccessibleDescription(
    'Wachtwoord is verplicht en 2-20 tekens',
  );

  // Each rule on its own, the other fields valid and the terms ticked.
  const valid = {
    username: 'nieuwe_klant',
    email: 'nieuwe.klant@example.nl',
    password: 'geheim123',
  };
  const USERNAME = 'Gebruikersnaam is verplicht en 2-20 tekens lang.';
  const EMAIL = 'E-mailadres is verplicht en 2-120 tekens lang';
  const PASSWORD = 'Wachtwoord is verplicht en 2-20 tekens';
  const cases: [Partial<typeof valid> & { passwordAgain?: string }, Record<string, string>][] = [
    [{ username: 'a' }, { Gebruikersnaam: USERNAME }],
    [{ username: 'a'.repeat(21) }, { Gebruikersnaam: USERNAME }],
    [{ email: 'a@b.c' }, { 'E-mailadres': EMAIL }],
    [{ email: 'klant-at-example.nl' }, { 'E-mailadres': EMAIL }],
    [{ email: `${'k'.repeat(110)}@example.nl` }, { 'E-mailadres': EMAIL }],
    [
      { password: 'x', passwordAgain: 'x' },
      { Wachtwoord: PASSWORD, 'Herhaal wachtwoord': PASSWORD },
    ],
    [
      { password: 'x'.repeat(21), passwordAgain: 'x'.repeat(21) },
      { Wachtwoord: PASSWORD, 'Herhaal wachtwoord': PASSWORD },
    ],
    [{ passwordAgain: 'geheim124' }, { 'Herhaal wachtwoord': 'De wachtwoorden zijn niet gelijk.' }],
  ];
  for (const [change, messages] of cases) {
    await fillRegisterForm(dialog, { ...valid, ...change });
    await submit();
    await expect(alert).toHaveText(
      'Niet alle velden zijn goed ingevuld. Kijk de gemarkeerde velden na.',
    );
    for (const [label, message] of Object.entries(messages))
      await expect(field(label)).toHaveAccessibleDescription(message);
    await expect(dialog.locator('.form-field__error')).toHaveCount(Object.keys(messages).length);
  }
  // Only the terms missing: the accept-terms alert and no field message.
  await fillRegisterForm(dialog, { ...valid, terms: false });
  await submit();
  await expect(alert).toHaveText('Ga akkoord met de algemene voorwaarden om je te registreren.');
  await expect(dialog.locator('.form-field__error')).toHaveCount(0);
  expect(registerCalls).toHaveLength(0);

  // The server's answers: a taken username and email on their fields.
  await fillRegisterForm(dialog, {
    username: existing.username,
    email: existing.email,
    password: 'anders12',
  });
  await submit();
  await expect(field('Gebruikersnaam')).toHaveAccessibleDescription(
    'Deze gebruikersnaam is al in gebruik.',
  );
  await expect(field('E-mailadres')).toHaveAccessibleDescription(
    'Er bestaat al een account met dit e-mailadres.',
  );
  await expect(alert).toHaveCount(0);
  expect(registerCalls).toHaveLength(1);

  // A server error for 'all' is the form's error; a refusal without errors the generic message;
  // a server password error shows on the password field.
  const answers = [
    {
      authenticated: 'false',
      errors: [
        { field: 'all', message: 'Te veel pogingen. Wacht een minuut en probeer het opnieuw.' },
      ],
    },
    { authenticated: 'false', errors: [] },
    {
      authenticated: 'false',
      errors: [
        {
          field: 'password',
          message: 'Je wachtwoord kon niet worden gelezen. Vul het opnieuw in.',
        },
      ],
    },
  ];
  await page.route('**/api/register*', (route) => route.fulfill({ json: answers.shift() }));
  await fillRegisterForm(dialog, valid);
  await submit();
  await expect(alert).toHaveText('Te veel pogingen. Wacht een minuut en probeer het opnieuw.');
  await field('Gebruikersnaam').fill(valid.username + 'x');
  await expect(alert).toHaveCount(0);
  await submit();
  await expect(alert).toHaveText('Gebruikersnaam of wachtwoord is niet correct');
  await submit();
  await expect(field('Wachtwoord')).toHaveAccessibleDescription(
    'Je wachtwoord kon niet worden gelezen. Vul het opnieuw in.',
  );
  await page.unroute('**/api/register*');

  // 'Heb je al een account?' leads to the login view, which offers 'Registreer je gratis' for a new collage.
  await dialog.getByRole('button', { name: 'Heb je al een account?' }).click();
  const login = page.getByRole('dialog', { name: 'Log in om je collage op te slaan' });
  await expect(login).toBeVisible();
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(login.getByRole('alert')).toHaveText('Vul je gebruikersnaam en wachtwoord in.');
  await expect(login.getByLabel('Gebruikersnaam')).toHaveAccessibleDescription(
    'Gebruikersnaam is verplicht.',
  );
  await expect(login.getByLabel('Wachtwoord')).toHaveAccessibleDescription(
    'Wachtwoord is verplicht.',
  );
  await fillSignInForm(login, existing.username, 'verkeerd1');
  await login.getByRole('button', { name: 'Inloggen' }).click();
  await expect(login.getByRole('alert')).toHaveText(
    'Gebruikersnaam of wachtwoord is niet correct.',
  );
  await login.getByRole('button', { name: 'Registreer je gratis' }).click();

  // Registering with spaces around the inputs: trimmed, both passwords encrypted with username + email.
  const account = newAccount('spatie');
  await fillRegisterForm(dialog, {
    username: `  ${account.username} `,
    email: ` ${account.email}  `,
    password: ` ${account.password} `,
  });
  await submit();
  await expectSaveState(page, 'SAVED', 30_000);
  const sent = registerCalls.at(-1)!;
  expect([sent.get('username'), sent.get('email'), sent.get('terms')]).toEqual([
    account.username,
    account.email,
    'true',
  ]);
  expect(sent.get('password')).not.toContain(account.password);
  const salt = registerSalt(account.username, account.email);
  expect(await decryptPassword(sent.get('password')!, salt)).toBe(account.password);
  expect(await decryptPassword(sent.get('password_again')!, salt)).toBe(account.password);
});
