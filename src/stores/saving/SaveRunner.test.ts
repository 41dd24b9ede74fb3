import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCollageXml } from '../../model/document/collageXml';
import { RecordingAnalytics } from '../../services/analytics';
import { ApiClient } from '../../api/client';
import { Http } from '../../api/http';
import { PARSE_ERROR } from '../../model/document/collageTypes';
import { limitText } from '../../../server/i18n/limitMessages';
import { FakeSaveEndpoint, FakeUploads } from '../../../tests/support/stores/fakeSaveServices';
import { SaveRunner, type SaveRunnerServices } from './SaveRunner';
import { SCREENSHOT_RETRY_MS, SCREENSHOT_WAIT_LIMIT_MS } from './waitForScreenshot';
import { localPhoto, TestCollage } from '../../../tests/support/stores/testCollage';

function setup(overrides: Partial<SaveRunnerServices> = {}) {
  const uploads = new FakeUploads();
  const endpoint = new FakeSaveEndpoint();
  const analytics = new RecordingAnalytics();
  const savingFlags: boolean[] = [];
  const readable = { value: true, checks: 0 };
  const runner = new SaveRunner({
    save: endpoint.save,
    upload: uploads.upload,
    analytics,
    setSaving: (saving) => savingFlags.push(saving),
    isReadable: async () => {
      readable.checks += 1;
      return readable.value;
    },
    random: () => 0.5,
    ...overrides,
  });
  return { runner, uploads, endpoint, analytics, savingFlags, readable };
}

const saveEvents = (analytics: RecordingAnalytics) =>
  analytics.events.filter((event) => event.category === 'save').map((event) => event.action);

describe('SaveRunner', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-22T10:00:00Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('uploads every used photo not yet on the server, a few at a time, then posts the XML', async () => {
    const { runner, uploads, endpoint, analytics, savingFlags } = setup();
    const collage = new TestCollage('101', ['img1', 'img2', 'img3', 'img4', 'img5', 'img6']);
    const photos = ['a', 'b', 'c', 'd', 'e'].map((name) => localPhoto(name, 2000));
    photos.forEach((photo, index) => collage.place(`img${index + 1}`, photo));
    collage.place('img6', photos[0]!);
    const onServer = localPhoto('already');
    onServer.uploaded('77');
    collage.slots.set('img7', onServer);
    const unused = localPhoto('unused');

    const running = runner.run(collage, false);
    expect(runner.running).toBe(true);
    expect(runner.progress.totalResources).toBe(5);
    expect(runner.progress.totalBytes).toBe(10_000);
    expect(runner.progress.startTime).toBe(Date.now());
    const outcome = await vi.runAllTimersAsync().then(() => running);

    expect(outcome).toEqual({ kind: 'saved', collageId: '7001', alreadyOrdered: false });
    expect(uploads.calls.map((call) => call.name).sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(uploads.maxInFlight).toBe(3);
    expect(unused.onServer).toBe(false);
    expect(photos.every((photo) => photo.onServer)).toBe(true);
    expect(runner.progress).toMatchObject({
      finished: true,
      error: false,
      finishedResources: 5,
      errorResources: 0,
      finishedBytes: 10_000,
    });
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.requests[0]).toMatchObject({ forOrder: false, templateId: '101' });
    expect(endpoint.requests[0]!.collageId).toBeUndefined();
    const read = readCollageXml(endpoint.requests[0]!.collageXml, { hasTemplate: () => true });
    expect(read.ok && read.document.photos.sort()).toEqual(
      ['500', '501', '502', '503', '504', '77'].sort(),
    );
    expect(collage.savedId).toBe('7001');
    expect(saveEvents(analytics)).toEqual(['start', 'end']);
    expect(savingFlags).toEqual([true, false]);
    expect(runner.running).toBe(false);
  });

  it("refuses a second save with 'Already busy saving.' while one runs", async () => {
    const { runner, endpoint } = setup();
    const collage = new TestCollage('101', ['img1']).place('img1', localPhoto('a'));
    const first = runner.run(collage, false);
    await expect(runner.run(collage, true)).resolves.toEqual({
      kind: 'busy',
      message: 'Already busy saving.',
    });
    await vi.runAllTimersAsync();
    await expect(first).resolves.toMatchObject({ kind: 'saved' });
    expect(endpoint.requests).toHaveLength(1);
    expect(endpoint.requests[0]!.forOrder).toBe(false);
  });

  it('later saves send the saved id, and only upload photos that are new', async () => {
    const { runner, uploads, endpoint } = setup();
    const collage = new TestCollage('101', ['img1', 'img2']).place('img1', localPhoto('a'));
    await Promise.all([runner.run(collage, false), vi.runAllTimersAsync()]);
    collage.place('img2', localPhoto('b'));
    await Promise.all([runner.run(collage, true), vi.runAllTimersAsync()]);
    expect(endpoint.requests.map((request) => request.collageId)).toEqual([undefined, '7001']);
    expect(endpoint.requests[1]!.forOrder).toBe(true);
    expect(uploads.calls.map((call) => call.name)).toEqual(['a', 'b']);
  });

  it.each([
    [0, 10_000],
    [0.999, 19_990],
  ])(
    'retries a failed upload once after 10-20 s (random %f: %i ms) once the file proves readable',
    async (random, delay) => {
      const { runner, uploads, readable } = setup({ random: () => random });
      const collage = new TestCollage('101', ['img1']).place('img1', localPhoto('a'));
      uploads.script('a', { fail: 'Could not upload photo. server responded with: 502' });
      const started = Date.now();
      const outcome = runner.run(collage, false);
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(uploads.attempts('a')).toHaveLength(1);
      expect(readable.checks).toBe(0);
      // The view says it is trying again; the failure is not counted as progress.
      expect(runner.progress).toMatchObject({
        retrying: 1,
        remainingResources: 1,
        errorResources: 0,
      });
      await vi.runAllTimersAsync();
      await expect(outcome).resolves.toMatchObject({ kind: 'saved' });
      expect(runner.progress.retrying).toBe(0);
      expect(uploads.attempts('a').map((at) => at - started)).toEqual([0, 10 + delay]);
      expect(readable.checks).toBe(1);
    },
  );

  it('a photo that keeps failing stays in its slot, drawn as before, and the save ends in error with the counts', async () => {
    const { runner, uploads, endpoint, analytics } = setup();
    const good = localPhoto('good');
    const bad = localPhoto('bad');
    const unusedBroken = localPhoto('unused-broken');
    unusedBroken.failed('Could not load photo');
    const collage = new TestCollage('101', ['img1', 'img2']).place('img1', good).place('img2', bad);
    uploads.script(
      'bad',
      { fail: 'The server could not process the file.' },
      { fail: 'The server could not process the file.' },
    );

    const outcome = runner.run(collage, false);
    await vi.runAllTimersAsync();
    const result = await outcome;

    expect(result).toEqual({
      kind: 'upload-failed',
      message:
        'Error uploading with reason The server could not process the file. (1 of 2 photos failed)',
      failures: [{ photo: bad, message: 'The server could not process the file.' }],
    });
    // Kept until the customer chooses in the error view: the next save tries it again.
    expect(bad.state).toBe('IMAGE');
    expect(collage.slots.get('img2')).toBe(bad);
    expect(collage.slots.get('img1')).toBe(good);
    expect(good.onServer).toBe(true);
    expect(uploads.attempts('bad')).toHaveLength(2);
    expect(runner.progress).toMatchObject({
      error: true,
      finished: false,
      finishedResources: 1,
      errorResources: 1,
      retrying: 0,
    });
    expect(endpoint.requests).toHaveLength(0);
    expect(saveEvents(analytics)).toEqual(['start', 'upload_retry', 'error']);
  });

  it('does not retry when the file can no longer be read: the photo fails as not found on disk', async () => {
    const { runner, uploads, readable } = setup();
    const photo = localPhoto('gone');
    const collage = new TestCollage('101', ['img1']).place('img1', photo);
    uploads.script('gone', { fail: 'network' });
    readable.value = false;
    const outcome = runner.run(collage, false);
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toMatchObject({
      kind: 'upload-failed',
      failures: [{ photo, message: 'Could not find file on disk' }],
    });
    expect(uploads.attempts('gone')).toHaveLength(1);
  });

  it('a used photo already in error and not on the server is listed without an upload', async () => {
    const { runner, uploads } = setup();
    const broken = localPhoto('broken');
    broken.failed('Could not load photo');
    const collage = new TestCollage('101', ['img1']).place('img1', broken);
    const outcome = runner.run(collage, false);
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toMatchObject({
      kind: 'upload-failed',
      failures: [{ photo: broken }],
      message: expect.stringContaining('Could not load photo (1 of 1'),
    });
    expect(uploads.calls).toHaveLength(0);
    expect(collage.slots.get('img1')).toBe(broken);
  });

  it('waits for the screenshot, asking every 100 ms, and puts it in the XML', async () => {
    let asked = 0;
    const screenshot = { screenshot: () => (++asked >= 4 ? '/9j/SHOT' : null) };
    const { runner, endpoint } = setup({ screenshot });
    const collage = new TestCollage('101', ['img1']);
    const outcome = runner.run(collage, false);
    await vi.advanceTimersByTimeAsync(3 * SCREENSHOT_RETRY_MS - 1);
    expect(endpoint.requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toMatchObject({ kind: 'saved' });
    expect(asked).toBe(4);
    expect(collage.builtWith).toEqual(['/9j/SHOT']);
    expect(endpoint.requests[0]!.collageXml).toContain('<screenshot>/9j/SHOT</screenshot>');
  });

  it('saves without a screenshot when none comes within the limit, rather than never', async () => {
    const { runner, endpoint } = setup({ screenshot: { screenshot: () => null } });
    const collage = new TestCollage('101', ['img1']);
    const outcome = runner.run(collage, false);
    await vi.advanceTimersByTimeAsync(SCREENSHOT_WAIT_LIMIT_MS - 1000);
    expect(endpoint.requests).toHaveLength(0);
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toMatchObject({ kind: 'saved' });
    expect(collage.builtWith).toEqual([undefined]);
  });

  it('reports a refused save as "Couldn\'t save: …" and an error event', async () => {
    const { runner, endpoint, analytics } = setup();
    endpoint.failures = ["Couldn't save: photo not available"];
    const collage = new TestCollage('101', ['img1']);
    const outcome = runner.run(collage, true);
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toEqual({
      kind: 'failed',
      message: "Couldn't save: photo not available",
    });
    expect(collage.savedId).toBeNull();
    expect(analytics.events.at(-1)).toEqual({
      category: 'save',
      action: 'error',
      label: "Couldn't save: photo not available",
    });
  });

  /** The runner posting through the real ApiClient to a server that answers `status` and `body`. */
  function refusedBy(status: number, body: unknown) {
    const fetch = async () => new Response(JSON.stringify(body), { status });
    const api = new ApiClient(new Http({ fetch, lang: 'en' }), { lang: 'en' });
    return setup({ save: (request, signal) => api.save(request, signal) });
  }

  it("a save past the hour's quota (429 with a key) fails with the server's text as the customer's reason; nothing is marked saved", async () => {
    const quota = limitText('save.quota', 'en');
    const { runner, analytics } = refusedBy(429, { error: quota, key: 'save.quota' });
    const collage = new TestCollage('101', ['img1']);
    const outcome = runner.run(collage, false);
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toEqual({
      kind: 'failed',
      message: `Couldn't save: ${quota}`,
      reason: quota,
    });
    expect(collage.savedId).toBeNull();
    expect(analytics.events.at(-1)).toMatchObject({
      action: 'error',
      label: `Couldn't save: ${quota}`,
    });
  });

  it('too many orders waiting (an order refusal with a key) is a reason too', async () => {
    const waiting = limitText('order.tooManyPrinting', 'en', { count: 3 });
    const { runner } = refusedBy(429, { error: waiting, key: 'order.tooManyPrinting' });
    const outcome = runner.run(new TestCollage('101', ['img1']), true);
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toMatchObject({ kind: 'failed', reason: waiting });
  });

  it.each([
    ['a 500', 500, { statusCode: 500, error: 'Internal Server Error', message: 'boom' }],
    ['a refusal without a key', 400, { error: "Couldn't find template" }],
    ['the parse error, answered with a key', 400, { error: PARSE_ERROR, key: 'order.unreadable' }],
    ['a key without a text', 429, { key: 'save.quota' }],
  ])('%s has no reason: the dialog keeps its generic text', async (_, status, body) => {
    const { runner } = refusedBy(status, body);
    const outcome = runner.run(new TestCollage('101', ['img1']), false);
    await vi.runAllTimersAsync();
    const result = await outcome;
    expect(result.kind).toBe('failed');
    expect(result).not.toHaveProperty('reason');
  });

  it('a network failure has no reason', async () => {
    const { runner } = setup({
      save: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const outcome = runner.run(new TestCollage('101', ['img1']), false);
    await vi.runAllTimersAsync();
    await expect(outcome).resolves.toEqual({
      kind: 'failed',
      message: "Couldn't save: Failed to fetch",
    });
  });

  it('cancel stops the uploads and the retry wait, reports cancel and resets the progress', async () => {
    const { runner, uploads, endpoint, analytics, savingFlags } = setup();
    const collage = new TestCollage('101', ['img1', 'img2'])
      .place('img1', localPhoto('a'))
      .place('img2', localPhoto('b'));
    uploads.script('a', { fail: 'network' });
    uploads.script('b', 'hang');
    const outcome = runner.run(collage, false);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runner.cancel()).toBe(true);
    await expect(outcome).resolves.toEqual({ kind: 'cancelled' });
    await vi.runAllTimersAsync();
    expect(uploads.attempts('a')).toHaveLength(1);
    expect(endpoint.requests).toHaveLength(0);
    expect(runner.progress.totalResources).toBe(0);
    expect(saveEvents(analytics)).toEqual(['start', 'upload_retry', 'cancel']);
    expect(savingFlags).toEqual([true, false]);
    expect(runner.cancel()).toBe(false);
  });
});
