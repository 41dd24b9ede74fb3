import { expect, test } from '@playwright/test';

/**
 * Issue 12: a route word several locales share (collage/basic, collage/base, edit, error) keeps the
 * customer's language on a reload or a saved link, instead of flipping to the first locale that has it.
 */

test('a German customer reloading /collage/basic/… stays German', async ({ page }) => {
  await page.goto('/wahlen');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('/collage/basic/101');
  await expect(page.getByRole('button', { name: "Los geht's" })).toBeVisible();
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.getByRole('button', { name: "Los geht's" })).toBeVisible();
});

for (const { lang, chooser, shared, text } of [
  { lang: 'it', chooser: '/scelta', shared: '/collage/base/101', text: 'Inizia' },
  {
    lang: 'es',
    chooser: '/eleccion',
    shared: '/error?error=x',
    text: 'No se ha podido cargar tu collage.',
  },
  { lang: 'en', chooser: '/selection', shared: '/edit', text: null },
  { lang: 'de', chooser: '/wahlen', shared: '/edit/123', text: null },
]) {
  test(`a saved link ${shared} opens in the customer's language (${lang})`, async ({ page }) => {
    await page.goto(chooser);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.goto(shared);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    if (text) await expect(page.getByText(text).first()).toBeVisible();
  });
}

test('without a remembered language a shared word opens as before, and ?lang= still wins', async ({
  page,
}) => {
  await page.goto('/collage/basic/101');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/edit?lang=de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.goto('/edit');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // A remembered language that does not share the word: the word's first locale.
  await page.goto('/collage/base/101');
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
