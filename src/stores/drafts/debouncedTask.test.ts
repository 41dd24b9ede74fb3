import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DebouncedTask } from './debouncedTask';

describe('DebouncedTask', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function counting(runMs = 0) {
    const runs: number[] = [];
    let running = 0;
    let most = 0;
    const task = new DebouncedTask(
      async () => {
        running += 1;
        most = Math.max(most, running);
        runs.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, runMs));
        running -= 1;
      },
      500,
      5000,
    );
    return { task, runs, most: () => most };
  }

  it('runs once, 500 ms after the last request', async () => {
    const { task, runs } = counting();
    const start = Date.now();
    for (let i = 0; i < 4; i++) {
      task.request();
      await vi.advanceTimersByTimeAsync(400);
    }
    expect(runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([start + 1700]);
  });

  it('runs at least every 5 s while requests keep coming', async () => {
    const { task, runs } = counting();
    const start = Date.now();
    for (let i = 0; i < 30; i++) {
      task.request();
      await vi.advanceTimersByTimeAsync(300);
    }
    expect(runs).toEqual([start + 5000]);
    await vi.advanceTimersByTimeAsync(500);
    expect(runs).toEqual([start + 5000, start + 8700 + 500]);
  });

  it('never runs twice at once: a request during a run makes one more run after it', async () => {
    const { task, runs, most } = counting(1000);
    void task.runNow();
    void task.runNow();
    void task.runNow();
    await vi.advanceTimersByTimeAsync(3000);
    expect(runs).toHaveLength(2);
    expect(most()).toBe(1);
  });
});
