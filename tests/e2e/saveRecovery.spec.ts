import { expect, test, type Page, type Route } from '@playwright/test';
import { enableTestHooks, expectState, openEditor, photoSlot } from './editorHelpers';
import {
  CAMERA_PHOTOS,
  expectRoundTrip,
  expectSaveState,
  fillSlots,
  filledSlots,
  imageSlots,
  newAccount,
  openSmallCollage,
  photoStates,
  pickPhoto,
  recordAnalytics,
  recordSaves,
  registerByApi,
  saveDialog,
} from './accountHelpers';

/**
 * Issue 7's proof, uploads that the network drops while saving: the retry after 10–20 s brings
 * them in, and a photo that keeps failing is listed in the error view and can be removed. The
 * page's clock is paused once the collage is filled, so the retry wait passes only when the test
 * moves the clock (production timing unchanged).
 */

const nameOf = (path: string) => path.split('/').pop()!;

/** The original's file name in an /api/upload body (the web version goes as 'blob'). */
function uploadedFile(route: Route): string {
  const body = route.request().postDataBuffer()?.toString('latin1') ?? '';
  return /name="file"; filename="([^"]+)"/.exec(body)?.[1] ?? '';
}

/** Counts upload attempts per file; `fail` decides which attempts do not reach the server. */
async function interceptUploads(
  page: Page,
  fail: (file: string, attempt: number, route: Route) => Promise<void> | null,
) {
  const attempts = new Map<string, number>();
  await page.route('**/api/upload*', async (route) => {
    const file = uploadedFile(route);
    const attempt = (attempts.get(file) ?? 0) + 1;
    attempts.set(file, attempt);
    const failing = fail(file, attempt, route);
    if (failing) return failing;
    return route.fallback();
  });
  return attempts;
}

/** A signed-in customer with the 2 x 2 collage filled; then the page's clock stops. */
async function filledCollageSignedIn(page: Page) {
  await page.clock.install();
  await enableTestHooks(page);
  await page.goto('/keuze');
  await registerByApi(page, newAccount('net'));
  await openSmallCollage(page);
  await fillSlots(page, CAMERA_PHOTOS);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
}

test('uploads dropped by the network are retried after 10 to 20 s and the saved collage has every photo', async ({
  page,
}) => {
  const saves = recordSaves(page);
  const events = recordAnalytics(page);
  const dropped = new Set([nameOf(CAMERA_PHOTOS[0]!), nameOf(CAMERA_PHOTOS[2]!)]);
  await filledCollageSignedIn(page);
  const attempts = await interceptUploads(page, (file, attempt, route) =>
    dropped.has(file) && attempt === 1 ? route.abort('connectionreset') : null,
  );

  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'SAVING');
  // Two of the four are on the server; the other two wait for their retry, and the view says so.
  await expect(
    saveDialog(page).getByText(
      "Het versturen van je foto's lukt even niet. We proberen het zo opnieuw…",
    ),
  ).toBeVisible();
  await expect(saveDialog(page).getByText(/^Nog \d van de 4/)).toHaveCount(0);
  await expect(
    page.getByRole('progressbar', { name: 'Voortgang van het opslaan' }),
  ).toHaveAttribute('aria-valuenow', '50');
  await expect.poll(() => events.filter((event) => event.action === 'upload_retry').length).toBe(2);
  for (const event of events.filter((item) => item.action === 'upload_retry')) {
    const delay = Number(/retry in (\d+) ms/.exec(event.label ?? '')?.[1]);
    expect(delay).toBeGreaterThanOrEqual(10_000);
    expect(delay).toBeLessThanOrEqual(20_000);
  }
  // Not before 10 s: no second attempt yet, still saving.
  await page.clock.runFor(9_900);
  await page.waitForTimeout(300);
  expect([...attempts.values()].reduce((sum, count) => sum + count, 0)).toBe(4);
  await expectSaveState(page, 'SAVING');

  // By 20 s both are retried and come through; the collage itself is posted (held here to be seen).
  let releaseSave = () => {};
  const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
  await page.route('**/api/save*', async (route) => {
    await saveHeld;
    await route.fallback();
  });
  await page.clock.runFor(10_200);
  await expect(saveDialog(page).getByText('Je collage wordt opgeslagen.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(
    page.getByRole('progressbar', { name: 'Voortgang van het opslaan' }),
  ).toHaveAttribute('aria-valuenow', '100');
  await expect(
    saveDialog(page).getByRole('button', { name: 'Annuleer het opslaan' }),
  ).toBeVisible();
  releaseSave();
  await expectSaveState(page, 'SAVED', 15_000);
  expect(Object.fromEntries(attempts)).toEqual(
    Object.fromEntries(
      CAMERA_PHOTOS.map((path) => [nameOf(path), dropped.has(nameOf(path)) ? 2 : 1]),
    ),
  );
  const { document } = await expectRoundTrip(page, saves, 1);
  expect(document.photos).toHaveLength(4);
  expect(new Set(imageSlots(document).map((slot) => slot.photo.id))).toEqual(
    new Set(document.photos),
  );
  expect(await filledSlots(page)).toEqual({ img1: true, img2: true, img3: true, img4: true });
  expect(events.map((event) => `${event.category}:${event.action}`)).toEqual(
    expect.arrayContaining(['save:start', 'save:upload_retry', 'save:end']),
  );
  expect(events.some((event) => event.category === 'save' && event.action === 'error')).toBe(false);
});

test('while the server is down an English customer sees the save retrying, not counting failures down', async ({
  page,
}) => {
  await page.clock.install();
  await enableTestHooks(page);
  await page.goto('/selection?lang=en');
  await registerByApi(page, newAccount('down'));
  await openEditor(page, '101', { lang: 'en' });
  await pickPhoto(page, 'img1', CAMERA_PHOTOS[0]!, 'Choose a photo');
  await pickPhoto(page, 'img2', CAMERA_PHOTOS[1]!, 'Choose a photo');
  await expect.poll(() => photoStates(page), { timeout: 30_000 }).toEqual(['IMAGE', 'IMAGE']);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  const attempts = await interceptUploads(page, (_file, _attempt, route) =>
    route.abort('connectionrefused'),
  );

  await page.getByRole('button', { name: 'Save / order' }).click();
  await expectSaveState(page, 'SAVING');
  const retrying = saveDialog(page).getByText(
    'Sending your photos is not working right now. We will try again shortly…',
  );
  await expect(retrying).toBeVisible();
  await expect.poll(() => [...attempts.values()]).toEqual([1, 1]);
  // Halfway through the retry window it still says so; no count of photos 'still to be saved'.
  await page.clock.runFor(12_000);
  await expect(retrying).toBeVisible();
  await expect(saveDialog(page).getByText(/photos? still/)).toHaveCount(0);
  await page.clock.runFor(10_000);
  await expect(page.getByRole('dialog', { name: 'Something went wrong' })).toBeVisible({
    timeout: 15_000,
  });
  expect([...attempts.values()]).toEqual([2, 2]);
});

test('a photo that keeps failing is listed in the error view (Niet gelukt) and stays in its slot: back to the collage a later save tries it again; removed, the rest saves', async ({
  page,
}) => {
  const saves = recordSaves(page);
  const events = recordAnalytics(page);
  const broken = nameOf(CAMERA_PHOTOS[3]!);
  await filledCollageSignedIn(page);
  const attempts = await interceptUploads(page, (file, _attempt, route) =>
    file === broken
      ? route.fulfill({
          status: 503,
          contentType: 'text/html',
          body: '<h1>Service Unavailable</h1>',
        })
      : null,
  );
  const dialog = page.getByRole('dialog', { name: 'Er ging iets mis' });
  const listed = dialog.locator('.error-photos__item');

  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'SAVING');
  await expect.poll(() => attempts.get(broken)).toBe(1);
  await expect(
    saveDialog(page).getByText(
      "Het versturen van je foto's lukt even niet. We proberen het zo opnieuw…",
    ),
  ).toBeVisible();
  await page.clock.runFor(20_000);

  // The retry fails too: the error view, with the photo and the catalogue's message in Dutch.
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(attempts.get(broken)).toBe(2);
  await expect(dialog.getByText('Niet gelukt', { exact: true })).toBeVisible();
  await expect(
    dialog.getByText('Je collage kon helaas niet worden opgeslagen. Probeer het nogmaals.'),
  ).toBeVisible();
  await expect(
    dialog.getByText("De onderstaande foto's konden niet worden verzonden."),
  ).toBeVisible();
  await expect(listed).toHaveCount(1);
  await expect(listed.locator('.error-photos__name')).toHaveText(broken);
  await expect(listed.locator('.error-photos__message')).toHaveText(
    'De foto kon niet worden verstuurd (de server antwoordde met 503).',
  );
  const error = events.find((event) => event.category === 'save' && event.action === 'error');
  expect(error?.label).toBe(
    'Error uploading with reason Could not upload photo. server responded with: 503 (1 of 4 photos failed)',
  );
  // Nothing was posted, and the photo is still in its slot until the customer chooses.
  expect(saves).toHaveLength(0);
  expect(await filledSlots(page)).toEqual({ img1: true, img2: true, img3: true, img4: true });

  // 'Terug naar je collage' keeps it; the next save sends it again (and it fails again here).
  await dialog.getByRole('button', { name: 'Terug naar je collage' }).click();
  await expectState(page, 2);
  await expect(photoSlot(page, 'img4')).toHaveAttribute('data-filled', 'true');
  await expect.poll(() => photoStates(page)).toEqual(['IMAGE', 'IMAGE', 'IMAGE', 'IMAGE']);
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expect.poll(() => attempts.get(broken)).toBe(3);
  await page.clock.runFor(20_000);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  expect(attempts.get(broken)).toBe(4);
  await expect(listed).toHaveCount(1);
  expect(saves).toHaveLength(0);

  // Removed: out of its slot, the list and the photo store; back in the editor the rest saves without uploading again.
  await dialog.getByRole('button', { name: "Verwijder deze foto's uit je collage" }).click();
  await expect(listed).toHaveCount(0);
  await expect.poll(() => photoStates(page)).toEqual(['IMAGE', 'IMAGE', 'IMAGE']);
  await dialog.getByRole('button', { name: 'Terug naar je collage' }).click();
  await expectState(page, 2);
  await expect(photoSlot(page, 'img4')).toHaveAttribute('data-filled', 'false');
  // Time runs again: the save waits for the new screenshot, asked every 100 ms.
  await page.clock.resume();
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'SAVED', 15_000);
  const { document } = await expectRoundTrip(page, saves, 1);
  expect(document.photos).toHaveLength(3);
  expect(
    imageSlots(document)
      .filter((slot) => slot.photo.id !== '')
      .map((slot) => slot.name),
  ).toEqual(['img1', 'img2', 'img3']);
  expect(
    [...attempts.entries()].filter(([file]) => file !== broken).map(([, count]) => count),
  ).toEqual([1, 1, 1]);
});
