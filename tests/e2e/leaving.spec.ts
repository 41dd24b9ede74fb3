import { expect, test, type Page } from '@playwright/test';
import { enableTestHooks, openEditor, placePhotos } from './editorHelpers';

/** Issue 12: leaving the editor. Quitting without saving leaves at once, to a done page that tells the truth. */

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
  { lang: 'nl', quit: 'Stoppen', quitWithout: 'Stoppen zonder opslaan', done: '/klaarmetapp', doneText: 'Je collage is niet opgeslagen.' },
  { lang: 'en', quit: 'Quit', quitWithout: 'Quit without saving', done: '/done_with_app', doneText: 'Your collage has not been saved.' },
]) {
  test(`'${quitWithout}' leaves without the browser's leave warning, to a done page saying the collage was not saved (${lang})`, async ({ page }) => {
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
