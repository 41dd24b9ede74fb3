/**
 * Prints as jobs that may run more than once: each order ends with one print file and one 'ready'
 * whatever happens to the workers. The render is replaced by a counting stub here (the real one is
 * in printOrders.test.ts); on PostgreSQL a real print-worker process is killed mid-print.
 */
import fs from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { orderPrintState } from '../db/orders.js';
import { backends, type TestServer } from '../test/helper.js';
import { orderableCollageXml, seedUser, startWithTestCatalog } from '../test/seed.js';
import { printJobsSettings } from './printSetup.js';
import { pendingPrintJobs, startPrintRunner, type PrintRunner } from './printJobs.js';
import { PrintError, type PrintInput, type PrintMaster } from './printMaster.js';

const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xd9]);

/** A stand-in for the render: counts the renders per order (by the input's identity), optionally failing or waiting. */
function countingRender(behaviour: (call: number) => Promise<void> = async () => undefined) {
  let calls = 0;
  const render = async (_input: PrintInput): Promise<PrintMaster> => {
    await behaviour(++calls);
    return { jpegParts: [JPEG], widthPx: 1, heightPx: 1, dpi: 300 };
  };
  return { render, calls: () => calls };
}

async function seedOrders(server: TestServer, count: number): Promise<number[]> {
  const { userId } = await seedUser(server.app.db);
  const ids: number[] = [];
  for (let index = 0; index < count; index++) {
    const [collage] = await server.app.db.query<{ id: string }>(
      "INSERT INTO collages (user_id, template_id, collage_xml, editor, editor_version, for_order) VALUES ($1, 'alleven', $2, 2, 1, true) RETURNING id",
      [userId, orderableCollageXml()],
    );
    const [order] = await server.app.db.query<{ id: string }>(
      "INSERT INTO orders (collage_id, user_id, status) VALUES ($1, $2, 'new') RETURNING id",
      [collage!.id, userId],
    );
    ids.push(Number(order!.id));
  }
  return ids;
}

/** The print files in PRINT_DIR, temporary ones apart (a killed writer may leave one). */
async function printFiles(server: TestServer): Promise<string[]> {
  const names = await fs.readdir(server.config.printDir).catch(() => [] as string[]);
  return names.filter((name) => !name.startsWith('.')).sort();
}

async function until<T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

let server: TestServer | undefined;
const runners: PrintRunner[] = [];
afterEach(async () => {
  for (const runner of runners.splice(0)) await runner.stop();
  await server?.destroy();
  server = undefined;
});

describe.each(backends)('print jobs on %s', (backend) => {
  it('prints an order once when its first attempt died with its worker, and once only when asked again', async () => {
    server = await startWithTestCatalog(backend);
    const stub = countingRender(async (call) => {
      if (call === 1) throw new PrintError('WORKER_FAILED', 'The print worker failed: killed');
    });
    server.app.printOrders.deps.render = stub.render;
    const [orderId] = await seedOrders(server, 1);
    await server.app.printOrders.print(orderId!);
    // On PostgreSQL the retry waits for graphile-worker's backoff (e^1 s).
    await until(
      'the retried print',
      async () =>
        (await orderPrintState(server!.app.db, orderId!))?.status === 'ready' ? true : undefined,
      30_000,
    );
    await server.app.printOrders.idle();
    expect(stub.calls()).toBe(2);
    expect(await printFiles(server)).toEqual([`${orderId}.jpg`]);

    // Asked again (a resume, a second instance): an order already printed is not printed again.
    await server.app.printOrders.print(orderId!);
    await server.app.printOrders.idle();
    expect(stub.calls()).toBe(2);
    expect(await orderPrintState(server.app.db, orderId!)).toEqual({
      status: 'ready',
      printFile: `${orderId}.jpg`,
      printError: null,
    });
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  'print jobs shared by several workers on PostgreSQL',
  () => {
    it(
      'never runs one job in two pools at once, nor takes the slow job of a live worker: eight orders, two pools of two, eight renders',
      { timeout: 120_000 },
      async () => {
        // Each render outlasts the stale time: only the heartbeat keeps the other pool from taking the job.
        server = await startWithTestCatalog('postgres', {
          printConcurrency: 2,
          printWorkerStaleMs: 1500,
        });
        const stub = countingRender(() => new Promise((resolve) => setTimeout(resolve, 3000)));
        server.app.printOrders.deps.render = stub.render;
        const settings = printJobsSettings(server.config)!;
        runners.push(
          await startPrintRunner({
            ...settings,
            deps: server.app.printOrders.deps,
            concurrency: 2,
          }),
        );
        expect(runners[0]!.workerIds.size).toBe(1);
        const orderIds = await seedOrders(server, 8);
        for (const orderId of orderIds) await server.app.printOrders.print(orderId);
        await server.app.printOrders.idle();
        expect(stub.calls()).toBe(8);
        const states = await Promise.all(orderIds.map((id) => orderPrintState(server!.app.db, id)));
        expect(states.every((state) => state?.status === 'ready')).toBe(true);
        expect(await printFiles(server)).toEqual(orderIds.map((id) => `${id}.jpg`).sort());
      },
    );

    it(
      'hands the job of a print-worker process killed mid-print to another worker, which prints it once',
      { timeout: 120_000 },
      async () => {
        // This server only takes orders; the killed worker and the rescuing pool print.
        server = await startWithTestCatalog('postgres', {
          printInWeb: false,
          printWorkerStaleMs: 1500,
        });
        const [orderId] = await seedOrders(server, 1);
        const settings = printJobsSettings(server.config)!;
        const env = {
          ...process.env,
          DATABASE_SCHEMA: server.config.databaseSchema!,
          PRINT_JOBS_SCHEMA: settings.jobsSchema,
          CATALOG_DIR: server.config.catalogDir,
          PHOTO_DIR: server.config.photoDir,
          PRINT_DIR: server.config.printDir,
          PRINT_CONCURRENCY: '1',
          LOG_LEVEL: 'info',
        };
        const worker = spawn(process.execPath, ['--import', 'tsx', 'server/printWorkerMain.ts'], {
          env,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let output = '';
        worker.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
        worker.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        await server.app.printOrders.print(orderId!);
        // The real render of a 50 x 40 cm print takes seconds: kill the worker while the order is 'printing'.
        await until('the worker to start printing', async () =>
          (await orderPrintState(server!.app.db, orderId!))?.status === 'printing'
            ? true
            : undefined,
        );
        worker.kill('SIGKILL');
        await exited;
        expect(output).not.toContain('print ready');

        const stub = countingRender();
        runners.push(
          await startPrintRunner({
            ...settings,
            deps: { ...server.app.printOrders.deps, render: stub.render },
            concurrency: 1,
          }),
        );
        await until(
          'the rescued print',
          async () =>
            (await orderPrintState(server!.app.db, orderId!))?.status === 'ready'
              ? true
              : undefined,
          30_000,
        );
        expect(stub.calls()).toBe(1);
        expect(await pendingPrintJobs(server.app.db, settings)).toBe(0);
        expect(await printFiles(server)).toEqual([`${orderId}.jpg`]);
        const [row] = await server.app.db.query<{ attempts: number }>(
          `SELECT max(attempts) AS attempts FROM ${settings.jobsSchema}.jobs`,
        );
        expect(row?.attempts ?? null).toBeNull(); // the job is done and gone
      },
    );
  },
);
