import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { enableTestHooks, expectState, openEditor } from './editorHelpers';

/**
 * Issue 12's analytics in Chromium against the real server: the events reach POST /api/analytics
 * in batches (sendBeacon when the page is hidden), with the spec's missing events, one page view
 * per screen, and the session-done call when the page goes away.
 */

const FIXTURES = '../shared/fixtures/photos';

interface Wire {
  kind: string;
  path?: string;
  category?: string;
  action?: string;
  label?: string;
  value?: number;
}

/** Every analytics batch and session-done call any page of the context sends, with the server's status. */
function recordBatches(context: BrowserContext) {
  const events: Wire[] = [];
  const statuses: number[] = [];
  const sessionDone: string[] = [];
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/analytics' && request.method() === 'POST') {
      events.push(
        ...(JSON.parse(request.postData() ?? '{"events":[]}') as { events: Wire[] }).events,
      );
      request.response().then(
        (response) => response && statuses.push(response.status()),
        () => undefined,
      );
    }
    if (url.pathname.startsWith('/collage/ajaxDone/s/')) sessionDone.push(url.pathname);
  });
  return { events, statuses, sessionDone };
}

/** What a browser does when the tab goes to the background. */
async function hidePage(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

test('events reach the server: one page view per screen, file tab switches, photos added with their count, session done', async ({
  page,
  context,
}) => {
  await enableTestHooks(page);
  const sent = recordBatches(context);
  // The empty path redirects to the choice screen: one page view. The page is hidden only once the
  // view is counted (a loaded machine may show the address before the app has counted it).
  const counted = page.waitForEvent('console', (message) =>
    message.text().startsWith('[analytics] page view'),
  );
  await page.goto('/');
  await expect(page).toHaveURL(/\/keuze$/);
  await counted;
  await hidePage(page);
  await expect
    .poll(() => sent.events.filter((event) => event.kind === 'pageview').map((event) => event.path))
    .toEqual(['/htmlapp/keuze']);

  await openEditor(page);
  await page.locator('.slot-layer .slot--photo').first().click();
  await expectState(page, 4);
  const dialog = page.getByRole('dialog', { name: 'Kies een foto' });
  await dialog.getByRole('tab', { name: 'Spreuken' }).click();
  await dialog.getByRole('tab', { name: 'Eigen computer' }).click();
  await dialog
    .locator('input[type=file]')
    .setInputFiles([`${FIXTURES}/cameras/Canon_40D.jpg`, `${FIXTURES}/cameras/Nikon_D70.jpg`]);
  await expect(dialog.locator('.photo-tile')).toHaveCount(2);
  await hidePage(page);

  const named = (category: string, action: string) =>
    sent.events.filter((event) => event.category === category && event.action === action);
  await expect
    .poll(() => named('file', 'tab').map((event) => event.label))
    .toEqual(['quotes', 'computer']);
  expect(named('file', 'computer').map((event) => event.value)).toEqual([2]);
  const views = sent.events.filter((event) => event.kind === 'pageview').map((event) => event.path);
  expect(views).toEqual([
    '/htmlapp/keuze',
    '/htmlapp/ontwerp/basic/101',
    '/htmlapp/editor',
    '/htmlapp/editor/file',
  ]);
  await expect.poll(() => sent.statuses.length).toBeGreaterThan(0);
  expect(new Set(sent.statuses)).toEqual(new Set([204]));

  // Leaving the page: the spec's session-done call with the heartbeat's session.
  const session = await page.evaluate(
    async () =>
      (await (await fetch('/api/alive?format=json', { method: 'POST' })).json())
        .flashsession as string,
  );
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (window as unknown as { __fotocollage: { session: { sessionId: string | null } } })
            .__fotocollage.session.sessionId,
      ),
    )
    .toBe(session);
  // The page-hide event a closing tab fires (the beacon outlives the page; here the page stays to watch it).
  await page.evaluate(() =>
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: false })),
  );
  await expect.poll(() => sent.sessionDone).toEqual([`/collage/ajaxDone/s/${session}`]);
});

test('an uncaught error that leads to the error page is reported as a global error', async ({
  page,
  context,
}) => {
  const sent = recordBatches(context);
  await openEditor(page);
  // hidden only once the error screen's page view is counted (see the first test)
  const counted = page.waitForEvent('console', (message) =>
    message.text().includes('/htmlapp/editor/error'),
  );
  await page.evaluate(() =>
    setTimeout(() => {
      throw new Error('test: an uncaught error');
    }),
  );
  await expect(page).toHaveURL(/\/fout\?error=/);
  await counted;
  await hidePage(page);
  await expect
    .poll(() =>
      sent.events
        .filter((event) => event.category === 'error' && event.action === 'global')
        .map((event) => event.label),
    )
    .toEqual([expect.stringContaining('test: an uncaught error')]);
  await expect
    .poll(() => sent.events.filter((event) => event.kind === 'pageview').map((event) => event.path))
    .toEqual(['/htmlapp/ontwerp/basic/101', '/htmlapp/editor', '/htmlapp/editor/error']);
});
