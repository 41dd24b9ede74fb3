import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * The design screen in Chromium against the real server. The shop's catalog has no static
 * template yet, so one (S1) is added to the themes list on the way, with its template file and
 * thumbnail.
 */

const STATIC_TEMPLATE = `<template id="S1" name="Retro Zomer" category="Retro" namepart="Zomer" source="templates/s1/template.xml" filters="retro" thumb="thumbs/s1.svg" thumbwidth="240" thumbheight="240" description="Een zomerse retro collage" visible="true" hascustomsize="true" designer="anna" design="retro">
  <size id="S1a" width="40" height="30" materials="POSTER,CANVAS2CM" description="40 x 30 cm [29.95]"/>
  <size id="S1b" width="80" height="60" materials="POSTER,CANVAS2CM" description="80 x 60 cm [79.95]"/>
</template>`;

const STATIC_FILE = `<?xml version="1.0" encoding="UTF-8"?>
<template id="S1" width="40" height="30" screendpcm="40" designer="anna" design="retro" material="" backgroundcolor="0xf4efe6" flat="false" margin="0">
  <layer type="photo" slot="img1" x="2" y="2" width="18" height="20" rotation="0"/>
  <layer type="photo" slot="img2" x="22" y="4" width="14" height="14" rotation="0"/>
  <layer type="text" slot="txt1" x="2" y="23" width="36" height="5" rotation="0" font="Rasa" fontsize="2.54" color="0x000000" align="center" valign="bottom" style="" padding="0" letterspacing="0" caps="false" multiplelines="false" lineheight="0.5" background="none"/>
</template>`;

const THUMB = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240"><rect width="240" height="240" fill="#f4efe6"/><rect x="12" y="12" width="108" height="120" fill="#e0a458"/><circle cx="174" cy="66" r="42" fill="#419d78"/><text x="120" y="200" font-size="28" text-anchor="middle" font-family="serif">Zomer</text></svg>`;

async function withStaticTemplate(page: Page) {
  await page.route(/\/catalog\/themes\.xml(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace('</themes>', `${STATIC_TEMPLATE}\n</themes>`);
    await route.fulfill({ response, body });
  });
  await page.route('**/catalog/templates/s1/template.xml', (route) =>
    route.fulfill({ contentType: 'application/xml', body: STATIC_FILE }),
  );
  await page.route('**/catalog/thumbs/s1.svg', (route) =>
    route.fulfill({ contentType: 'image/svg+xml', body: THUMB }),
  );
}

const preview = (page: Page) => page.getByTestId('design-preview');
const price = (page: Page) => page.getByTestId('price').locator('strong');
const control = (page: Page, name: string) => page.locator(`[data-control="${name}"]`);

async function expectPreview(page: Page, width: number, height: number, photos?: number) {
  await expect(preview(page)).toHaveAttribute('data-width', String(width));
  await expect(preview(page)).toHaveAttribute('data-height', String(height));
  if (photos !== undefined)
    await expect(preview(page)).toHaveAttribute('data-photos', String(photos));
}

test.beforeEach(async ({ page }) => {
  await withStaticTemplate(page);
});

test('every route word reaches the design screen', async ({ page }) => {
  const generated: [string, string][] = [
    // Words several locales share open in the first of them (the Dutch deployment is not among them).
    ['/collage/basic/101', 'Adjust your design'],
    ['/collage/base/101', 'Ajustez votre design'],
    ['/collage/basico/101', 'Ajusta tu diseño'],
    ['/ontwerp/basic/101', 'Pas je ontwerp aan'],
  ];
  const designed: [string, string][] = [
    ['/collage/design/S1', 'Choose your format'],
    ['/collage/diseno/S1', 'Elige tu formato'],
    ['/ontwerp/design/S1', 'Kies je formaat'],
  ];
  for (const [path, title] of generated) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expectPreview(page, 50, 40, 12);
    await expect(page).toHaveTitle(new RegExp(title));
  }
  for (const [path, title] of designed) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByTestId('static-preview')).toBeVisible();
    await expect(page.locator('.design-screen__template')).toHaveText('Zomer');
  }
});

test('the style parameter advances the layout control once', async ({ page }) => {
  await page.goto('/collage/basic/104');
  await expect(control(page, 'layout').locator('output')).toHaveText('A');
  await page.goto('/collage/basic/104/alt');
  await expect(control(page, 'layout').locator('output')).toHaveText('B');
});

test('waits for the catalog with the loading text', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/catalog\/themes\.xml(\?|$)/, async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/ontwerp/basic/101');
  await expect(page.getByRole('status')).toHaveText(/De ontwerpen worden geladen\./);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pas je ontwerp aan');
});

test('orientation, size, material and controls change the preview and the price', async ({
  page,
}) => {
  await page.goto('/ontwerp/basic/101');
  await expectPreview(page, 50, 40, 12);
  await expect(price(page)).toHaveText('€ 39,95');
  await page.getByRole('radio', { name: 'Vierkant' }).check();
  await expectPreview(page, 50, 50);
  await expect(price(page)).toHaveText('€ 44,95');
  await page.getByRole('radio', { name: '30 x 30 cm' }).check();
  await expectPreview(page, 30, 30);
  await expect(price(page)).toHaveText('€ 22,95');
  await page.getByRole('radio', { name: 'Staand' }).check();
  await expectPreview(page, 40, 50);
  // The frame shows the material's margin: 0.1 cm for poster, 5 cm round a 4 cm canvas.
  await expect(preview(page)).toHaveAttribute('data-margin', '0.1');
  await page.getByRole('radio', { name: 'Canvas 4 cm' }).check();
  await expect(preview(page)).toHaveAttribute('data-margin', '5');
  await expect(price(page)).toHaveText('€ 39,95');
  await page.getByRole('button', { name: 'Kolommen: meer' }).click();
  await expect(control(page, 'numberVert').locator('output')).toHaveText('4');
  await expect(preview(page)).toHaveAttribute('data-photos', '16');
  // Keyboard: rows down with Enter on the focused button; at the minimum nothing happens.
  const fewerRows = page.getByRole('button', { name: 'Rijen: minder' });
  await fewerRows.focus();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Enter');
  await expect(control(page, 'numberHor').locator('output')).toHaveText('1');
  await expect(fewerRows).toHaveAttribute('aria-disabled', 'true');
  await expect(fewerRows).toBeFocused();
  await expect(preview(page)).toHaveAttribute('data-photos', '4');
  // The title option hides the margin control and draws a text band.
  await expect(control(page, 'marginCM')).toBeVisible();
  await expect(preview(page).getByTestId('collage-canvas')).toBeVisible();
  await expect(preview(page)).toHaveAttribute('data-texts', '0');
  const withoutTitle = await preview(page).screenshot();
  await page.getByRole('button', { name: 'Tekst: volgende' }).click();
  await expect(control(page, 'marginCM')).toHaveCount(0);
  await expect(preview(page)).toHaveAttribute('data-texts', '1');
  await expect
    .poll(async () => (await preview(page).screenshot()).equals(withoutTitle))
    .toBe(false);
});

test('tiles cost rows x columns x the unit price', async ({ page }) => {
  await page.goto('/ontwerp/basic/113');
  await expect(price(page)).toHaveText('€ 134,55');
  await page.getByRole('button', { name: 'Kolommen: meer' }).click();
  await expect(price(page)).toHaveText('€ 179,40');
});

test('typed numbers: digits only, whole numbers, the old value back otherwise', async ({
  page,
}) => {
  await page.goto('/ontwerp/basic/116');
  const input = page.getByLabel('Getal');
  await expect(input).toHaveValue('50');
  const before = await preview(page).getAttribute('data-photos');
  await input.fill('8a');
  await expect(input).toHaveValue('8');
  await input.press('Enter');
  await expect(preview(page)).not.toHaveAttribute('data-photos', before!);
  await input.fill('');
  await input.blur();
  await expect(input).toHaveValue('8');
});

test('a custom size with a warning, and one accepted via the server', async ({ page }) => {
  await page.goto('/ontwerp/basic/115');
  await page.getByRole('button', { name: 'Pas je formaat aan' }).click();
  const format = page.getByRole('dialog', { name: 'Pas je formaat aan' });
  await expect(format).toBeVisible();
  await format.getByRole('button', { name: 'afwijkend formaat' }).click();
  await format.getByLabel('Breedte (cm)').fill('40');
  await format.getByLabel('Hoogte (cm)').fill('45');
  await format.getByRole('button', { name: 'Toepassen' }).click();
  const warning = page.getByRole('dialog', { name: 'Afwijkend formaat' });
  await expect(warning).toContainText(
    'Het formaat moet minimaal 30 x 30 cm zijn, passen binnen 100 x 100 cm en vierkant zijn.',
  );
  await expect(warning.getByRole('button', { name: 'Toch dit formaat' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(format).toBeVisible();
  await format.getByRole('button', { name: 'Sluiten' }).click();
  await expect(format).toBeHidden();

  await page.goto('/ontwerp/basic/101');
  await page.getByRole('button', { name: 'Pas je formaat aan' }).click();
  await page.getByRole('button', { name: 'afwijkend formaat' }).click();
  await page.getByLabel('Breedte (cm)').fill('45,5');
  await page.getByLabel('Hoogte (cm)').fill('35');
  const answered = page.waitForResponse((response) => response.url().includes('/api/customXml'));
  await page.getByRole('button', { name: 'Toepassen' }).click();
  expect((await answered).status()).toBe(200);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: 'Afwijkend formaat: 45.5 x 35 cm' })).toBeChecked();
  await expectPreview(page, 45.5, 35);
  await expect(price(page)).not.toHaveText('€ 39,95');
  // 'standaard formaat' goes back to the standard sizes.
  await page.getByRole('button', { name: 'Pas je formaat aan' }).click();
  await page.getByRole('button', { name: 'standaard formaat' }).click();
  await expectPreview(page, 50, 40);
  await expect(page.getByRole('combobox', { name: 'Kies een formaat' })).toHaveValue('10101');
});

test('a failing custom size is logged and the format modal closes without a message', async ({
  page,
}) => {
  await page.route('**/api/customXml**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"kapot"}' }),
  );
  await page.goto('/ontwerp/basic/101');
  await page.getByRole('button', { name: 'Pas je formaat aan' }).click();
  await page.getByRole('button', { name: 'afwijkend formaat' }).click();
  await page.getByLabel('Breedte (cm)').fill('45');
  await page.getByLabel('Hoogte (cm)').fill('35');
  await page.getByRole('button', { name: 'Toepassen' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectPreview(page, 50, 40);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('dialogs trap focus and close with Escape, focus returns to the opener', async ({ page }) => {
  await page.goto('/ontwerp/basic/101');
  const opener = page.getByRole('button', { name: 'Pas je formaat aan' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Pas je formaat aan' });
  await expect(dialog.getByRole('combobox')).toBeFocused();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((node) => node.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test("'Ga aan de slag' stores the design and opens the editor; back on the design screen it reads 'Wijzig huidige ontwerp'", async ({
  page,
  browser,
}) => {
  await page.goto('/ontwerp/basic/101');
  await page.getByRole('radio', { name: 'Dibond' }).check();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await page.goBack();
  await expect(page.getByRole('button', { name: 'Wijzig huidige ontwerp' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Dibond' })).toBeChecked();

  // A fresh browser: a page load in this one would offer the first collage back as a draft.
  const fresh = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const other = await fresh.newPage();
  await withStaticTemplate(other);
  await other.goto('/ontwerp/design/S1');
  await other.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expect(other).toHaveURL(/\/edit$/);
  await fresh.close();
});

test('no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/ontwerp/basic/101');
  await expect(preview(page)).toBeVisible();
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
  await page.getByRole('button', { name: 'Pas je formaat aan' }).click();
  const modal = await new AxeBuilder({ page }).include('.dialog').analyze();
  expect(
    modal.violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    ),
  ).toEqual([]);
});

for (const width of [360, 1280]) {
  for (const lang of ['nl', 'en']) {
    test(`screenshots at ${width} px in ${lang}, nothing wider than the window`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
      const shots: [string, string][] = [
        [`/collage/basic/101?lang=${lang}`, 'alleven'],
        [`/collage/basic/115?lang=${lang}`, 'heart'],
        [`/collage/basic/116?lang=${lang}`, 'number'],
        [`/collage/design/S1?lang=${lang}`, 'static'],
      ];
      for (const [path, name] of shots) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('.design-preview')).toBeVisible();
        await page.waitForTimeout(100);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - window.innerWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: `test-results/screens/design-${name}-${lang}-${width}.png`,
          fullPage: true,
        });
      }
      await page.goto(`/collage/basic/101?lang=${lang}`);
      await page.locator('.size-list__adjust').click();
      await page.locator('.format-modal__switch').click();
      await page.screenshot({
        path: `test-results/screens/design-format-modal-${lang}-${width}.png`,
      });
      await page.locator('.format-modal input').first().fill('10');
      await page.locator('.format-modal input').nth(1).fill('10');
      await page.locator('.format-modal button[type="submit"]').click();
      await expect(page.locator('.custom-size-modal')).toBeVisible();
      await page.screenshot({
        path: `test-results/screens/design-custom-size-${lang}-${width}.png`,
      });
    });
  }
}

test("after 'Ga aan de slag' the preview draws no frame until the editor shows, at most 1 s", async ({
  page,
}) => {
  // The editor's screen never comes: the design screen stays, and the renderer's hold with it
  // until its cap (render/rendererHold.ts).
  await page.route(/\/assets\/EditorScreen-[\w-]+\.js$/, () => undefined);
  await page.goto('/ontwerp/basic/101');
  const canvas = page.getByTestId('collage-canvas');
  await expect(canvas).toHaveAttribute('data-frames', /^[1-9]/, { timeout: 20_000 });
  const frames = await canvas.getAttribute('data-frames');
  const width = await canvas.getAttribute('width');
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  // A narrower window lays the preview out again: no frame follows while the editor is asked for.
  await page.setViewportSize({ width: 420, height: 720 });
  await page.waitForTimeout(400);
  expect(await canvas.getAttribute('width')).toBe(width);
  expect(await canvas.getAttribute('data-frames')).toBe(frames);
  // Past the cap the preview follows the window again.
  await expect(canvas).not.toHaveAttribute('width', width ?? '', { timeout: 5000 });
});
