import { expect, test } from '@playwright/test';

test('the app opens on the choice screen in Dutch', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/keuze$/);
  await expect(page.getByRole('heading', { name: 'Kies je ontwerp' })).toBeVisible();
});

test('an unknown path goes to the choice screen', async ({ page }) => {
  await page.goto('/dit/bestaat/niet');
  await expect(page.getByRole('heading', { name: 'Kies je ontwerp' })).toBeVisible();
});

test('route words of other locales reach their screen in their language', async ({ page }) => {
  await page.goto('/wahlen');
  await expect(page.getByRole('heading', { name: 'Wähle dein Design' })).toBeVisible();
  await page.goto('/eleccion');
  await expect(page.getByRole('heading', { name: 'Elige tu diseño' })).toBeVisible();
});

test('the error screen explains and links to the overview page', async ({ page }) => {
  await page.goto('/fout?error=2026-11-22T10%3A00%3A00Z%20kapot');
  await expect(page.getByText('Je collage kon niet worden geladen.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ga naar je collage overzicht en log in >' })).toHaveAttribute('href', '/overzicht');
  await page.goto('/fehler');
  await expect(page.getByRole('link')).toHaveAttribute('href', '/ueberblick');
  await expect(page).toHaveTitle(/Ein Fehler ist aufgetreten/);
});
