/**
 * The print job runner: print masters are rendered in the background in worker threads, one
 * print at a time per core (a print takes seconds of CPU and up to a gigabyte), in the order they
 * were submitted. Workers start on demand and stop after a while idle to give their memory back;
 * a worker that dies fails its job and is replaced for the next.
 *
 * Each print is bounded in time (printBounds.ts): the worker stops its own tiles past the print's
 * budget (PRINT_TIMEOUT). As a backstop, a worker that has not answered by then plus a grace
 * (planning included: the base bound until the worker has told the budget) is terminated, its
 * tile threads with it (a thread's own worker threads end with it), the job fails with
 * PRINT_TIMEOUT, and a new worker takes the next job.
 *
 * The print thread runs its TypeScript bundled (threads/workerBundle.ts), not through tsx: the
 * queue bundles it, and its tile threads' code, before its first worker starts, and hands the
 * print threads the tiles' bundle. A failed bundling fails the jobs waiting for it
 * (WORKER_FAILED) and is tried again for the next job.
 *
 * The lead wires this to ordering (submit when a collage is ordered) and to the cart page's
 * download (status and result by job id).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { bundledWorker, bundlesFor, type WorkerBundles } from '../threads/workerBundle';
import { TILE_TASK_ENTRY } from './printTilePool';
import { DEFAULT_PRINT_BOUNDS, type PrintBounds } from './printBoundsConfig';
import { PrintError, type PrintErrorCode, type PrintInput, type PrintMaster } from './printMaster';
import type { PrintReply, PrintRequest } from './printWorker';

export type PrintJobState = 'queued' | 'running' | 'done' | 'failed';

export interface PrintJobStatus {
  id: string;
  state: PrintJobState;
  error?: { code: string; message: string };
  result?: PrintMaster;
}

export interface PrintQueueOptions {
  /** Prints at once; default one per core. */
  concurrency?: number;
  /** A worker idle this long stops (default 60 s). */
  idleMs?: number;
  /** Finished jobs kept for status() (default 100, oldest forgotten first). */
  keepFinished?: number;
  /** Each print's bounds in time and memory (default DEFAULT_PRINT_BOUNDS). */
  bounds?: PrintBounds;
  /** How long past a print's budget its worker is terminated (default 30 s). */
  graceMs?: number;
  /** The worker's TypeScript module (tests); default printWorker.ts. */
  workerEntry?: URL;
}

interface Job {
  id: string;
  input: PrintInput;
  status: PrintJobStatus;
  resolve(master: PrintMaster): void;
  reject(error: Error): void;
  /** When its worker took it (performance.now()). */
  startedAt: number;
}

interface Runner {
  worker: Worker;
  job: Job | null;
  idleTimer: ReturnType<typeof setTimeout> | null;
  /** The backstop of the running job's time bound. */
  deadline: ReturnType<typeof setTimeout> | null;
}

const WORKER_ENTRY = new URL('./printWorker.ts', import.meta.url);

export class PrintQueue {
  private readonly queue: Job[] = [];
  private readonly runners: Runner[] = [];
  private readonly jobs = new Map<string, Job>();
  private readonly finished: string[] = [];
  private readonly concurrency: number;
  private readonly idleMs: number;
  private readonly keepFinished: number;
  private readonly graceMs: number;
  private readonly workerEntry: URL;
  /** The worker's bundle and the bundles it is handed, once made; null while being made or before. */
  private workerFile: URL | null = null;
  private workerBundles: WorkerBundles = {};
  private bundling = false;
  /** The bounds every print from now on runs under (a test may change them between prints). */
  bounds: PrintBounds;
  private nextId = 1;
  private closed = false;

  constructor(options: PrintQueueOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? availableParallelism());
    this.idleMs = options.idleMs ?? 60_000;
    this.keepFinished = options.keepFinished ?? 100;
    this.bounds = options.bounds ?? DEFAULT_PRINT_BOUNDS;
    this.graceMs = options.graceMs ?? 30_000;
    this.workerEntry = options.workerEntry ?? WORKER_ENTRY;
    // ready before the first order comes (a failure here is tried again for the first job)
    void this.bundleWorker();
  }

  /** Queues a print; `done` settles with the master or a PrintError. */
  submit(input: PrintInput): { id: string; done: Promise<PrintMaster> } {
    if (this.closed) throw new Error('The print queue is closed');
    const id = `print-${this.nextId++}`;
    let job!: Job;
    const done = new Promise<PrintMaster>((resolve, reject) => {
      job = { id, input, status: { id, state: 'queued' }, resolve, reject, startedAt: 0 };
    });
    // A job nobody awaits must not become an unhandled rejection: its failure is in status().
    done.catch(() => undefined);
    this.jobs.set(id, job);
    this.queue.push(job);
    this.dispatch();
    return { id, done };
  }

  status(id: string): PrintJobStatus | undefined {
    return this.jobs.get(id)?.status;
  }

  get workerCount(): number {
    return this.runners.length;
  }

  /** Stops every worker; queued and running jobs fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0))
      this.finish(job, new PrintError('QUEUE_CLOSED', 'The print queue was closed'));
    await Promise.all(
      this.runners
        .splice(0)
        .map((runner) => this.stop(runner, new Error('The print queue was closed'))),
    );
  }

  private dispatch(): void {
    if (this.queue.length > 0 && !this.workerFile) {
      void this.bundleWorker();
      return;
    }
    while (this.queue.length > 0) {
      let runner = this.runners.find((r) => r.job === null);
      if (!runner && this.runners.length < this.concurrency) runner = this.start();
      if (!runner) return;
      const job = this.queue.shift()!;
      if (runner.idleTimer) clearTimeout(runner.idleTimer);
      runner.idleTimer = null;
      runner.job = job;
      job.status = { id: job.id, state: 'running' };
      job.startedAt = performance.now();
      // until the worker has planned the print and told its budget: the base bound
      this.setDeadline(runner, job, this.bounds.baseMs);
      const request: PrintRequest = { id: job.id, input: job.input, bounds: this.bounds };
      runner.worker.postMessage(request);
    }
  }

  /** Makes the worker's bundle, then dispatches; a failure fails the jobs waiting for a worker. */
  private async bundleWorker(): Promise<void> {
    if (this.bundling) return;
    this.bundling = true;
    try {
      const [file, bundles] = await Promise.all([
        bundledWorker(this.workerEntry),
        bundlesFor([TILE_TASK_ENTRY]),
      ]);
      this.workerBundles = bundles;
      this.workerFile = new URL(file);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      for (const job of this.queue.splice(0))
        this.finish(job, new PrintError('WORKER_FAILED', `The print worker failed: ${message}`));
    } finally {
      this.bundling = false;
    }
    if (!this.closed) this.dispatch();
  }

  private start(): Runner {
    const worker = new Worker(this.workerFile!, {
      name: 'print-worker',
      workerData: { workerBundles: this.workerBundles },
    });
    const runner: Runner = { worker, job: null, idleTimer: null, deadline: null };
    worker.on('message', (reply: PrintReply) => this.onReply(runner, reply));
    worker.on('error', (error) => void this.onCrash(runner, error));
    worker.on('exit', (code) => {
      if (this.runners.includes(runner))
        void this.onCrash(runner, new Error(`Print worker stopped (exit code ${code})`));
    });
    this.runners.push(runner);
    return runner;
  }

  /** Terminates the runner's worker if `job` is still running `budgetMs` (plus the grace) after it started. */
  private setDeadline(runner: Runner, job: Job, budgetMs: number): void {
    if (runner.deadline) clearTimeout(runner.deadline);
    const left = job.startedAt + budgetMs + this.graceMs - performance.now();
    runner.deadline = setTimeout(() => void this.timeOut(runner, job, budgetMs), left);
    runner.deadline.unref?.();
  }

  private async timeOut(runner: Runner, job: Job, budgetMs: number): Promise<void> {
    if (runner.job !== job) return;
    const index = this.runners.indexOf(runner);
    if (index >= 0) this.runners.splice(index, 1);
    runner.job = null;
    this.finish(
      job,
      new PrintError(
        'PRINT_TIMEOUT',
        `The print worker did not finish within the print's bound of ${budgetMs} ms and was stopped`,
      ),
    );
    await this.stop(runner, null);
    this.dispatch();
  }

  private onReply(runner: Runner, reply: PrintReply): void {
    const job = runner.job;
    if (!job || job.id !== reply.id) return;
    if (!('ok' in reply)) {
      this.setDeadline(runner, job, reply.budgetMs);
      return;
    }
    if (runner.deadline) clearTimeout(runner.deadline);
    runner.deadline = null;
    runner.job = null;
    if (reply.ok)
      this.finish(job, null, {
        jpegParts: reply.jpegParts,
        widthPx: reply.widthPx,
        heightPx: reply.heightPx,
        dpi: reply.dpi,
      });
    else this.finish(job, new PrintError(reply.code as PrintErrorCode, reply.message));
    runner.idleTimer = setTimeout(() => void this.retire(runner), this.idleMs);
    runner.idleTimer.unref?.();
    this.dispatch();
  }

  private async onCrash(runner: Runner, error: Error): Promise<void> {
    const index = this.runners.indexOf(runner);
    if (index < 0) return;
    this.runners.splice(index, 1);
    if (runner.job)
      this.finish(
        runner.job,
        new PrintError('WORKER_FAILED', `The print worker failed: ${error.message}`),
      );
    runner.job = null;
    await this.stop(runner, error);
    this.dispatch();
  }

  private async retire(runner: Runner): Promise<void> {
    if (runner.job) return;
    const index = this.runners.indexOf(runner);
    if (index >= 0) this.runners.splice(index, 1);
    await this.stop(runner, null);
  }

  private async stop(runner: Runner, error: Error | null): Promise<void> {
    if (runner.idleTimer) clearTimeout(runner.idleTimer);
    if (runner.deadline) clearTimeout(runner.deadline);
    if (runner.job && error) this.finish(runner.job, new PrintError('QUEUE_CLOSED', error.message));
    runner.job = null;
    await runner.worker.terminate();
  }

  private finish(job: Job, error: Error | null, result?: PrintMaster): void {
    if (job.status.state === 'done' || job.status.state === 'failed') return;
    if (error) {
      job.status = {
        id: job.id,
        state: 'failed',
        error: {
          code: error instanceof PrintError ? error.code : 'FAILED',
          message: error.message,
        },
      };
      job.reject(error);
    } else {
      job.status = { id: job.id, state: 'done', result };
      job.resolve(result!);
    }
    this.finished.push(job.id);
    while (this.finished.length > this.keepFinished) this.jobs.delete(this.finished.shift()!);
  }
}
