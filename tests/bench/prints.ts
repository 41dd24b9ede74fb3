/**
 * `npm run bench:prints` (needs DATABASE_URL): N collages (BENCH_PRINT_ORDERS, default 10) are ordered
 * through the API of a web instance that does not print (PRINT_IN_WEB=false); two `npm run
 * print-worker` processes print them; the one holding a job is killed with SIGKILL while it prints.
 * Its job must be printed by the other, once. The last line:
 * `prints orders=<n> printed=<n> duplicates=<n> lost=<n> killed_workers=<n>`, where duplicates counts
 * 'print ready' beyond one per order and print files that belong to no order, and lost the orders
 * not 'ready' at the end. Writes out/bench/prints.json with the median print time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../server/db/db.js';
import { SESSION_COOKIE } from '../../server/auth/sessions.js';
import {
  orderableCollageXml,
  screenshotFixture,
  seedUser,
  writeTestCatalog,
} from '../../server/test/seed.js';
import { freePort, waitForServer } from './serverBenchParts.js';
import { withPrintMalloc } from '../../server/print/printMalloc';

const ORDERS = Math.max(10, Number(process.env.BENCH_PRINT_ORDERS ?? 10));
const TIMEOUT_MS = 10 * 60_000;
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench:prints needs DATABASE_URL: print jobs live in PostgreSQL');
  process.exit(1);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)]! : null;
};

interface Proc {
  child: ChildProcess;
  output: string;
}

function start(script: string, env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    // started as `npm run serve` and `npm run print-worker` start them
    env: withPrintMalloc({ ...process.env, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const proc: Proc = { child, output: '' };
  child.stdout!.on('data', (chunk: Buffer) => (proc.output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (proc.output += chunk.toString()));
  return proc;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  );

/** A print-worker process that holds a job right now (graphile-worker's lock and the heartbeat table), and that job's order. */
async function printingNow(
  db: Db,
  jobsSchema: string,
): Promise<{ pid: number; orderId: number } | null> {
  const [row] = await db.query<{ pid: number; key: string }>(
    `SELECT w.pid, j.key FROM ${jobsSchema}.jobs j JOIN print_workers w ON w.worker_id = j.locked_by LIMIT 1`,
  );
  return row ? { pid: Number(row.pid), orderId: Number(row.key.replace('order-', '')) } : null;
}

const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-prints-'));
const catalogDir = await writeTestCatalog();
const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
const jobsSchema = `${schema}_jobs`;
const shared = {
  DATABASE_URL: databaseUrl,
  DATABASE_SCHEMA: schema,
  PRINT_JOBS_SCHEMA: jobsSchema,
  CATALOG_DIR: catalogDir,
  PHOTO_DIR: path.join(workDir, 'photos'),
  PRINT_DIR: path.join(workDir, 'prints'),
  LOG_LEVEL: 'info',
};
const db = await openDb({ databaseUrl, schema, poolSize: 2 });
const procs: Proc[] = [];
const started = performance.now();
try {
  const user = await seedUser(db);
  const port = await freePort();
  const web = start('server/main.ts', {
    ...shared,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: path.join(workDir, 'web'),
    STATIC_DIR: path.join(workDir, 'no-spa'),
    PRINT_IN_WEB: 'false',
    ORDERS_PRINTING_PER_CUSTOMER: String(ORDERS),
  });
  procs.push(web);
  const url = `http://127.0.0.1:${port}`;
  await waitForServer(url, web.child);
  const workerEnv = {
    ...shared,
    DATA_DIR: path.join(workDir, 'worker'),
    PRINT_CONCURRENCY: '1',
    PRINT_WORKER_STALE_SECONDS: '3',
  };
  const workers = [
    start('server/printWorkerMain.ts', workerEnv),
    start('server/printWorkerMain.ts', workerEnv),
  ];
  procs.push(...workers);

  const screenshot = await screenshotFixture();
  const orderIds: number[] = [];
  for (let index = 0; index < ORDERS; index++) {
    const body = new URLSearchParams({
      collagexml: orderableCollageXml({ screenshotBase64: screenshot }),
      editor: '2',
      editor_version: '1',
      fororder: 'true',
      templateid: 'alleven',
    });
    const response = await fetch(`${url}/api/save?format=json`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: url,
        cookie: `${SESSION_COOKIE}=${user.sessionId}`,
      },
      body,
    });
    const answer = (await response.json()) as { orderid?: number; error?: string };
    if (!response.ok || !answer.orderid)
      throw new Error(`order ${index} refused: ${response.status} ${JSON.stringify(answer)}`);
    orderIds.push(answer.orderid);
  }
  const ordered = new Set(orderIds);
  if (ordered.size !== ORDERS)
    throw new Error(`expected ${ORDERS} distinct orders, got ${ordered.size}`);

  // Kill the worker that holds a job, at once: its order must still be 'printing' when it dies.
  let killed = 0;
  let killedOrder: { orderId: number; statusAtKill: string } | null = null;
  const deadline = Date.now() + TIMEOUT_MS;
  while (!killed && Date.now() < deadline) {
    const holder = await printingNow(db, jobsSchema);
    const victim = workers.find((worker) => worker.child.pid === holder?.pid);
    if (victim && holder) {
      victim.child.kill('SIGKILL');
      await exited(victim.child);
      killed = 1;
      const [row] = await db.query<{ status: string }>('SELECT status FROM orders WHERE id = $1', [
        holder.orderId,
      ]);
      killedOrder = { orderId: holder.orderId, statusAtKill: row?.status ?? 'missing' };
    } else await pause(20);
  }

  let states: { id: string; status: string }[] = [];
  while (Date.now() < deadline) {
    states = await db.query<{ id: string; status: string }>(
      'SELECT id, status FROM orders WHERE id = ANY($1::bigint[])',
      [orderIds],
    );
    if (states.every((row) => row.status === 'ready' || row.status === 'failed')) break;
    await pause(500);
  }
  const totalS = Math.round((performance.now() - started) / 100) / 10;
  const readyLines = workers.flatMap((worker) =>
    worker.output
      .split('\n')
      .filter((line) => line.includes('"msg":"print ready"'))
      .map((line) => JSON.parse(line) as { orderId: number; ms: number }),
  );
  const readyCount = new Map<number, number>();
  for (const line of readyLines)
    readyCount.set(line.orderId, (readyCount.get(line.orderId) ?? 0) + 1);
  const files = (await fs.readdir(shared.PRINT_DIR).catch(() => [] as string[])).filter(
    (name) => !name.startsWith('.'),
  );
  const strayFiles = files.filter(
    (name) => !ordered.has(Number(name.replace(/\.jpg$/, ''))),
  ).length;
  const printed = states.filter((row) => row.status === 'ready').length;
  const duplicates =
    [...readyCount.values()].reduce((sum, count) => sum + Math.max(0, count - 1), 0) + strayFiles;
  const report = {
    date: new Date().toISOString(),
    machine: { loadAverage: os.loadavg(), cpus: os.cpus().length, node: process.version },
    orders: ORDERS,
    printed,
    duplicates,
    lost: ORDERS - printed,
    killedWorkers: killed,
    killedOrder,
    printFiles: files.length,
    medianPrintMs: median(readyLines.map((line) => line.ms)),
    totalS,
    statuses: Object.fromEntries(states.map((row) => [row.id, row.status])),
  };
  await fs.mkdir(path.resolve('out', 'bench'), { recursive: true });
  await fs.writeFile(path.resolve('out', 'bench', 'prints.json'), JSON.stringify(report, null, 2));
  console.log(`prints: ${JSON.stringify(report)}`);
  console.log(
    `prints orders=${ORDERS} printed=${printed} duplicates=${duplicates} lost=${ORDERS - printed} killed_workers=${killed}`,
  );
} finally {
  for (const proc of procs) {
    proc.child.kill('SIGTERM');
    await exited(proc.child);
  }
  await db.close();
  await fs.rm(workDir, { recursive: true, force: true });
  await fs.rm(catalogDir, { recursive: true, force: true });
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.query(`DROP SCHEMA IF EXISTS ${jobsSchema} CASCADE`);
  await client.end();
}
