import { expect, test } from '@playwright/test';
import { encryptPassword, registerSalt } from '../../src/api/passwordCipher';

test('the overview page signs in through its form with the encrypted password', async ({
  page,
  browser,
}) => {
  const username = `klant${Date.now() % 1_000_000}`;
  const email = `${username}@example.nl`;
  const password = 'geheim123';
  const encrypted = await encryptPassword(password, registerSalt(username, email));
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const registered = await other.request.post('/api/register?format=json', {
    form: {
      username,
      email,
      newsletter: 'false',
      password: encrypted,
      password_again: encrypted,
      terms: 'true',
    },
  });
  expect((await registered.json()).authenticated).toBe('true');
  await other.close();

  await page.goto('/overzicht');
  await page.getByLabel('Gebruikersnaam').fill(username);
  await page.getByLabel('Wachtwoord').fill('fout-wachtwoord');
  await page.getByRole('button', { name: /inloggen/i }).click();
  await expect(page.getByRole('alert')).toHaveText('Gebruikersnaam of wachtwoord is niet correct.');
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: /inloggen/i }).click();
  await expect(page.getByLabel('Gebruikersnaam')).toBeHidden();
});
