/**
 * The print queue of the embedded database (issue 26 item 5). Orders wait as their rows ('new', or
 * 'printing' when a stopped server left them), durable across restarts, however many there are; at
 * most `concurrency` are printed at a time, so only those hold their photos in memory (before, each
 * order started at once and waited in the render queue with its originals read, which is why a cap
 * on everyone's orders refused customers). The next order is taken when a print ends, fairly:
 * every customer's first waiting order before anyone's second (nextWaitingOrder).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.js';
import { nextWaitingOrder } from '../db/orders.js';

export interface LocalOrderQueueOptions {
  db: Queryable;
  /** Orders printed at once (PRINT_CONCURRENCY). */
  concurrency: number;
  /** Prints one order and records its outcome; rejects only when the outcome could not be recorded. */
  print(orderId: number): Promise<void>;
  log: FastifyBaseLogger;
}

export class LocalOrderQueue {
  private readonly printing = new Map<number, Promise<void>>();
  /** Orders whose outcome could not be recorded: left alone until the next start. */
  private readonly givenUp = new Set<number>();
  private filling: Promise<void> | null = null;
  private wokenWhileFilling = false;
  private closed = false;

  constructor(private readonly options: LocalOrderQueueOptions) {}

  /** An order was stored, a print ended, or the server started: take waiting orders while there is room. */
  wake(): void {
    if (this.closed) return;
    if (this.filling) {
      this.wokenWhileFilling = true;
      return;
    }
    this.filling = this.fill()
      .catch((error: unknown) =>
        this.options.log.error({ err: error }, 'print queue: reading the waiting orders failed'),
      )
      .finally(() => {
        this.filling = null;
        if (this.wokenWhileFilling) {
          this.wokenWhileFilling = false;
          this.wake();
        }
      });
  }

  private async fill(): Promise<void> {
    const { db, concurrency, print, log } = this.options;
    while (!this.closed && this.printing.size < concurrency) {
      const orderId = await nextWaitingOrder(db, [...this.printing.keys(), ...this.givenUp]);
      if (orderId === null || this.closed) return;
      const run = print(orderId)
        .catch((error: unknown) => {
          log.error({ err: error, orderId }, 'print: recording the outcome failed');
          this.givenUp.add(orderId);
        })
        .finally(() => {
          this.printing.delete(orderId);
          this.wake();
        });
      this.printing.set(orderId, run);
    }
  }

  /** Resolves once no waiting order is being taken and none is printing (tests, shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      if (this.filling) await this.filling;
      else if (this.printing.size > 0) await Promise.allSettled([...this.printing.values()]);
      else return;
    }
  }

  /** Takes no more orders; idle() then waits for those printing (a print stopped with the server stays 'printing' for the next start). */
  close(): void {
    this.closed = true;
  }
}
