import { expect, test } from '@playwright/test';
import { pickPhoto } from './accountHelpers';
import { expectState, openEditor, photoSlot } from './editorHelpers';

/**
 * Issue 12 §3: the photo editor draws its preview with CanvasKit on a WebGL surface. Each opening
 * used to leave its WebGL context registered in CanvasKit, so 25 openings printed Chromium's
 * 'too many active WebGL contexts' dozens of times and the oldest contexts (possibly the editor's
 * own) were dropped. Now the surface, its GrDirectContext and the browser's context are released
 * on close.
 */
test('25 openings of the photo editor print no WebGL context line', async ({ page }) => {
  test.setTimeout(180_000);
  // WebGL even where it is only emulated (this machine has no GPU, and draws on software by default).
  await page.addInitScript(() => window.localStorage.setItem('fotocollage:canvasSurface', 'webgl'));
  const contextLines: string[] = [];
  page.on('console', (message) => {
    if (/WebGL context|WebGL contexts/i.test(message.text())) contextLines.push(message.text());
  });
  await openEditor(page, '101');
  await pickPhoto(page, 'img1', 'orientation/Landscape_1.jpg');
  const dialog = page.getByRole('dialog', { name: 'Foto bewerken' });
  for (let opening = 1; opening <= 25; opening++) {
    await photoSlot(page, 'img1').click();
    // 'Bewerk' is enabled once the photo has loaded (the spec's state 2).
    await expect(page.getByRole('menuitem', { name: 'Bewerk' })).toBeEnabled({ timeout: 30_000 });
    await page.getByRole('menuitem', { name: 'Bewerk' }).click();
    await expectState(page, 3);
    // The preview has drawn on its own surface before the dialog closes again.
    await expect(dialog.locator('.photo-preview canvas')).toHaveAttribute('data-surface', 'webgl');
    await expect(dialog.locator('.photo-preview canvas')).not.toHaveAttribute('data-frames', '0');
    await dialog.getByRole('button', { name: 'Klaar' }).click();
    await expectState(page, 2);
  }
  // The editor's own canvas still draws after all that.
  await expect(page.getByTestId('collage-canvas')).toHaveAttribute('data-surface', 'webgl');
  expect(contextLines).toEqual([]);
});
