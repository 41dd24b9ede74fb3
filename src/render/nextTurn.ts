/**
 * Gives the thread back to the browser for one turn: what waits (a tap, a frame) runs, then the
 * caller goes on. For work that would otherwise be one long task on a phone (the page's font
 * registration). scheduler.yield (Chromium 129+) lets the caller go on before other queued work;
 * elsewhere a MessageChannel message, which, unlike setTimeout, no background tab slows to 1 s.
 */
interface YieldingScheduler {
  yield(): Promise<void>;
}

export function nextTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Partial<YieldingScheduler> }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Runs work written as a generator, giving the thread back (`turn`) at each of its `yield`s: a
 * task a step rather than one long one, for work whose steps a caller elsewhere runs at once.
 */
export async function runInTurns<T>(
  steps: Generator<void, T, void>,
  turn: () => Promise<void> = nextTurn,
): Promise<T> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await turn();
  }
}
