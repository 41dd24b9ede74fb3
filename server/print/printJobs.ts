/**
 * Prints as durable jobs in PostgreSQL, through graphile-worker (maintained, on PostgreSQL, runs on
 * Node 20 in its 0.17 line; 0.18 wants Node 22). An order becomes a job keyed by the order
 * ('order-<id>'), so enqueueing it twice (a restart's resume, two instances) makes one job. Any
 * number of pools take jobs (the web process unless PRINT_IN_WEB=false, and `npm run print-worker`
 * processes): graphile-worker's SELECT … FOR UPDATE SKIP LOCKED gives each job to one of them at a
 * time; a thrown attempt is retried with its exponential backoff (e^attempt seconds).
 *
 * graphile-worker hands a job locked by a dead process to another only after 4 hours. So every pool
 * says it is alive in print_workers (a heartbeat), and each one unlocks the jobs of workers that have
 * been quiet longer than the stale time; the job then runs again as its next attempt.
 */
import os from 'node:os';
import { EventEmitter } from 'node:events';
import {
  run,
  runMigrations,
  Logger,
  type LogLevel,
  type Runner,
  type WorkerEvents,
} from 'graphile-worker';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db.js';
import { markOrderFailed } from '../db/orders.js';
import { printOrder, type PrintJobDeps } from './printJob.js';

export const PRINT_TASK = 'print_order';

export interface PrintJobsSettings {
  databaseUrl: string;
  /** graphile-worker's own schema (its tables and functions). */
  jobsSchema: string;
  /** Attempts of one print before it is recorded as failed. */
  maxAttempts: number;
  /** A worker silent this long is taken for dead and its job goes to another. */
  staleMs: number;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]*$/;

function quoted(schema: string): string {
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Bad jobs schema name ${schema}`);
  return `"${schema}"`;
}

/** Creates or upgrades graphile-worker's schema (it locks against concurrent migrations itself). */
export async function migratePrintJobs(settings: PrintJobsSettings): Promise<void> {
  await runMigrations({
    connectionString: settings.databaseUrl,
    schema: settings.jobsSchema,
    logger: quietLogger(null),
  });
}

/**
 * A job's priority (graphile-worker runs the lowest first, then the oldest) is its order's turn: how
 * many of the same customer's orders waited before it. So every customer's first waiting order
 * prints before anyone's second, and one customer's orders never hold up everyone else's.
 */
const ORDER_TURN = `SELECT print_turn FROM orders WHERE id = $2::bigint`;

/** Queues the print of an order; a job that exists for it already (waiting, retrying or running) stays the only one. */
export async function enqueuePrint(
  db: Db,
  settings: PrintJobsSettings,
  orderId: number,
): Promise<void> {
  await db.query(
    `SELECT 1 FROM ${quoted(settings.jobsSchema)}.add_job($1, json_build_object('orderId', $2::bigint), max_attempts := $3::int, job_key := $4, job_key_mode := 'unsafe_dedupe',
       priority := (${ORDER_TURN}))`,
    [PRINT_TASK, orderId, settings.maxAttempts, `order-${orderId}`],
  );
}

/** Print jobs still to run or running (a job whose attempts are spent is not counted: it is done with). */
export async function pendingPrintJobs(db: Db, settings: PrintJobsSettings): Promise<number> {
  const [row] = await db.query<{ pending: string | number }>(
    `SELECT count(*) AS pending FROM ${quoted(settings.jobsSchema)}.jobs WHERE task_identifier = $1 AND attempts < max_attempts`,
    [PRINT_TASK],
  );
  return Number(row?.pending ?? 0);
}

/** graphile-worker's log lines into the server's log; its routine chatter only at debug. */
function quietLogger(log: FastifyBaseLogger | null): Logger {
  return new Logger((scope) => (level: LogLevel, message: string) => {
    if (!log) return;
    const fields = { jobsWorker: scope.workerId, jobId: scope.jobId };
    if (level === 'error') log.error(fields, message);
    else if (level === 'warning') log.warn(fields, message);
    else log.debug(fields, message);
  });
}

export interface PrintRunner {
  /** The id of this pool as graphile-worker writes it in the jobs' locked_by (a pool locks for its workers). */
  readonly workerIds: ReadonlySet<string>;
  /** One round of the heartbeat and the rescue of dead workers' jobs (runs on a timer too). */
  sweep(): Promise<void>;
  /** Stops taking jobs, waits for the running ones, and leaves print_workers. */
  stop(): Promise<void>;
}

export interface PrintRunnerOptions extends PrintJobsSettings {
  deps: PrintJobDeps;
  /** Prints at once in this pool. */
  concurrency: number;
}

/** A pool that takes print jobs; the heartbeat and the rescue run every sixth of the stale time. */
export async function startPrintRunner(options: PrintRunnerOptions): Promise<PrintRunner> {
  const { deps, jobsSchema } = options;
  const workerIds = new Set<string>();
  // Listening before run(): its pool is created (and may take a job) before it returns.
  const events: WorkerEvents = new EventEmitter();
  events.on('pool:create', ({ workerPool }) => workerIds.add(workerPool.id));
  const runner: Runner = await run({
    events,
    connectionString: options.databaseUrl,
    schema: jobsSchema,
    concurrency: options.concurrency,
    noHandleSignals: true,
    pollInterval: 1000,
    logger: quietLogger(deps.log),
    taskList: {
      [PRINT_TASK]: async (payload, helpers) => {
        const orderId = Number((payload as { orderId?: unknown }).orderId);
        if (!Number.isSafeInteger(orderId))
          throw new Error(`print job ${helpers.job.id} has no order id`);
        await printOrder(deps, orderId, {
          lastAttempt: helpers.job.attempts >= helpers.job.max_attempts,
        });
      },
    },
  });
  let stopped = false;
  runner.promise.then(
    () => (stopped = true),
    (error: unknown) => {
      stopped = true;
      deps.log.error({ err: error }, 'print jobs: the pool stopped');
    },
  );

  let sweeping: Promise<void> | null = null;
  const sweep = () => {
    sweeping ??= sweepOnce(deps.db, options, workerIds)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'print jobs: heartbeat failed'))
      .finally(() => (sweeping = null));
    return sweeping;
  };
  await sweep();
  const timer = setInterval(() => void sweep(), Math.max(100, Math.round(options.staleMs / 6)));
  timer.unref();
  return {
    workerIds,
    sweep,
    stop: async () => {
      clearInterval(timer);
      await sweeping;
      const ids = [...workerIds];
      if (!stopped) await runner.stop();
      await deps.db
        .query('DELETE FROM print_workers WHERE worker_id = ANY($1::text[])', [ids])
        .catch(() => undefined);
    },
  };
}

/**
 * The heartbeat of this pool's workers, then the rescue: jobs locked longer than the stale time by a
 * worker not heard of for as long are unlocked (graphile-worker's force_unlock_workers) and run again;
 * a print job that used its last attempt in a killed worker is recorded as failed (WORKER_FAILED) and
 * removed. The lock's age matters too: a worker that took a job a moment ago may not have said it is
 * alive yet.
 */
async function sweepOnce(
  db: Db,
  settings: PrintJobsSettings,
  workerIds: ReadonlySet<string>,
): Promise<void> {
  const schema = quoted(settings.jobsSchema);
  if (workerIds.size) {
    await db.query(
      `INSERT INTO print_workers (worker_id, pid, host) SELECT unnest($1::text[]), $2, $3
       ON CONFLICT (worker_id) DO UPDATE SET seen_at = now()`,
      [[...workerIds], process.pid, os.hostname()],
    );
  }
  const stale = await db.query<{ locked_by: string }>(
    `SELECT DISTINCT j.locked_by FROM ${schema}.jobs j
     WHERE j.locked_by IS NOT NULL AND j.locked_at < now() - $1::int * interval '1 millisecond'
       AND NOT EXISTS (SELECT 1 FROM print_workers w WHERE w.worker_id = j.locked_by AND w.seen_at > now() - $1::int * interval '1 millisecond')`,
    [settings.staleMs],
  );
  const dead = stale.map((row) => row.locked_by).filter((id) => !workerIds.has(id));
  if (dead.length) {
    await db.query(`SELECT ${schema}.force_unlock_workers($1::text[])`, [dead]);
    await db.query('DELETE FROM print_workers WHERE worker_id = ANY($1::text[])', [dead]);
  }
  const spent = await db.query<{ id: string; key: string }>(
    `SELECT id, key FROM ${schema}.jobs WHERE task_identifier = $1 AND locked_by IS NULL AND attempts >= max_attempts AND key LIKE 'order-%'`,
    [PRINT_TASK],
  );
  for (const job of spent) {
    await markOrderFailed(db, Number(job.key.slice('order-'.length)), 'WORKER_FAILED');
    await db.query(`SELECT ${schema}.complete_jobs($1::bigint[])`, [[job.id]]);
  }
  // Workers that stopped without leaving (killed) and were never rescued: forget them after a day.
  await db.query("DELETE FROM print_workers WHERE seen_at < now() - interval '1 day'");
}
