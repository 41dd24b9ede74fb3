/**
 * A few slots (the decode threads) shared fairly by many customers (issue 26: one customer's slow
 * uploads held the only decode thread and everyone's next upload waited behind all of them). A
 * free slot goes to the waiting customer with the fewest slots in use, then to the one whose last
 * turn began longest ago (never beats any), then to the one who came first; within one customer
 * their own entries keep their order. A customer may keep at most `perCustomer` entries waiting and
 * the shop `total`; past either an entry is refused at once, so one customer fills only their share.
 */
export interface FairQueueLimits {
  slots: number;
  total: number;
  perCustomer: number;
}

/** Gives the slot back; safe to call twice. */
export type Release = () => void;

export class FairQueue {
  private inUse = 0;
  private readonly inUseBy = new Map<string, number>();
  /** When each customer's latest turn began (a counter), while they have anything in use or waiting. */
  private readonly lastTurn = new Map<string, number>();
  private turns = 0;
  /** Each customer's waiting entries, oldest first; a Map keeps the customers in order of arrival. */
  private readonly lines = new Map<string, (() => void)[]>();
  private waitingCount = 0;

  constructor(private readonly limits: FairQueueLimits) {}

  get waiting(): number {
    return this.waitingCount;
  }

  get running(): number {
    return this.inUse;
  }

  waitingOf(customer: string): number {
    return this.lines.get(customer)?.length ?? 0;
  }

  /** A slot for the customer: at once when one is free and nobody waits, else in their turn; null when they may not wait. */
  async acquire(customer: string): Promise<Release | null> {
    if (this.inUse < this.limits.slots && this.waitingCount === 0) {
      this.begin(customer);
      return this.releaseOf(customer);
    }
    const line = this.lines.get(customer);
    if (this.waitingCount >= this.limits.total || (line?.length ?? 0) >= this.limits.perCustomer)
      return null;
    await new Promise<void>((resolve) => {
      if (line) line.push(resolve);
      else this.lines.set(customer, [resolve]);
      this.waitingCount++;
      if (!this.lastTurn.has(customer)) this.lastTurn.set(customer, 0);
    });
    return this.releaseOf(customer);
  }

  private begin(customer: string): void {
    this.inUse++;
    this.inUseBy.set(customer, (this.inUseBy.get(customer) ?? 0) + 1);
    this.lastTurn.set(customer, ++this.turns);
  }

  private releaseOf(customer: string): Release {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inUse--;
      const left = this.inUseBy.get(customer)! - 1;
      if (left > 0) this.inUseBy.set(customer, left);
      else {
        this.inUseBy.delete(customer);
        if (!this.lines.has(customer)) this.lastTurn.delete(customer);
      }
      this.serveWaiting();
    };
  }

  private serveWaiting(): void {
    while (this.inUse < this.limits.slots && this.waitingCount > 0) {
      const customer = this.nextCustomer();
      const line = this.lines.get(customer)!;
      const resolve = line.shift()!;
      if (line.length === 0) this.lines.delete(customer);
      this.waitingCount--;
      this.begin(customer);
      resolve();
    }
  }

  private nextCustomer(): string {
    let best: string | null = null;
    for (const customer of this.lines.keys()) {
      if (best === null || this.before(customer, best)) best = customer;
    }
    return best!;
  }

  private before(a: string, b: string): boolean {
    const inUse = (this.inUseBy.get(a) ?? 0) - (this.inUseBy.get(b) ?? 0);
    if (inUse !== 0) return inUse < 0;
    return this.lastTurn.get(a)! < this.lastTurn.get(b)!;
  }
}

/** One customer's share of the decode waiting room: a quarter of it, at least one. */
export function perCustomerShare(total: number): number {
  return Math.max(1, Math.ceil(total / 4));
}
