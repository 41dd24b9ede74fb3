import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectSaveState, openSmallCollage, saveDialog } from './accountHelpers';

/**
 * A button that reads as a link keeps its screen's look whichever stylesheet loaded last. The
 * chooser's, the editor's and the save dialog's stylesheets each defined .link-button; the save
 * dialog's (block, with margins) loads with the editor, and then restyled every link button of the
 * editor and the design screen.
 */

const boxOf = (button: Locator) =>
  button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { display: style.display, marginTop: style.marginTop, paddingTop: style.paddingTop };
  });

/** Waits until the save dialog's stylesheet (it comes with the editor's chunk) is in the page. */
async function saveDialogStylesLoaded(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/SaveDialogHost-[^/]*\.css$/.test(entry.name)),
      ),
    )
    .toBe(true);
}

test("the editor's link buttons stay inline after the save dialog's stylesheet has loaded; the save dialog's are blocks", async ({
  page,
}) => {
  await openSmallCollage(page);
  await saveDialogStylesLoaded(page);
  await page.getByRole('button', { name: 'Wijzig achtergrondkleur' }).click();
  const menu = page.getByRole('dialog', { name: 'Kies je kleur' });
  // 'sluit' sits in the menu's flex header (a flex item is always a block): the base look's padding, no margin.
  expect(await boxOf(menu.getByRole('button', { name: 'sluit' }))).toMatchObject({
    marginTop: '0px',
    paddingTop: '2px',
  });
  expect(await boxOf(menu.getByRole('button', { name: 'Geen achtergrondkleur' }))).toMatchObject({
    marginTop: '0px',
    paddingTop: '2px',
  });
  await page.screenshot({ path: 'test-results/screens/editor-color-menu-links-nl-1280.png' });
  await menu.getByRole('button', { name: 'sluit' }).click();

  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'REGISTER');
  expect(
    await boxOf(saveDialog(page).getByRole('button', { name: 'Heb je al een account?' })),
  ).toEqual({ display: 'block', marginTop: '8px', paddingTop: '4px' });
});

test("the design screen's 'Pas aan' stays inline after the editor's stylesheets have loaded at idle", async ({
  page,
}) => {
  await page.goto('/keuze');
  // The chooser fetches the next screens (the editor's with the save dialog) at idle.
  await saveDialogStylesLoaded(page);
  await page.locator('.template-card').first().click();
  await expect(page.locator('.size-list__adjust')).toBeVisible();
  expect(await boxOf(page.locator('.size-list__adjust'))).toEqual({
    display: 'inline-block',
    marginTop: '0px',
    paddingTop: '2px',
  });
});
