/**
 * Ordering → print master. When a collage is ordered its print is rendered in the background and
 * the outcome is recorded on the order row: 'printing', then 'ready' with the JPEG under PRINT_DIR
 * as <orderId>.jpg, or 'failed' with the print error code. The save that created the order never
 * waits for it.
 *
 * Two ways to run the prints: on the embedded database they run inside this process (orders wait
 * as rows, localOrderQueue.ts takes PRINT_CONCURRENCY at a time into the PrintQueue's worker
 * threads, and a restart goes on where it stopped); on PostgreSQL each order is a durable job
 * (printJobs.ts) that any pool may take, this process's and `npm run print-worker`'s. Either way
 * an order is never refused for the shop's load: it waits its turn.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Template } from '../../src/model/catalog/types.js';
import type { CatalogService } from '../catalog/catalogService.js';
import type { Db } from '../db/db.js';
import { unfinishedPrintOrders, waitingOrderCount } from '../db/orders.js';
import type { PhotoStore } from '../storage/photoStore.js';
import { LocalOrderQueue } from './localOrderQueue.js';
import { checkOrder, type OrderCheck } from './orderCheck.js';
import { loadTemplateXml, printOrder, type PrintJobDeps } from './printJob.js';
import {
  enqueuePrint,
  pendingPrintJobs,
  startPrintRunner,
  type PrintJobsSettings,
  type PrintRunner,
} from './printJobs.js';
import type { PrintQueue } from './printQueue.js';

export { printFileName } from './printJob.js';

export interface PrintOrdersOptions {
  db: Db;
  queue: PrintQueue;
  catalog: CatalogService;
  photoStore: PhotoStore;
  /** Where the print files go (created when needed). */
  printsDir: string;
  log: FastifyBaseLogger;
  /** Orders of one customer waiting for their print at once; more are refused until some are done. */
  maxPrintingPerCustomer: number;
  /** The embedded database: orders printed at once in this process (PRINT_CONCURRENCY). */
  concurrency: number;
  /** PostgreSQL: prints are durable jobs; absent, they run in this process. */
  jobs?: PrintJobsSettings & {
    /** Whether this process takes print jobs too (PRINT_IN_WEB); print-worker processes always do. */
    runHere: boolean;
    concurrency: number;
  };
}

export type Admission = { ok: true } | { ok: false; count: number };

export class PrintOrders {
  /** The embedded database's queue; null on PostgreSQL (graphile-worker's jobs are the queue). */
  private readonly waiting: LocalOrderQueue | null;
  private runner: PrintRunner | null = null;
  private closing = false;
  readonly deps: PrintJobDeps;

  constructor(private readonly options: PrintOrdersOptions) {
    const { db, catalog, photoStore, printsDir, log, queue } = options;
    this.deps = {
      db,
      catalog,
      photoStore,
      printsDir,
      log,
      render: (input) => queue.submit(input).done,
    };
    this.waiting = options.jobs
      ? null
      : new LocalOrderQueue({
          db,
          concurrency: options.concurrency,
          print: (orderId) => this.printHere(orderId),
          log,
        });
  }

  /**
   * Whether a customer's new order can be taken now: their own orders waiting for their print are
   * under ORDERS_PRINTING_PER_CUSTOMER. An early answer only: the save's statement counts again,
   * exactly (collageSave.ts). Nothing about everyone's orders: they wait in the queue.
   */
  async admit(userId: number): Promise<Admission> {
    const count = await waitingOrderCount(this.options.db, userId);
    return count >= this.options.maxPrintingPerCustomer ? { ok: false, count } : { ok: true };
  }

  /** Whether a stored document can be ordered: read as the print reads it, size, material and layout by the catalog's rules. */
  async check(collageXml: string): Promise<OrderCheck> {
    const { catalog } = this.options;
    const templates = new Map<string, Template>(
      (await catalog.templates()).map((template) => [template.id, template]),
    );
    return checkOrder(collageXml, {
      templateOf: (id) => templates.get(id),
      loadTemplateXml: (file) => loadTemplateXml(catalog, file),
    });
  }

  /**
   * Starts the print of an order: a durable job on PostgreSQL (resolves once it is stored), else its
   * turn in this process's queue. Never rejects: an order whose job could not be stored is still
   * 'new', and the next resume() (any instance's start) queues it.
   */
  async print(orderId: number): Promise<void> {
    const { jobs, db, log } = this.options;
    if (jobs) {
      await enqueuePrint(db, jobs, orderId).catch((error: unknown) =>
        log.error({ err: error, orderId }, 'print: queueing the job failed'),
      );
      return;
    }
    this.waiting?.wake();
  }

  /**
   * An in-process print gets a second attempt when the first failed in a way that may pass (its
   * worker thread died). One cut off by a stop stays 'printing', and the next start resumes it.
   */
  private async printHere(orderId: number): Promise<void> {
    try {
      await printOrder(this.deps, orderId, { lastAttempt: false });
    } catch {
      if (this.closing) return;
      await printOrder(this.deps, orderId, { lastAttempt: true });
    }
  }

  /**
   * At start-up: prints a stopped server left unfinished ('new' or 'printing') start again (on
   * PostgreSQL: are queued, unless their job is still there), and this process starts taking print
   * jobs when it should. Returns the order ids.
   */
  async resume(): Promise<number[]> {
    const orderIds = await unfinishedPrintOrders(this.options.db);
    if (orderIds.length)
      this.options.log.info({ orders: orderIds.length }, 'print: resuming unfinished prints');
    const { jobs } = this.options;
    if (!jobs) {
      this.waiting?.wake();
      return orderIds;
    }
    for (const orderId of orderIds) await this.print(orderId);
    if (jobs.runHere) this.runner = await startPrintRunner({ ...jobs, deps: this.deps });
    return orderIds;
  }

  /**
   * Resolves once every print started so far has its outcome recorded (tests, shutdown): on the
   * embedded database, every waiting order; on PostgreSQL every queued job, whichever pool takes it.
   */
  async idle(): Promise<void> {
    await this.waiting?.idle();
    const { jobs, db } = this.options;
    while (jobs && (await pendingPrintJobs(db, jobs)) > 0)
      await new Promise((resolve) => setTimeout(resolve, 100));
  }

  /**
   * Stops the queue (running prints fail with QUEUE_CLOSED and are tried again: a job by a pool
   * still running, an in-process print at the next start) and waits for them to settle.
   */
  async close(): Promise<void> {
    this.closing = true;
    this.waiting?.close();
    const stopping = this.runner?.stop();
    await this.options.queue.close();
    await stopping;
    await this.waiting?.idle();
  }
}
