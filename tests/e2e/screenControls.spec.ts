import { expect, test } from '@playwright/test';
import { enableTestHooks, openEditor, placePhotos } from './editorHelpers';

/**
 * Issue 12: the spec's back and close actions on the choice, format and error screens, the back
 * arrow of the phone editor's header, and the error screen's own text (no technical string, no
 * draft offer over it).
 */

const TEXTS = {
  nl: {
    choice: '/keuze',
    shop: '/winkel',
    backToShop: 'Terug naar de winkel',
    backToChoice: 'Terug naar de ontwerpen',
    close: 'Sluiten en terug naar de winkel',
    start: 'Ga aan de slag',
    back: 'Terug naar je ontwerp',
  },
  en: {
    choice: '/selection',
    shop: '/shop',
    backToShop: 'Back to the shop',
    backToChoice: 'Back to the designs',
    close: 'Close and go back to the shop',
    start: 'Get started',
    back: 'Back to your design',
  },
};

for (const [lang, text] of Object.entries(TEXTS)) {
  test(`choice and format screens: back to the design list with its filter, back and close out to the shop (${lang})`, async ({
    page,
  }) => {
    await page.goto(`${text.choice}?lang=${lang}`);
    const filter = page.locator('.choice-screen__sidebar a').nth(1);
    await filter.click();
    await expect(page).toHaveURL(new RegExp(`${text.choice}/[^/]+$`));
    const filtered = new URL(page.url()).pathname;
    await page.locator('.choice-screen__grid a').first().click();
    await expect(page.getByRole('button', { name: text.start })).toBeVisible();
    await page.getByRole('link', { name: text.backToChoice }).click();
    await expect(page).toHaveURL(new RegExp(`${filtered}$`));
    await page.getByRole('link', { name: text.backToShop, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${text.shop}$`));
    await page.goBack();
    await page.locator('.choice-screen__grid a').first().click();
    await page.getByRole('link', { name: text.close }).click();
    await expect(page).toHaveURL(new RegExp(`${text.shop}$`));
  });
}

test('the phone editor header has the back arrow to the design page (360 px)', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await openEditor(page);
  await page.getByRole('button', { name: TEXTS.nl.back }).click();
  await expect(page).toHaveURL(/\/ontwerp\/basic\/101$/);
});

test('the error screen: the spec text in the shop style, no technical string, no draft offer over it; close leaves to the shop', async ({
  page,
}) => {
  await enableTestHooks(page);
  const logged: string[] = [];
  page.on('console', (message) => message.type() === 'error' && logged.push(message.text()));
  await openEditor(page);
  await placePhotos(page, [{ slot: 'img1', orgWidth: 3000, orgHeight: 2000 }]);
  await page.waitForTimeout(1_500); // the draft is written after its 500 ms debounce
  const technical = '2026-11-25T10:00:00.000Z Uncaught Error: boom';
  await page.goto(`/fout?error=${encodeURIComponent(technical)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Er is een fout opgetreden');
  await expect(
    page.getByText(
      'Je collage kon niet worden geladen. Waarschijnlijk heb je een tijdje niet aan je collage gewerkt en ben je uitgelogd.',
    ),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Ga naar je collage overzicht en log in >' }),
  ).toHaveAttribute('href', '/overzicht');
  await expect(page.getByText('Uncaught Error')).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(logged.some((line) => line.includes(technical))).toBe(true);
  await page.getByRole('link', { name: TEXTS.nl.close }).click();
  await expect(page).toHaveURL(/\/winkel$/);
});
