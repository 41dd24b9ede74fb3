import { expect, test, type Page } from '@playwright/test';
import { enableTestHooks, openEditor, photoSlot, placePhotos } from './editorHelpers';
import {
  expectSaveState,
  newAccount,
  pickPhoto,
  registerByApi,
  saveDialog,
} from './accountHelpers';

/**
 * Issue 12: leaving the editor. Quitting without saving leaves at once, to a done page that tells
 * the truth. The steps inside the app keep the working collage (no question); leaving the page
 * with unsaved changes asks from every screen of the app, not only from the editor.
 */

/** Records every dialog the browser raises (the leave warning is one) and accepts it. */
function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  return dialogs;
}

for (const { lang, quit, quitWithout, done, doneText } of [
  {
    lang: 'nl',
    quit: 'Stoppen',
    quitWithout: 'Stoppen zonder opslaan',
    done: '/klaarmetapp',
    doneText: 'Je collage is niet opgeslagen.',
  },
  {
    lang: 'en',
    quit: 'Quit',
    quitWithout: 'Quit without saving',
    done: '/done_with_app',
    doneText: 'Your collage has not been saved.',
  },
]) {
  test(`'${quitWithout}' leaves without the browser's leave warning, to a done page saying the collage was not saved (${lang})`, async ({
    page,
  }) => {
    await enableTestHooks(page);
    const dialogs = recordDialogs(page);
    await openEditor(page, '101', { lang });
    await placePhotos(page, [{ slot: 'img1', orgWidth: 3000, orgHeight: 2000 }]);
    await page.getByRole('button', { name: quit, exact: true }).click();
    await page.getByRole('button', { name: quitWithout }).click();
    await expect(page).toHaveURL(new RegExp(`${done}\\?quit=unsaved$`));
    await expect(page.getByText(doneText)).toBeVisible();
    expect(dialogs).toEqual([]);
  });
}

test('a reload with unsaved changes still raises the leave warning', async ({ page }) => {
  await enableTestHooks(page);
  const dialogs = recordDialogs(page);
  await openEditor(page);
  await placePhotos(page, [{ slot: 'img1', orgWidth: 3000, orgHeight: 2000 }]);
  await page.reload();
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
});

const STEPS = {
  nl: {
    choice: '/keuze',
    design: '/ontwerp/basic/101',
    back: 'Terug naar je ontwerp',
    change: 'Wijzig',
    changeDesign: 'Wijzig huidige ontwerp',
    step: 'Kies je ontwerp',
    toShop: 'Terug naar de winkel',
    shop: '/winkel',
    continueDraft: 'Ga verder met deze collage',
  },
  en: {
    choice: '/selection',
    design: '/collage/basic/101',
    back: 'Back to your design',
    change: 'Change',
    changeDesign: 'Change current design',
    step: 'Choose your design',
    toShop: 'Back to the shop',
    shop: '/shop',
    continueDraft: 'Continue with this collage',
  },
};

for (const [lang, text] of Object.entries(STEPS)) {
  test(`with unsaved changes the back arrow, 'Wijzig', the step link and the browser's Back keep the collage without asking; leaving the page from outside the editor asks (${lang})`, async ({
    page,
  }) => {
    await enableTestHooks(page);
    const dialogs = recordDialogs(page);
    await openEditor(page, '101', { lang });
    await placePhotos(page, [
      { slot: 'img1', orgWidth: 3000, orgHeight: 2000 },
      { slot: 'img2', orgWidth: 2000, orgHeight: 3000 },
    ]);
    const editorPath = new RegExp('/edit$');
    const designPath = new RegExp(`${text.design}$`);
    const expectCollageKept = async () => {
      await expect(page).toHaveURL(editorPath);
      await expect(photoSlot(page, 'img1')).toHaveAttribute('data-filled', 'true');
      await expect(photoSlot(page, 'img2')).toHaveAttribute('data-filled', 'true');
    };

    // The header's back arrow: the design screen of this collage, which changes it rather than starting anew.
    await page.getByRole('button', { name: text.back }).click();
    await expect(page).toHaveURL(designPath);
    await page.getByRole('button', { name: text.changeDesign }).click();
    await expectCollageKept();
    // 'Wijzig', then the browser's Back from the design screen.
    await page.getByRole('link', { name: text.change, exact: true }).click();
    await expect(page).toHaveURL(designPath);
    await page.goBack();
    await expectCollageKept();
    // The browser's Back out of the editor, and Forward into it again.
    await page.goBack();
    await expect(page).toHaveURL(designPath);
    await page.goForward();
    await expectCollageKept();
    // The step link to the design list, and Back.
    await page.getByRole('link', { name: new RegExp(text.step) }).click();
    await expect(page).toHaveURL(new RegExp(`${text.choice}$`));
    await page.goBack();
    await expectCollageKept();
    expect(dialogs).toEqual([]);

    // Out on the design list the collage is still unsaved: a reload asks ...
    await page.getByRole('link', { name: new RegExp(text.step) }).click();
    await expect(page).toHaveURL(new RegExp(`${text.choice}$`));
    await page.reload();
    await expect.poll(() => dialogs).toEqual(['beforeunload']);
    // ... and so does the exit to the shop, from the design list (the draft offer brings the collage back first).
    await page.getByRole('button', { name: text.continueDraft }).click();
    await expectCollageKept();
    await page.getByRole('link', { name: new RegExp(text.step) }).click();
    await page.getByRole('link', { name: text.toShop, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${text.shop}$`));
    expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
  });
}

test("right after 'Opgeslagen' nothing asks, in the editor or out of it", async ({ page }) => {
  test.setTimeout(90_000);
  const dialogs = recordDialogs(page);
  await page.goto('/keuze');
  await registerByApi(page, newAccount('verlaat'));
  await openEditor(page, '101');
  await pickPhoto(page, 'img1', 'cameras/Canon_40D.jpg');
  await page.getByRole('banner').getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await expect(saveDialog(page).getByText('Opgeslagen', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(saveDialog(page)).toHaveCount(0);
  await page.getByRole('link', { name: /Kies je ontwerp/ }).click();
  await expect(page).toHaveURL(/\/keuze$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Terug naar de winkel', exact: true }).click();
  await expect(page).toHaveURL(/\/winkel$/);
  expect(dialogs).toEqual([]);
});

test("the browser's Back out of the app with unsaved changes asks: staying keeps the collage, leaving leaves", async ({
  page,
}) => {
  await enableTestHooks(page);
  // The shop's page before the app, as when the customer came from the shop.
  await page.goto('/winkel');
  await openEditor(page, '101');
  await placePhotos(page, [{ slot: 'img1', orgWidth: 3000, orgHeight: 2000 }]);
  // Back to the design screen: inside the app, the collage kept, nothing asks.
  const answers: ('stay' | 'leave')[] = ['stay', 'leave'];
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void (answers.shift() === 'leave' ? dialog.accept() : dialog.dismiss());
  });
  await page.goBack();
  await expect(page).toHaveURL(/\/ontwerp\/basic\/101(\?lang=nl)?$/);
  expect(dialogs).toEqual([]);
  // Back again leaves the app for the shop: the warning; 'stay' keeps the design screen and the collage.
  await page.evaluate(() => window.history.back());
  await expect.poll(() => dialogs).toEqual(['beforeunload']);
  await expect(page).toHaveURL(/\/ontwerp\/basic\/101(\?lang=nl)?$/);
  await page.getByRole('button', { name: 'Wijzig huidige ontwerp' }).click();
  await expect(photoSlot(page, 'img1')).toHaveAttribute('data-filled', 'true');
  // From the editor: Back to the design screen, Back out, and this time 'leave'.
  await page.goBack();
  await expect(page).toHaveURL(/\/ontwerp\/basic\/101(\?lang=nl)?$/);
  await page.evaluate(() => window.history.back());
  await expect(page).toHaveURL(/\/winkel$/);
  expect(dialogs).toEqual(['beforeunload', 'beforeunload']);
});
