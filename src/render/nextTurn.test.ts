import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTurn, runInTurns } from './nextTurn';

/** Queues a task (a message, as the browser's would be) that writes 'queued task' to the log when it runs. */
function queueTask(log: string[]): void {
  const queued = new MessageChannel();
  queued.port1.onmessage = () => {
    log.push('queued task');
    queued.port1.close();
  };
  queued.port2.postMessage(null);
}

describe('nextTurn', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lets a task queued before it run first, where there is no scheduler.yield', async () => {
    const order: string[] = [];
    queueTask(order);
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

describe('runInTurns', () => {
  function* threeSteps(log: string[]): Generator<void, string, void> {
    log.push('step 1');
    yield;
    log.push('step 2');
    yield;
    log.push('step 3');
    return 'built';
  }

  it('gives the thread back between the steps, not before the first or after the last', async () => {
    const log: string[] = [];
    const turn = vi.fn(async () => void log.push('turn'));
    await expect(runInTurns(threeSteps(log), turn)).resolves.toBe('built');
    expect(log).toEqual(['step 1', 'turn', 'step 2', 'turn', 'step 3']);
  });

  it('lets a task queued meanwhile run between two steps', async () => {
    const log: string[] = [];
    queueTask(log);
    await runInTurns(threeSteps(log));
    expect(log.indexOf('queued task')).toBeGreaterThan(log.indexOf('step 1'));
    expect(log.indexOf('queued task')).toBeLessThan(log.indexOf('step 3'));
  });

  it('passes on an error a step throws', async () => {
    function* failing(): Generator<void, never, void> {
      yield;
      throw new Error('store failed');
    }
    await expect(runInTurns(failing(), async () => {})).rejects.toThrow('store failed');
  });
});
