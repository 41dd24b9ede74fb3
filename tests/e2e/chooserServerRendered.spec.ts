import { expect, test, type Page } from '@playwright/test';
import { chooserScriptRunning } from './editorHelpers';

/**
 * The chooser drawn by the server (issue 27 item 1): it works before and without the page's script,
 * and the script's hydration changes nothing a customer sees.
 */

/**
 * The #root of an HTML text as this browser parses it, or of the page itself (no text), with each
 * element's attributes in name order: React's client sets an image's src after its other
 * attributes (so that loading="lazy" holds), the server writes them as given; the order is nothing
 * a customer sees.
 */
async function sortedRoot(page: Page, html?: string): Promise<string> {
  return page.evaluate((text) => {
    const root =
      text === null
        ? document.getElementById('root')
        : new DOMParser().parseFromString(text, 'text/html').getElementById('root');
    if (!root) return '';
    const copy = root.cloneNode(true) as Element;
    for (const element of copy.querySelectorAll('*')) {
      const attributes = [...element.attributes].map(({ name, value }) => [name, value] as const);
      for (const [name] of attributes) element.removeAttribute(name);
      for (const [name, value] of attributes.sort(([a], [b]) => a.localeCompare(b)))
        element.setAttribute(name, value);
    }
    return copy.innerHTML;
  }, html ?? null);
}

/** Without React's Suspense markers, which only the server's HTML has. */
const withoutMarkers = (html: string) => html.replace(/<!--\/?\$-->/g, '');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const width of [360, 1280]) {
    test(`the Dutch chooser shows its cards and its filters are links that work at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/keuze');
      await expect(page.getByRole('heading', { name: 'Kies je ontwerp' })).toBeVisible();
      const cards = page.locator('.template-card');
      expect(await cards.count()).toBeGreaterThan(10);
      const firstImage = cards.first().locator('img');
      await expect(firstImage).toHaveAttribute('loading', 'eager');
      await expect
        .poll(() => firstImage.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
      await expect(cards.nth(5).locator('img')).toHaveAttribute('loading', 'lazy');
      const filters = page.getByRole('navigation', { name: 'Filters' });
      await filters.getByRole('link', { name: 'Fototegels' }).click();
      await expect(page).toHaveURL(/\/keuze\/tiles$/);
      await expect(cards).toHaveCount(1);
      await expect(page.locator('.template-card__name')).toHaveText('Tegels');
      await filters.getByRole('link', { name: 'Alle ontwerpen' }).click();
      await expect(page).toHaveURL(/\/keuze$/);
      expect(await cards.count()).toBeGreaterThan(10);
      // Back and close lead out to the shop without the script too.
      await page.getByRole('link', { name: 'Sluiten en terug naar de winkel' }).click();
      await expect(page).toHaveURL(/\/winkel$/);
      await page.goBack();
      await page.getByRole('link', { name: 'Terug naar de winkel', exact: true }).click();
      await expect(page).toHaveURL(/\/winkel$/);
    });
  }

  test('the English chooser is in English and its theme filters work', async ({ page }) => {
    await page.goto('/selection');
    await expect(page.getByRole('heading', { name: 'Choose your design' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Choose your design - Fotocollage');
    await page
      .getByRole('navigation', { name: 'Filters' })
      .getByRole('link', { name: 'Basic collages' })
      .click();
    await expect(page).toHaveURL(/\/selection\/basic$/);
    await expect(page.locator('.template-card').first()).toHaveAttribute(
      'href',
      /^\/collage\/basic\//,
    );
  });
});

for (const path of ['/keuze', '/keuze/tiles', '/selection', '/selection/vintage']) {
  test(`hydrating ${path} leaves the server's HTML as it was, and it is what the page draws itself`, async ({
    page,
  }) => {
    const complaints: string[] = [];
    page.on('console', (message) => {
      if (['error', 'warning'].includes(message.type())) complaints.push(message.text());
    });
    page.on('pageerror', (error) => complaints.push(String(error)));
    const served = await (await page.request.get(path)).text();
    expect(served).toContain('<div id="root" data-server-rendered>');
    const serverRoot = await sortedRoot(page, served);
    expect(serverRoot).toContain('class="template-card"');

    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(path);
    await chooserScriptRunning(page);
    const hydrated = await sortedRoot(page);
    expect(hydrated).toBe(serverRoot);
    expect(complaints).toEqual([]);
    // It hydrated from the templates sent beside the drawing, not from the themes list.
    expect(asked).not.toContain('/catalog/themes.xml');

    // The same address drawn by the page alone (the shell without the server's drawing, as the
    // service worker's offline copy is): the same DOM as the server's.
    const shell = await (await page.request.get('/edit')).text();
    expect(shell).not.toContain('data-server-rendered');
    await page.route(`**${path}`, (route) =>
      route.fulfill({ body: shell, contentType: 'text/html' }),
    );
    await page.goto(path);
    await chooserScriptRunning(page);
    const drawn = await sortedRoot(page);
    expect(drawn).toBe(withoutMarkers(serverRoot));
  });
}

test('under 600 px "Toon filters" works once the page has taken over the server\'s HTML', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/keuze');
  await chooserScriptRunning(page);
  const sidebar = page.getByRole('navigation', { name: 'Filters' });
  await expect(sidebar).toBeHidden();
  await page.getByRole('button', { name: 'Toon filters' }).click();
  await expect(sidebar).toBeVisible();
});

test('under 600 px a tap on "Toon filters" before the script has run opens the filters, and they stay open once it runs', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const served = await (await page.request.get('/keuze')).text();
  const main = /data-main="([^"]+)"/.exec(served)?.[1];
  expect(main).toBeTruthy();
  // The page's script waits until the tap is made, as on a phone's slow line.
  let release = () => {};
  const tapped = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${main}`, async (route) => {
    await tapped;
    await route.continue();
  });
  await page.goto('/keuze', { waitUntil: 'domcontentloaded' });
  const sidebar = page.getByRole('navigation', { name: 'Filters' });
  const toggle = page.getByRole('button', { name: 'Toon filters' });
  await expect(sidebar).toBeHidden();
  await toggle.click();
  await expect(sidebar).toBeVisible();
  await expect(page).toHaveURL(/\/keuze#filters$/);
  release();
  await chooserScriptRunning(page);
  await expect(sidebar).toBeVisible();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  // The script's toggle closes it, and the address loses the #filters that held it open.
  await toggle.click();
  await expect(sidebar).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page).toHaveURL(/\/keuze$/);
  await toggle.press(' ');
  await expect(sidebar).toBeVisible();
  await expect(page).toHaveURL(/\/keuze$/);
});

/** When the page's script (src/main.tsx's chunk) was asked for, and when the first cards' images were in. */
async function scriptAfterImages(page: Page) {
  return page.evaluate(() => {
    const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const firstImages = [
      ...document.querySelectorAll<HTMLImageElement>('#root img[fetchpriority="high"]'),
    ].map((image) => image.currentSrc);
    // the chooser's first script names it; a page without that script has it as its own tag
    const main =
      document.querySelector<HTMLScriptElement>('script[data-main]')?.dataset.main ??
      document.querySelector('script[type="module"][src]')?.getAttribute('src');
    return {
      images: firstImages.length,
      imagesIn: Math.max(
        ...entries.filter((entry) => firstImages.includes(entry.name)).map((e) => e.responseEnd),
      ),
      scriptAsked: entries.find((entry) => new URL(entry.name).pathname === main)?.startTime,
    };
  });
}

test("asks for the page's script only once the first cards' images are in, then takes over", async ({
  page,
}) => {
  // The images come slowly, as on a phone's line; the script would be asked for at once.
  await page.route('**/catalog/thumbs/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await page.goto('/keuze');
  await chooserScriptRunning(page);
  const { images, imagesIn, scriptAsked } = await scriptAfterImages(page);
  expect(images).toBeGreaterThan(0);
  expect(scriptAsked).toBeGreaterThanOrEqual(imagesIn);
  await page
    .getByRole('link', { name: /Raster/ })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Ga aan de slag' })).toBeVisible();
});

test('takes over even when the first images never come', async ({ page }) => {
  // A stalled line: the thumbnails' answers never arrive; the page must not wait for them forever.
  await page.route('**/catalog/thumbs/**', () => undefined);
  await page.goto('/keuze', { waitUntil: 'commit' });
  await chooserScriptRunning(page);
});
