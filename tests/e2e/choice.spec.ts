import { expect, test } from '@playwright/test';

test('the app opens on the choice screen in Dutch with the design cards', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/keuze$/);
  await expect(page.getByRole('heading', { name: 'Kies je ontwerp' })).toBeVisible();
  await expect(
    page.getByText("Sla je collage op wanneer je wilt - en maak 'm af wanneer het jou uitkomt!"),
  ).toBeVisible();
  const hart = page.getByRole('link', { name: /Hart/ }).first();
  await expect(hart).toHaveAttribute('href', /\/ontwerp\/basic\/115$/);
});

test('an unknown path goes to the choice screen', async ({ page }) => {
  await page.goto('/dit/bestaat/niet');
  await expect(page.getByRole('heading', { name: 'Kies je ontwerp' })).toBeVisible();
});

test('nl filters: photo tiles shows only the tiles', async ({ page }) => {
  await page.goto('/keuze');
  await page
    .getByRole('navigation', { name: 'Filters' })
    .getByRole('link', { name: 'Fototegels' })
    .click();
  await expect(page).toHaveURL(/\/keuze\/tiles$/);
  await expect(page.locator('.template-card')).toHaveCount(1);
  await expect(page.locator('.template-card__name')).toHaveText('Tegels');
});

test('other locales show the theme filters and their route words', async ({ page }) => {
  await page.goto('/wahlen');
  await expect(page.getByRole('heading', { name: 'Wähle dein Design' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Filter' });
  await expect(nav.getByRole('link')).toHaveText([
    'Alle Designs',
    'Basis-Collagen',
    'Modern',
    'Klassisch',
    'Retro',
    'Vintage',
    'Illustration',
    'Gemälde',
  ]);
  await nav.getByRole('link', { name: 'Retro' }).click();
  await expect(page).toHaveURL(/\/wahlen\/retro$/);
  await expect(page.locator('.template-card').first()).toHaveAttribute(
    'href',
    /^\/collage\/basic\//,
  );
  await page.goto('/eleccion');
  await expect(page.getByRole('heading', { name: 'Elige tu diseño' })).toBeVisible();
  await expect(page.locator('.template-card').first()).toHaveAttribute(
    'href',
    /^\/collage\/basico\//,
  );
});

test('under 600 px the sidebar hides behind "Toon filters"', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/keuze');
  const nav = page.getByRole('navigation', { name: 'Filters' });
  await expect(nav).toBeHidden();
  await page.getByRole('button', { name: 'Toon filters' }).click();
  await expect(nav).toBeVisible();
});

test("on a desktop the cards stay in columns after the editor's styles have loaded at idle", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/keuze');
  await expect(page.getByRole('heading', { name: 'Kies je ontwerp' })).toBeVisible();
  // the idle prefetch brings the editor's and the save dialog's stylesheets, which style .link-button too
  const loaded = () =>
    page.evaluate(
      () =>
        [...document.styleSheets].filter((sheet) =>
          /\/assets\/(EditorScreen|SaveDialogHost)-/.test(sheet.href ?? ''),
        ).length,
    );
  await expect.poll(loaded, { timeout: 15_000 }).toBe(2);
  await expect(page.getByRole('button', { name: 'Toon filters' })).toBeHidden();
  const tops = await page
    .locator('.template-card')
    .evaluateAll((cards) => cards.slice(0, 3).map((card) => card.getBoundingClientRect().top));
  expect(new Set(tops).size).toBe(1);
});

test('the error screen explains and links to the overview page', async ({ page }) => {
  await page.goto('/fout?error=2026-11-22T10%3A00%3A00Z%20kapot');
  await expect(
    page.getByText('Je collage kon niet worden geladen.', { exact: false }),
  ).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'Ga naar je collage overzicht en log in >' }),
  ).toHaveAttribute('href', '/overzicht');
  await page.goto('/fehler');
  await expect(
    page.getByRole('link', { name: 'Zu deiner Collage-Übersicht und anmelden >' }),
  ).toHaveAttribute('href', '/ueberblick');
  await expect(page).toHaveTitle(/Ein Fehler ist aufgetreten/);
});
