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
