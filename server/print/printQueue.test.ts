/**
 * The print queue over real worker threads: jobs run in the background in submission order, one
 * per worker; a failing print reports its PrintError code; a worker that does not answer within
 * its print's bound is terminated with its threads; closing fails what is left.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SlotData } from '../../src/model/layout/slotTypes';
import type { Layout } from '../../src/model/layout/types';
import { readJfifDensity } from './jfif';
import { joinBytes } from './jpegBands';
import type { PrintInput } from './printMaster';
import { PrintQueue } from './printQueue';
import { countThreads, waitUntil } from '../test/threads';

const layout: Layout = {
  widthCm: 10,
  heightCm: 8,
  layers: [
    {
      kind: 'shape',
      shape: 'rect',
      role: 'background',
      x: 0,
      y: 0,
      width: 10,
      height: 8,
      fill: '#ffffff',
      radiusCm: 0,
      borderWidthCm: 0,
      borderColor: '#ffffff',
    },
    {
      kind: 'text',
      slot: 'txt1',
      x: 0,
      y: 0,
      width: 10,
      height: 8,
      rotation: 0,
      style: {
        font: 'Roboto',
        fontSize: 0.917,
        color: '#000000',
        align: 'center',
        valign: 'middle',
        style: 'normal',
        paddingCm: 0,
        letterSpacing: 0,
        caps: false,
        multipleLines: false,
        lineHeight: 0.5,
        background: 'none',
      },
    },
  ],
  backgroundColor: '#ffffff',
  isFlat: false,
  material: '',
  marginCm: 0,
};
const textLayer = layout.layers[1]!;
const slots: SlotData = {
  photos: {},
  texts: {
    txt1: { ...(textLayer.kind === 'text' ? textLayer.style : ({} as never)), txt: 'Print' },
  },
};
const input: PrintInput = { layout, slots, originals: {}, dpi: 150 };

let queue: PrintQueue | undefined;
afterEach(async () => {
  await queue?.close();
  queue = undefined;
});

describe('PrintQueue', () => {
  it('renders in the background, in order, one print per worker', async () => {
    queue = new PrintQueue({ concurrency: 1 });
    const first = queue.submit(input);
    const second = queue.submit({ ...input, dpi: 300 });
    // queued until the print thread's code is bundled and a worker takes it
    await waitUntil(() => queue!.status(first.id)?.state === 'running', 30_000, 'running');
    expect(queue.status(second.id)?.state).toBe('queued');
    const a = await first.done;
    const b = await second.done;
    expect([a.widthPx, a.heightPx, a.dpi]).toEqual([591, 472, 150]);
    expect([b.widthPx, b.heightPx]).toEqual([1181, 945]);
    expect(readJfifDensity(joinBytes(b.jpegParts))?.x).toBe(300);
    expect(queue.status(second.id)?.state).toBe('done');
    expect(queue.workerCount).toBe(1);
  }, 120_000);

  it('reports a failed print with its code, and goes on with the next', async () => {
    queue = new PrintQueue({ concurrency: 1 });
    const withPhoto: SlotData = {
      ...slots,
      photos: {
        img1: {
          id: 'nowhere',
          zoom: 1,
          focusX: 0.5,
          focusY: 0.5,
          rotation: 0,
          effect: 'none',
          dpi: 100,
        },
      },
    };
    const bad = queue.submit({
      ...input,
      layout: {
        ...layout,
        layers: [
          ...layout.layers,
          { kind: 'photo', slot: 'img1', x: 1, y: 1, width: 3, height: 3, rotation: 0 },
        ],
      },
      slots: withPhoto,
    });
    const good = queue.submit(input);
    await expect(bad.done).rejects.toMatchObject({ name: 'PrintError', code: 'MISSING_PHOTO' });
    expect(queue.status(bad.id)).toMatchObject({
      state: 'failed',
      error: { code: 'MISSING_PHOTO' },
    });
    await expect(good.done).resolves.toMatchObject({ dpi: 150 });
  }, 120_000);

  it('fails the jobs still waiting when it closes', async () => {
    queue = new PrintQueue({ concurrency: 1 });
    const running = queue.submit(input);
    const waiting = queue.submit(input);
    await queue.close();
    await expect(waiting.done).rejects.toMatchObject({ code: 'QUEUE_CLOSED' });
    await expect(running.done).rejects.toMatchObject({ code: 'QUEUE_CLOSED' });
    expect(() => queue!.submit(input)).toThrow(/closed/);
  }, 60_000);

  it('fails the prints waiting for a worker whose code does not bundle, and bundles again for the next', async () => {
    queue = new PrintQueue({
      concurrency: 1,
      workerEntry: new URL('../test/noSuchPrintWorker.ts', import.meta.url),
    });
    const first = queue.submit(input);
    const second = queue.submit(input);
    await expect(first.done).rejects.toMatchObject({ code: 'WORKER_FAILED' });
    await expect(second.done).rejects.toMatchObject({ code: 'WORKER_FAILED' });
    expect(queue.status(first.id)?.error?.message).toMatch(/noSuchPrintWorker/);
    expect(queue.workerCount).toBe(0);
    await expect(queue.submit(input).done).rejects.toMatchObject({ code: 'WORKER_FAILED' });
  }, 60_000);

  it('terminates a print worker stuck past its budget, the threads it started with it, and goes on', async () => {
    queue = new PrintQueue({
      concurrency: 1,
      graceMs: 200,
      workerEntry: new URL('../test/stuckPrintWorker.ts', import.meta.url),
    });
    const stuck = queue.submit({ ...input, dpi: 1 });
    const next = queue.submit({ ...input, dpi: 2 });
    await waitUntil(() => countThreads('stuck-tile') === 1, 30_000, 'started');
    const since = performance.now();
    await expect(stuck.done).rejects.toMatchObject({ name: 'PrintError', code: 'PRINT_TIMEOUT' });
    // the budget (300 ms) and the grace (200 ms) count from the job's start, before this
    expect(performance.now() - since).toBeLessThan(500 + 2500);
    expect(queue.status(stuck.id)).toMatchObject({
      state: 'failed',
      error: { code: 'PRINT_TIMEOUT' },
    });
    // a new worker takes the next print; the stuck one and the thread it started are gone
    await expect(next.done).resolves.toMatchObject({ dpi: 2 });
    await waitUntil(() => countThreads('stuck-tile') === 0, 5_000, 'gone');
    expect(countThreads('print-worker')).toBe(1);
    expect(queue.workerCount).toBe(1);
  }, 60_000);
});
