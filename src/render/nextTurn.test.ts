import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTurn } from './nextTurn';

describe('nextTurn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets a task queued before it run first, where there is no scheduler.yield', async () => {
    const order: string[] = [];
    const queued = new MessageChannel();
    queued.port1.onmessage = () => {
      order.push('queued task');
      queued.port1.close();
    };
    queued.port2.postMessage(null);
    await Promise.resolve();
    order.push('microtask');
    await nextTurn();
    order.push('after the turn');
    expect(order).toEqual(['microtask', 'queued task', 'after the turn']);
  });

  it("uses the browser's scheduler.yield where it has one", async () => {
    const yielded = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yielded });
    await nextTurn();
    expect(yielded).toHaveBeenCalledTimes(1);
  });
});
