import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HistoryStore } from './HistoryStore';

function history(options: { limit?: number } = {}) {
  const clock = { now: 0 };
  const store = new HistoryStore<number>({ ...options, coalesceMs: 1000, now: () => clock.now });
  store.reset(0);
  return { store, clock };
}

describe('HistoryStore', () => {
  it('walks back and forth through ten steps', () => {
    const { store, clock } = history();
    for (let step = 1; step <= 10; step++) {
      clock.now += 5000;
      store.record(step);
    }
    for (let step = 9; step >= 0; step--) expect(store.undo()).toBe(step);
    expect(store.canUndo).toBe(false);
    expect(store.undo()).toBeUndefined();
    for (let step = 1; step <= 10; step++) expect(store.redo()).toBe(step);
    expect(store.canRedo).toBe(false);
  });

  it('drops the redo steps when a new edit follows an undo', () => {
    const { store } = history();
    store.record(1);
    store.record(2);
    store.undo();
    store.record(3);
    expect(store.canRedo).toBe(false);
    expect(store.undo()).toBe(1);
  });

  it('merges a burst with the same key into one step, until sealed or paused', () => {
    const { store, clock } = history();
    store.record(1, 'text:txt1');
    clock.now += 300;
    store.record(2, 'text:txt1');
    clock.now += 300;
    store.record(3, 'text:txt1');
    expect(store.past).toEqual([0]);
    clock.now += 2000;
    store.record(4, 'text:txt1');
    expect(store.past).toEqual([0, 3]);
    store.seal();
    store.record(5, 'text:txt1');
    store.record(6, 'pan:img1');
    expect(store.past).toEqual([0, 3, 4, 5]);
  });

  it('keeps at most its limit of steps', () => {
    const { store } = history({ limit: 100 });
    for (let step = 1; step <= 150; step++) store.record(step);
    expect(store.past).toHaveLength(100);
    expect(store.past[0]).toBe(50);
  });

  it('undo after any sequence returns the states in reverse order (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { minLength: 1, maxLength: 30 }), (values) => {
        const { store, clock } = history();
        for (const value of values) {
          clock.now += 5000;
          store.record(value);
        }
        const seen: number[] = [];
        for (let undone = store.undo(); undone !== undefined; undone = store.undo())
          seen.push(undone);
        expect(seen).toEqual([0, ...values.slice(0, -1)].reverse());
      }),
    );
  });
});
