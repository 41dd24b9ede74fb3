/**
 * The server's side of the embedded database: a Db whose queries run in PGlite's own worker thread
 * (pgliteWorker.ts). Profiling `bench:server` showed PGlite's WASM and its protocol parsing taking
 * 57 % of the event loop when it ran in the main thread; here the main thread only posts messages.
 */
import { Worker } from 'node:worker_threads';
import { bundledWorker } from '../threads/workerBundle.js';
import type { Db, Queryable } from './dbTypes.js';
import {
  batchingSender,
  type PgliteReply,
  type PgliteRequest,
  type SerializedDbError,
} from './pgliteProtocol.js';

const WORKER_ENTRY = new URL('./pgliteWorker.ts', import.meta.url);

type Pending = { resolve(reply: PgliteReply & { ok: true }): void; reject(error: Error): void };
/** A request without its id: send() numbers it. */
type Outgoing = PgliteRequest extends infer R
  ? R extends PgliteRequest
    ? Omit<R, 'id'>
    : never
  : never;

/** The same error the in-thread PGlite threw: message plus code, constraint, detail, … */
function databaseError(fields: SerializedDbError): Error {
  return Object.assign(new Error(fields.message), fields, { name: 'DatabaseError' });
}

export async function openPgliteThread(dataDir?: string): Promise<Db> {
  // The data-folder lock (one server per folder) belongs here, before the worker opens the folder.
  // the thread's code bundled to plain JS (workerBundle.ts): through tsx it was larger and slower to start
  const worker = new Worker(new URL(await bundledWorker(WORKER_ENTRY)), {
    workerData: { dataDir },
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let stopped: Error | null = null;

  const opened = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject });
  });
  const settle = (id: number, outcome: (entry: Pending) => void) => {
    const entry = pending.get(id);
    if (!entry) return;
    pending.delete(id);
    // Nothing waiting: the thread must not keep the process alive on its own.
    if (pending.size === 0) worker.unref();
    outcome(entry);
  };
  worker.on('message', (replies: PgliteReply[]) => {
    for (const reply of replies)
      settle(reply.id, (entry) =>
        reply.ok ? entry.resolve(reply) : entry.reject(databaseError(reply.error)),
      );
  });
  const post = batchingSender<PgliteRequest>((batch) => worker.postMessage(batch));
  const fail = (error: Error) => {
    stopped ??= error;
    for (const id of [...pending.keys()]) settle(id, (entry) => entry.reject(error));
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The embedded database stopped (exit code ${code})`)));

  const send = (request: Outgoing): Promise<PgliteReply & { ok: true }> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve, reject });
      post({ ...request, id } as PgliteRequest);
    });
  };
  const queryIn =
    (tx?: number) =>
    async <T>(sql: string, params?: unknown[]): Promise<T[]> =>
      ((await send({ op: 'query', sql, params, tx })).rows ?? []) as T[];

  await opened;
  return {
    kind: 'pglite',
    query: queryIn(),
    async transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> {
      const { tx } = await send({ op: 'begin' });
      if (tx === undefined) throw new Error('The embedded database opened no transaction');
      let result: R;
      try {
        result = await fn({ query: queryIn(tx) });
      } catch (error) {
        await send({ op: 'rollback', tx });
        throw error;
      }
      await send({ op: 'commit', tx });
      return result;
    },
    async close() {
      if (!stopped) await send({ op: 'close' });
      stopped ??= new Error('The embedded database is closed');
      await worker.terminate();
    },
  };
}
