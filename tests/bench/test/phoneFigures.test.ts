import { describe, expect, it } from 'vitest';
import { longTasks } from '../longTasks';
import {
  longestTaskBetween,
  shortCached,
  totalBlockingTime,
  uncompressedKb,
  type WireRecord,
} from '../phoneVisit';

const record = (over: Partial<WireRecord>): WireRecord => ({
  url: 'http://127.0.0.1:8120/assets/index-abc.js',
  status: 200,
  contentType: 'text/javascript; charset=utf-8',
  contentEncoding: '',
  cacheControl: 'public, max-age=0',
  bodyBytes: 5000,
  wireBytes: 5300,
  ...over,
});

describe('uncompressedKb', () => {
  it('counts text, script, JSON, SVG and wasm bodies over 1 kB sent without content-encoding', () => {
    const records = [
      record({ bodyBytes: 5000 }),
      record({ contentType: 'application/wasm', bodyBytes: 7_000_000 }),
      record({ contentType: 'image/svg+xml', bodyBytes: 2000 }),
      record({ contentType: 'application/json', bodyBytes: 3000 }),
      record({ contentType: 'text/css', bodyBytes: 1000 }), // not over 1 kB
      record({ contentType: 'text/html', bodyBytes: 9000, contentEncoding: 'br' }),
      record({ contentType: 'image/jpeg', bodyBytes: 90_000 }),
    ];
    expect(uncompressedKb(records)).toBe(7010);
  });
});

describe('shortCached', () => {
  it('counts hashed /assets/ answers without a max-age of at least a day', () => {
    const records = [
      record({ cacheControl: 'public, max-age=0' }),
      record({ cacheControl: '' }),
      record({ cacheControl: 'public, max-age=86399' }),
      record({ cacheControl: 'public, max-age=31536000, immutable' }),
      record({ cacheControl: 'max-age=31536000, no-store' }),
      record({ url: 'http://127.0.0.1:8120/keuze', cacheControl: 'no-cache' }),
      record({ status: 304, cacheControl: '' }),
    ];
    expect(shortCached(records)).toBe(4);
  });
});

describe('longTasks', () => {
  const meta = (pid: number, tid: number, name: string) => ({
    name: 'thread_name',
    ph: 'M',
    pid,
    tid,
    ts: 0,
    args: { name },
  });
  const task = (tid: number, ts: number, ms: number, name = 'RunTask') => ({
    name,
    ph: 'X',
    pid: 1,
    tid,
    ts,
    dur: ms * 1000,
  });

  it('sums the main-thread tasks of 50 ms and more, nested ones once, other threads not', () => {
    const trace = {
      traceEvents: [
        meta(1, 10, 'CrRendererMain'),
        meta(1, 11, 'DedicatedWorker thread'),
        task(10, 0, 120),
        task(10, 10_000, 80), // inside the 120 ms task
        task(10, 200_000, 49),
        task(10, 300_000, 50),
        task(11, 0, 500), // a worker's task does not block the page
        { name: 'FunctionCall', ph: 'X', pid: 1, tid: 10, ts: 400_000, dur: 90_000 },
      ],
    };
    expect(longTasks(trace)).toEqual({ count: 2, totalMs: 170, longestMs: 120 });
  });
});

describe('totalBlockingTime', () => {
  it("counts each task's part after its first 50 ms from the first contentful paint on, as Lighthouse does", () => {
    const tasks = [
      { startTime: 100, duration: 300 }, // ends before the paint at 1000: nothing
      { startTime: 900, duration: 200 }, // blocking from 950, counted from 1000 to 1100: 100
      { startTime: 950, duration: 250 }, // blocking from 1000 to 1200: 200
      { startTime: 2000, duration: 120 }, // 70
      { startTime: 3000, duration: 50 }, // exactly 50: nothing
    ];
    expect(totalBlockingTime(tasks, 1000)).toBe(370);
    expect(totalBlockingTime([], 1000)).toBe(0);
  });
});

describe('longestTaskBetween (editor_longest_task_ms)', () => {
  const tasks = [
    { startTime: 100, duration: 300 }, // ends before the click
    { startTime: 950, duration: 120 }, // runs over the click
    { startTime: 1200, duration: 90 },
    { startTime: 1990, duration: 80 }, // starts before the drawing, ends after
    { startTime: 2100, duration: 400 }, // after the drawing
  ];

  it('takes the longest task that ran at any time between the click and the drawn collage', () => {
    expect(longestTaskBetween(tasks, 1000, 2000)).toBe(120);
    expect(longestTaskBetween(tasks, 1100, 2000)).toBe(90);
    expect(longestTaskBetween(tasks, 1100, 1995)).toBe(90);
  });

  it('is 0 when no long task ran in the window', () => {
    expect(longestTaskBetween(tasks, 1300, 1900)).toBe(0);
    expect(longestTaskBetween([], 0, 10_000)).toBe(0);
  });
});
