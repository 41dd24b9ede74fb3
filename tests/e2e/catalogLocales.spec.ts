import { expect, test, type Page } from '@playwright/test';
import { BASIC_WORDS, CHOICE_WORDS } from '../../src/i18n/localePaths';
import { expectState, openEditor, photoSlot } from './editorHelpers';

/**
 * Issue 25 part 1: the catalogue in the shop's locale. The English and German design lists, design
 * screens and editor headers show the designs' own names and card texts from themes.xml's <text>
 * children, and the quotes tab the locale's own quote images. Screenshots of the chooser (en, de; 360 and 1280 px) and of the quotes
 * tab go to test-results/catalog/.
 */

const cards = (page: Page) => page.locator('.template-card');

for (const width of [360, 1280]) {
  test(`the English and German design lists show the catalogue's texts at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
    await page.goto(`/${CHOICE_WORDS.en}?lang=en`);
    const grid = cards(page).filter({
      has: page.locator('.template-card__name', { hasText: /^Grid$/ }),
    });
    await expect(grid).toHaveCount(1);
    await expect(grid.locator('.template-card__category')).toHaveText('Photo collage');
    await expect(grid.locator('.template-card__info')).toHaveText('3 x 4 photos');
    await expect(page.getByText('Up to 25 photos')).toBeVisible();
    await expect(page.getByText('Mosaic cross')).toBeVisible();
    await expect(page.getByText('Layout A to O').first()).toBeVisible();
    // Not one Dutch card text is left.
    for (const dutch of [
      'Raster',
      "3 x 4 foto's",
      "Tot 25 foto's",
      'Mozaïek kruis',
      'Indeling A tot O',
    ])
      await expect(
        page.locator('.choice-screen__grid').getByText(dutch, { exact: true }),
      ).toHaveCount(0);
    await page.screenshot({ path: `test-results/catalog/choice-en-${width}.png`, fullPage: true });

    await page.goto(`/${CHOICE_WORDS.de}?lang=de`);
    await expect(page.getByText('Aquarell', { exact: true })).toBeVisible();
    await expect(page.getByText('Bis zu 50 Fotos')).toBeVisible();
    await expect(page.locator('.choice-screen__grid').getByText('Waterverf')).toHaveCount(0);
    await expect(page.locator('.choice-screen__grid').getByText("5 foto's")).toHaveCount(0);
    await page.screenshot({ path: `test-results/catalog/choice-de-${width}.png`, fullPage: true });
  });
}

test('the German design screen and editor header name a static design in German', async ({
  page,
}) => {
  await page.goto(`/${CHOICE_WORDS.de}?lang=de`);
  await cards(page).filter({ hasText: 'Aquarell' }).click();
  await expect(page.locator('.design-screen__category')).toHaveText('Fotocollage');
  await expect(page.locator('.design-screen__template')).toHaveText('Aquarell');
  await expect(page.locator('.design-screen__description')).toHaveText(
    'Zarte Aquarellflecken in Pastell um fünf Fotos mit runden Ecken',
  );
  await page.getByRole('button', { name: "Los geht's" }).click();
  await expectState(page, 2);
  const header = page.locator('.editor-header');
  await expect(header.getByRole('heading', { level: 1 })).toHaveText('Fotocollage Aquarell');
});

test('the English design screen and editor header name a generated design in English', async ({
  page,
}) => {
  await page.goto(`/${BASIC_WORDS.en}/101?lang=en`);
  await expect(page.locator('.design-screen__name')).toHaveText('Photo collage Grid');
  await expect(page.locator('.design-screen__description')).toHaveText(
    'Equal boxes in a neat grid',
  );
  await page.getByRole('button', { name: 'Get started' }).click();
  await expectState(page, 2);
  await expect(page.locator('.editor-header').getByRole('heading', { level: 1 })).toHaveText(
    'Photo collage Grid',
  );
});

for (const width of [360, 1280]) {
  test(`the English quotes tab shows the English quote images at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
    await openEditor(page, '101', { lang: 'en' });
    await photoSlot(page, 'img1').click();
    const dialog = page.getByRole('dialog', { name: 'Choose a photo' });
    await dialog.getByRole('tab', { name: 'Quotes' }).click();
    const images = dialog.locator('.quotes-tab .photo-tile img');
    await expect(images).toHaveCount(20);
    await expect(images.first()).toHaveAttribute('src', '/catalog/quotes/en/q1.jpg');
    await expect(images.first()).toHaveAttribute('alt', 'Enjoy the little things');
    const sources = await images.evaluateAll((all) =>
      all.map((image) => image.getAttribute('src')),
    );
    for (const source of sources) expect(source).toMatch(/^\/catalog\/quotes\/en\/q\d+\.jpg$/);
    // The pictures load: the English folder is served.
    await expect
      .poll(() => images.first().evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(1024);
    await page.screenshot({ path: `test-results/catalog/quotes-en-${width}.png` });
  });
}
