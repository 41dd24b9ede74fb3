import { expect, test, type Page } from '@playwright/test';
import {
  BASIC_WORDS,
  CHOICE_WORDS,
  EDIT_WORDS,
  ERROR_WORDS,
  LOCALES,
  type Locale,
} from '../../src/i18n/localePaths';
import { readFileSync } from 'node:fs';
import type nlMessages from '../../src/i18n/locales/nl.json';
import {
  expectAccessible,
  expectInsideWindow,
  expectNoOverlap,
  expectState,
  openEditor,
  photoSlot,
} from './editorHelpers';

/**
 * Issue 6's proofs across the screens: every route word of every locale reaches its screen (the
 * page's language is the route's), and the screens and dialogs not covered by their own specs are
 * photographed at 360 and 1280 px in nl and en, checked with axe, and checked for overflow.
 */

// Read as files: Playwright's loader wants import attributes for JSON modules (every locale has nl's keys; a unit test checks).
const MESSAGES = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    JSON.parse(readFileSync(`src/i18n/locales/${locale}.json`, 'utf8')),
  ]),
) as Record<Locale, typeof nlMessages>;
const html = (page: Page) => page.locator('html');

/** Locales that share a route word (edit, error) reach the same screen in one of their languages. */
async function expectLocaleOf(
  page: Page,
  word: string,
  words: Record<Locale, string>,
): Promise<Locale> {
  const candidates = LOCALES.filter((locale) => words[locale] === word);
  await expect
    .poll(async () => candidates.includes((await html(page).getAttribute('lang')) as Locale))
    .toBe(true);
  return (await html(page).getAttribute('lang')) as Locale;
}

test('every choice, editor and error route word of every locale reaches its screen', async ({
  browser,
}) => {
  for (const locale of LOCALES) {
    // A fresh browser per locale: the editor of the one before would be offered back as a draft.
    const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const page = await context.newPage();
    await page.goto(`/${CHOICE_WORDS[locale]}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(MESSAGES[locale].choice.title);
    await expect(html(page)).toHaveAttribute('lang', locale);
    await expect(page.locator('.template-card').first()).toBeVisible();

    await page.goto(
      `/${ERROR_WORDS[locale]}?error=${encodeURIComponent('2026-11-23T01:00:00Z test')}`,
    );
    const errorLocale = await expectLocaleOf(page, ERROR_WORDS[locale], ERROR_WORDS);
    await expect(page.getByText(MESSAGES[errorLocale].errorScreen.text)).toBeVisible();

    // The editor word without a design goes to the design list; after 'Ga aan de slag' it is the editor.
    await page.goto(`/${EDIT_WORDS[locale]}`);
    const listLocale = await expectLocaleOf(page, EDIT_WORDS[locale], EDIT_WORDS);
    await expect(page).toHaveURL(new RegExp(`/${CHOICE_WORDS[listLocale]}$`));
    await page.goto(`/${BASIC_WORDS[locale]}/101?lang=${locale}`);
    await expect(html(page)).toHaveAttribute('lang', locale);
    await page.getByRole('button', { name: MESSAGES[locale].design.start }).click();
    await expect(page).toHaveURL(new RegExp(`/${EDIT_WORDS[locale]}$`));
    await expectState(page, 2);
    await context.close();
  }
});

for (const lang of ['nl', 'en'] as const) {
  for (const width of [360, 1280]) {
    test.describe(`at ${width} px in ${lang}`, () => {
      test.use({ viewport: { width, height: width < 600 ? 740 : 800 } });
      const t = MESSAGES[lang];

      test('the choice and error screens', async ({ page }) => {
        await page.goto(`/${CHOICE_WORDS[lang]}`);
        await expect(page.locator('.template-card').first()).toBeVisible();
        await expectInsideWindow(page);
        await expectAccessible(page);
        await page.screenshot({
          path: `test-results/screens/choice-${lang}-${width}.png`,
          fullPage: true,
        });
        await page.goto(
          `/${ERROR_WORDS[lang]}?error=${encodeURIComponent('2026-11-23T01:00:00Z test')}`,
        );
        await expect(page.getByText(t.errorScreen.text)).toBeVisible();
        await expectInsideWindow(page, page.getByRole('link', { name: t.errorScreen.link }));
        await expectAccessible(page);
        await page.screenshot({ path: `test-results/screens/error-${lang}-${width}.png` });
      });

      test("the file dialog's computer and quotes tabs, and the want-to-quit dialog", async ({
        page,
      }) => {
        await openEditor(page, '101', { lang });
        await photoSlot(page, 'img1').click();
        const dialog = page.getByRole('dialog', { name: t.fileDialog.title });
        await expect(dialog).toBeVisible();
        await expectInsideWindow(page, dialog);
        await expectAccessible(page, '.dialog');
        await page.screenshot({
          path: `test-results/screens/file-dialog-computer-${lang}-${width}.png`,
        });
        await dialog.getByRole('tab', { name: t.fileDialog.tabs.quotes }).click();
        await expect(dialog.locator('.photo-tile').first()).toBeVisible();
        await expectInsideWindow(page, dialog);
        await expectAccessible(page, '.dialog');
        await page.screenshot({
          path: `test-results/screens/file-dialog-quotes-${lang}-${width}.png`,
        });
        await page.keyboard.press('Escape');
        await expectState(page, 2);

        await page.getByRole('button', { name: t.editor.header.quit }).click();
        const quit = page.getByRole('dialog');
        await expect(quit.getByText(t.saveDialog.wantToQuit.text)).toBeVisible();
        await expectInsideWindow(page, quit);
        await expectNoOverlap([quit.getByRole('button').first(), quit.getByRole('button').last()]);
        await expectAccessible(page, '.dialog');
        await page.screenshot({ path: `test-results/screens/want-to-quit-${lang}-${width}.png` });
      });
    });
  }
}
