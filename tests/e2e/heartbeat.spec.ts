import { expect, test, type Page } from '@playwright/test';
import { enableTestHooks } from './editorHelpers';
import {
  expectSaveState,
  newAccount,
  openSmallCollage,
  recordAnalytics,
  registerByApi,
  setTitle,
} from './accountHelpers';

/**
 * Issue 7's proof, the heartbeat: /api/alive at most every 5 minutes, checked every 5 s, across a
 * 12-minute edit on the page's fake clock; one failed beat is retried at the next check and the
 * success reported as retry_success. The session is still signed in at the end.
 */

const MINUTE = 60_000;

/** Records the page's own (fake) time of every /api/alive call and whether it has settled. */
async function recordBeats(page: Page) {
  await page.addInitScript(() => {
    const beats: { at: number; settled: boolean }[] = [];
    Object.assign(window, { __beats: beats });
    const original = window.fetch;
    window.fetch = function (this: unknown, ...args: Parameters<typeof fetch>) {
      const url = args[0] instanceof Request ? args[0].url : String(args[0]);
      const result = original.apply(this, args);
      if (url.includes('/api/alive')) {
        const beat = { at: Date.now(), settled: false };
        beats.push(beat);
        void result.finally(() => (beat.settled = true)).catch(() => {});
      }
      return result;
    };
  });
}

function beats(page: Page): Promise<{ at: number; settled: boolean }[]> {
  return page.evaluate(() =>
    (window as unknown as { __beats: { at: number; settled: boolean }[] }).__beats.map((beat) => ({
      ...beat,
    })),
  );
}

/** Moves the fake clock in 5 s checks, letting each beat's answer arrive before the next check. */
async function edit(page: Page, ms: number) {
  for (let done = 0; done < ms; done += 5_000) {
    await page.clock.runFor(5_000);
    await expect.poll(async () => (await beats(page)).every((beat) => beat.settled)).toBe(true);
  }
}

test('the heartbeat keeps the session through a 12-minute edit and recovers from a failed beat', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const events = recordAnalytics(page);
  const sent: (string | null)[] = [];
  const answered: string[] = [];
  let failNext = false;
  await page.route('**/api/alive*', async (route) => {
    sent.push(new URLSearchParams(route.request().postData() ?? '').get('s'));
    if (failNext) {
      failNext = false;
      return route.abort('failed');
    }
    const response = await route.fetch();
    answered.push(((await response.json()) as { flashsession: string }).flashsession);
    return route.fulfill({ response });
  });
  await recordBeats(page);
  await page.clock.install();
  await enableTestHooks(page);
  await page.goto('/keuze');
  await registerByApi(page, newAccount('hart'));
  await openSmallCollage(page);
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  // The editor beat once when it opened.
  await expect.poll(async () => (await beats(page)).length).toBe(1);
  const start = (await beats(page))[0]!.at;

  // Five minutes of editing: one more beat, 5 minutes after the first (not sooner, within one check).
  await setTitle(page, 'Vijf minuten');
  await edit(page, 4 * MINUTE + 55_000);
  expect(await beats(page)).toHaveLength(1);
  await edit(page, 10_000);
  let times = (await beats(page)).map((beat) => beat.at - start);
  expect(times).toHaveLength(2);
  expect(times[1]).toBeGreaterThanOrEqual(5 * MINUTE);
  expect(times[1]).toBeLessThanOrEqual(5 * MINUTE + 5_000);

  // The beat after that fails; the next check (5 s on) beats again and reports retry_success.
  failNext = true;
  await setTitle(page, 'Tien minuten');
  await edit(page, 5 * MINUTE + 10_000);
  times = (await beats(page)).map((beat) => beat.at - start);
  expect(times).toHaveLength(4);
  expect(times[3]! - times[2]!).toBe(5_000);
  expect(events.filter((event) => event.category === 'heartbeat')).toEqual([
    expect.objectContaining({ action: 'error', value: 1 }),
    expect.objectContaining({ action: 'retry_success', value: 1 }),
  ]);

  // Up to 12 minutes: no beat before 5 minutes after the retry.
  await edit(page, 12 * MINUTE - (times[3]! + 5_000));
  const final = (await beats(page)).map((beat) => beat.at - start);
  expect(final).toHaveLength(4);
  expect(await page.evaluate(() => Date.now())).toBeGreaterThanOrEqual(start + 12 * MINUTE - 5_000);

  // s is sent once known and is the session the first beat answered; every beat kept that session.
  expect(sent[0]).toBeNull();
  expect(new Set(answered).size).toBe(1);
  expect(sent.slice(1)).toEqual(sent.slice(1).map(() => answered[0]));
  // Still signed in: saving goes straight to saving, no register or login view.
  await page.getByRole('button', { name: 'Opslaan / bestellen' }).click();
  await expectSaveState(page, 'SAVED', 15_000);
});
