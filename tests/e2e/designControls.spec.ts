import { expect, test, type Page } from '@playwright/test';

/**
 * Issue 12's design-screen controls in Chromium against the real server: the date of 'Datum'
 * takes only dates on the calendar, and no control offers a change it can never make.
 */

const preview = (page: Page) => page.getByTestId('design-preview');
const control = (page: Page, name: string) => page.locator(`[data-control="${name}"]`);

test('the date input refuses 32-13-2024 and 29-02-2023 and puts the old date back', async ({
  page,
}) => {
  await page.goto('/ontwerp/basic/118');
  const input = page.getByLabel('Datum');
  await expect(input).toHaveValue('01-01-2025');
  await expect(preview(page)).toHaveAttribute('data-photos', /\d+/);
  await input.fill('24-12-2024');
  await input.press('Enter');
  await expect(input).toHaveValue('24-12-2024');
  const photos = await preview(page).getAttribute('data-photos');

  for (const impossible of ['32-13-2024', '29-02-2023']) {
    await input.fill(impossible);
    await input.press('Enter');
    await expect(input).toHaveValue('24-12-2024');
    await input.fill(impossible);
    await input.blur();
    await expect(input).toHaveValue('24-12-2024');
  }
  await expect(preview(page)).toHaveAttribute('data-photos', photos!);
  // A leap day is a date.
  await input.fill('29-02-2024');
  await input.press('Enter');
  await expect(input).toHaveValue('29-02-2024');
});

test('a split step that could only be refused is disabled; controls that cannot change are not shown', async ({
  page,
}) => {
  await page.goto('/ontwerp/basic/106');
  const less = (label: string) => page.getByRole('button', { name: `${label}: minder` });
  const more = (label: string) => page.getByRole('button', { name: `${label}: meer` });
  const next = page.getByRole('button', { name: 'Hoofdfoto verdelen: volgende' });
  await expect(next).toHaveAttribute('aria-disabled', 'false');
  // Main photo at 20 %, 2 cm between the photos, main photo in two: four main photos would be under 3 cm.
  for (let i = 0; i < 4; i++) await less('Hoogte hoofdfoto (%)').click();
  for (let i = 0; i < 15; i++) await more('Tussenruimte').click();
  await next.click();
  await expect(control(page, 'middleSplit').locator('output')).toHaveText('2 naast elkaar');
  await expect(control(page, 'borderCM').locator('output')).toContainText('2');
  await expect(next).toHaveAttribute('aria-disabled', 'true');
  // A click still says why, and changes nothing.
  await next.click({ force: true });
  await expect(page.getByRole('status').filter({ hasText: /3 cm/ })).toBeVisible();
  await expect(control(page, 'middleSplit').locator('output')).toHaveText('2 naast elkaar');
  await page.screenshot({ path: 'test-results/design-controls/split-1280.png', fullPage: true });

  for (const [id, hidden] of [
    ['103', ['Rijen']],
    ['110', ['Kolommen', 'Rijen']],
    ['111', ['Kolommen', 'Rijen']],
  ] as const) {
    await page.goto(`/ontwerp/basic/${id}`);
    await expect(page.getByRole('group', { name: 'Instellingen' })).toBeVisible();
    for (const label of hidden)
      await expect(
        page.getByRole('group', { name: label, exact: true }),
        `${id} ${label}`,
      ).toHaveCount(0);
  }
});

for (const width of [360, 1280]) {
  test(`a long text choice keeps its row in line with the others (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/ontwerp/basic/101');
    // 'Titel en ondertitel onder' is the longest value of the text control.
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Tekst: volgende' }).click();
    await expect(control(page, 'hasText').locator('output')).toHaveText(
      'Titel en ondertitel onder',
    );
    const rows = page.locator('.generator-control:has(.generator-control__stepper)');
    const lefts = await rows.evaluateAll((elements) =>
      elements.map((row) =>
        Math.round(row.querySelector('.stepper-button')!.getBoundingClientRect().left),
      ),
    );
    expect(lefts.length).toBeGreaterThan(3);
    expect(new Set(lefts).size, `the '−' buttons start at ${lefts.join(', ')}`).toBe(1);
    await control(page, 'hasText').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/design-controls/text-row-${width}.png` });
  });
}
