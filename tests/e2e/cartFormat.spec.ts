import { expect, test, type Page } from '@playwright/test';
import { inspectJpeg } from '../../src/model/photos/jpegHeader';
import { enableTestHooks, expectState } from './editorHelpers';
import {
  CAMERA_PHOTOS,
  expectSaveState,
  fillSlots,
  loadSaved,
  newAccount,
  registerByApi,
  saveDialog,
  slotButtons,
} from './accountHelpers';

/**
 * Issue 26 item 10: the cart shows exactly what is printed. A 30 x 30 cm poster ordered in the
 * editor reads 30 x 30 cm, Poster and the design screen's price in the cart, and its print file is
 * 30 cm at 300 dpi; the same collage ordered again with its page saying 100 x 70 cm (what the cart
 * used to show while 30 x 30 was printed) is refused, and the cart stays as it was.
 */

/** The cart's facts, term by term, as the customer reads them. */
async function cartFacts(page: Page): Promise<Record<string, string>> {
  return page.locator('.card dl').evaluate((list) => {
    const facts: Record<string, string> = {};
    for (const term of list.querySelectorAll('dt'))
      facts[term.textContent!.trim()] = term
        .nextElementSibling!.textContent!.replace(/\s+/g, ' ')
        .trim();
    return facts;
  });
}

/** Design 101 as a 30 x 30 cm poster of 2 x 2 photos; answers the price the design screen shows. */
async function openSquarePoster(page: Page): Promise<string> {
  await page.goto('/ontwerp/basic/101?lang=nl');
  await page.getByRole('radio', { name: 'Vierkant' }).check();
  await page.getByRole('radio', { name: '30 x 30 cm' }).check();
  await page.getByRole('radio', { name: 'Poster' }).check();
  await page.getByRole('button', { name: 'Kolommen: minder' }).click();
  for (let step = 0; step < 2; step++)
    await page.getByRole('button', { name: 'Rijen: minder' }).click();
  await expect(page.locator('[data-control="numberVert"] output')).toHaveText('2');
  await expect(page.locator('[data-control="numberHor"] output')).toHaveText('2');
  const price = (await page.getByTestId('price').locator('strong').textContent())!.trim();
  await page.getByRole('button', { name: 'Ga aan de slag' }).click();
  await expect(page).toHaveURL(/\/edit$/);
  await expectState(page, 2);
  await expect(slotButtons(page)).toHaveCount(4);
  await expect(page.getByTestId('editor-size')).toContainText('30 x 30 cm');
  return price;
}

test('the cart shows the size, material and price that are printed; a page saying another size is refused', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await enableTestHooks(page);
  await page.goto('/keuze');
  await registerByApi(page, newAccount('formaat'));
  const price = await openSquarePoster(page);
  expect(price.replace(/\s/g, ' ')).toBe('€ 22,95');
  await fillSlots(page, CAMERA_PHOTOS);

  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await saveDialog(page).getByRole('button', { name: 'Bestel je collage' }).click();
  await expectSaveState(page, 'SAVED', 30_000);
  await saveDialog(page).getByRole('button', { name: 'Naar kassa >' }).click();
  await expect(page).toHaveURL(/\/cart\/fromApp\?collageid=\d+$/);
  const collageId = new URL(page.url()).searchParams.get('collageid')!;

  const facts = await cartFacts(page);
  expect(facts).toMatchObject({ Formaat: '30 x 30 cm', Materiaal: 'Poster' });
  expect(facts.Prijs!.replace(/\s/g, ' ')).toBe('€ 22,95');
  await page.screenshot({ path: test.info().outputPath('cart-30x30.png') });

  // The print file, once ready, is what the cart says: 30 cm at 300 dpi on each side.
  const download = page.locator('.card a[download]');
  await expect
    .poll(
      async () => {
        await page.reload();
        return download.count();
      },
      { timeout: 150_000, intervals: [2_000] },
    )
    .toBe(1);
  const file = await page.request.get((await download.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(inspectJpeg(new Uint8Array(await file.body()))).toMatchObject({
    ok: true,
    width: 3543,
    height: 3543,
  });

  // The same collage ordered with its page saying 100 x 70 cm: refused with the spec's error.
  const saved = await loadSaved(page, collageId);
  const crafted = saved.collagexml
    .replace(/(<userdata[^>]* width=")[^"]*"/, '$1100"')
    .replace(/(<userdata[^>]* height=")[^"]*"/, '$170"');
  expect(crafted).not.toBe(saved.collagexml);
  const refused = await page.request.post('/api/save?format=json', {
    form: {
      collagexml: crafted,
      editor: '2',
      editor_version: '1',
      fororder: 'true',
      templateid: '101',
      collageid: collageId,
    },
  });
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toMatchObject({ error: "Couldn't parse the xml data" });
  await page.reload();
  expect(await cartFacts(page)).toMatchObject({
    Formaat: '30 x 30 cm',
    Materiaal: 'Poster',
    Prijs: facts.Prijs,
  });
});
