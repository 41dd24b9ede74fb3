import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FairQueue, perCustomerShare, type Release } from './fairQueue.js';

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** Acquires and records when each grant came, by a label. */
function track(queue: FairQueue, granted: string[]) {
  const held = new Map<string, Release>();
  const refused: string[] = [];
  const ask = (customer: string, label: string) =>
    void queue.acquire(customer).then((release) => {
      if (!release) return refused.push(label);
      granted.push(label);
      held.set(label, release);
    });
  return { ask, held, refused };
}

describe('fair decode queue', () => {
  it("serves a newcomer before the second of one customer's many", async () => {
    const queue = new FairQueue({ slots: 1, total: 16, perCustomer: 4 });
    const granted: string[] = [];
    const { ask, held } = track(queue, granted);
    for (let k = 1; k <= 5; k++) ask('a', `a${k}`);
    await flush();
    ask('b', 'b1');
    await flush();
    expect(granted).toEqual(['a1']);
    expect({ running: queue.running, waiting: queue.waiting }).toEqual({ running: 1, waiting: 5 });
    for (const label of ['a1', 'b1', 'a2', 'a3', 'a4']) {
      held.get(label)!();
      await flush();
    }
    expect(granted).toEqual(['a1', 'b1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('takes turns between customers who both wait, oldest turn first', async () => {
    const queue = new FairQueue({ slots: 1, total: 16, perCustomer: 4 });
    const granted: string[] = [];
    const { ask, held } = track(queue, granted);
    ask('a', 'a1');
    await flush();
    for (const label of ['a2', 'a3', 'b1', 'b2', 'c1']) ask(label[0]!, label);
    await flush();
    while (granted.length < 6) {
      held.get(granted.at(-1)!)!();
      await flush();
    }
    expect(granted).toEqual(['a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it("refuses past a customer's share and past the shop's waiting room, but not the next customer", async () => {
    const queue = new FairQueue({ slots: 1, total: 6, perCustomer: perCustomerShare(6) });
    expect(perCustomerShare(6)).toBe(2);
    const granted: string[] = [];
    const { ask, refused } = track(queue, granted);
    for (let k = 1; k <= 4; k++) ask('a', `a${k}`);
    for (let k = 1; k <= 3; k++) ask('b', `b${k}`);
    for (let k = 1; k <= 3; k++) ask('c', `c${k}`);
    ask('d', 'd1');
    await flush();
    expect(refused).toEqual(['a4', 'b3', 'c3', 'd1']);
    expect(queue.waiting).toBe(6);
  });

  it('gives a share of at least one', () => {
    expect([1, 2, 4, 5, 16].map(perCustomerShare)).toEqual([1, 1, 1, 2, 4]);
  });
});

const steps = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('ask' as const), customer: fc.nat(3) }),
    fc.record({ kind: fc.constant('release' as const), pick: fc.nat() }),
  ),
  { maxLength: 60 },
);

describe('properties', () => {
  it('never more in use than the slots, never more waiting than allowed, each customer in order, and a free slot always to a waiting customer holding the fewest', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 8 }),
        steps,
        async (slots, total, script) => {
          const perCustomer = perCustomerShare(total);
          const queue = new FairQueue({ slots, total, perCustomer });
          const inUse = new Map<number, number>();
          const waiting = new Map<number, number[]>();
          const held: { customer: number; release: Release }[] = [];
          let asked = 0;
          const served: [number, number][] = [];
          for (const step of script) {
            if (step.kind === 'ask') {
              const label = asked++;
              const line = waiting.get(step.customer) ?? [];
              const waitingNow = [...waiting.values()].reduce((sum, l) => sum + l.length, 0);
              const freeNow = held.length < slots && waitingNow === 0;
              const mayWait = waitingNow < total && line.length < perCustomer;
              void queue.acquire(step.customer.toString()).then((release) => {
                if (!release) return;
                // the customer's waiting entries are served oldest first
                const own = waiting.get(step.customer) ?? [];
                if (own.includes(label)) expect(own.shift()).toBe(label);
                served.push([step.customer, label]);
                held.push({ customer: step.customer, release });
                inUse.set(step.customer, (inUse.get(step.customer) ?? 0) + 1);
              });
              if (!freeNow && mayWait) waiting.set(step.customer, [...line, label]);
              await flush();
              if (!freeNow && !mayWait) expect(served.some(([, l]) => l === label)).toBe(false);
            } else if (held.length > 0) {
              const [gone] = held.splice(step.pick % held.length, 1);
              inUse.set(gone!.customer, inUse.get(gone!.customer)! - 1);
              const fewest = Math.min(
                ...[...waiting.entries()]
                  .filter(([, l]) => l.length > 0)
                  .map(([c]) => inUse.get(c) ?? 0),
              );
              const before = served.length;
              gone!.release();
              await flush();
              for (const [customer] of served.slice(before)) {
                expect(inUse.get(customer)! - 1).toBeLessThanOrEqual(fewest);
              }
            }
            expect(queue.running).toBe(held.length);
            expect(queue.running).toBeLessThanOrEqual(slots);
            expect(queue.waiting).toBeLessThanOrEqual(total);
            for (const [customer, line] of waiting) {
              expect(queue.waitingOf(customer.toString())).toBe(line.length);
              expect(line.length).toBeLessThanOrEqual(perCustomer);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
