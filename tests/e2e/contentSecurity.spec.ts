import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { enableTestHooks, expectState } from './editorHelpers';
import {
  CAMERA_PHOTOS,
  expectSaveState,
  fillRegisterForm,
  fillSlots,
  newAccount,
  openSmallCollage,
} from './accountHelpers';

/**
 * Issue 17: the editor works under its Content-Security-Policy. Choosing a design, the editor with
 * CanvasKit, adding photos (the photo workers and their WebAssembly codec, blob: pictures) and saving
 * (the screenshot worker, the upload) report no CSP violation, in the page or in a worker.
 */

/** Every CSP report the page and its workers make: securitypolicyviolation events and console lines. */
function recordViolations(page: Page): string[] {
  const violations: string[] = [];
  const fromConsole = (message: ConsoleMessage) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  };
  page.on('console', fromConsole);
  page.on('worker', (worker) => worker.on('console', fromConsole));
  void page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text));
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test('choose a design, fill it with photos and save it without a CSP violation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const violations = recordViolations(page);
  await enableTestHooks(page);

  const choice = await page.goto('/keuze?lang=nl');
  const csp = choice?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("'wasm-unsafe-eval'");
  expect(csp).toContain('frame-ancestors');
  await expect(page.locator('main, #root').first()).toBeVisible();

  await openSmallCollage(page, 'Poster');
  await fillSlots(page, CAMERA_PHOTOS);
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectState(page, 5);
  const dialog = page.getByRole('dialog', { name: 'Maak een gratis account aan' });
  await fillRegisterForm(dialog, newAccount('csp'));
  await dialog.getByRole('button', { name: 'Registreer' }).click();
  await expectSaveState(page, 'SAVED', 30_000);

  expect(violations).toEqual([]);
});
