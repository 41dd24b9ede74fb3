/**
 * The embedded database's own thread: PGlite (PostgreSQL compiled to WASM) runs here, so its work —
 * 57 % of the server's event loop under `bench:server` when it ran in the main thread — no longer
 * holds up HTTP. The main thread sends SQL as messages (pgliteThread.ts) and gets rows back.
 *
 * Queries go to PGlite as one wire-protocol batch each (Bind, Describe, Execute, Sync), on a prepared
 * statement named after the SQL text: PGlite's own query() makes six calls into the WASM and parses
 * every statement anew, about ten times the cost (measured: 650 µs against 60 µs for a session lookup).
 * Parameters are converted to text by node-postgres' own prepareValue, so both engines see the same values.
 *
 * Everything runs one at a time. While a transaction is open, only its own statements run; the rest
 * wait until it commits or rolls back, as they did inside PGlite's transaction().
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import pgUtils from 'pg/lib/utils.js';
import {
  batchingSender,
  type PgliteReply,
  type PgliteRequest,
  type SerializedDbError,
} from './pgliteProtocol.js';

if (!parentPort) throw new Error('pgliteWorker.ts runs as a worker thread');
const port = parentPort;
const { dataDir } = workerData as { dataDir?: string };
const { serialize } = protocol;

/** Enough for every statement the server has; SQL beyond it runs unnamed rather than growing forever. */
const MAX_PREPARED = 500;

const pglite = await PGlite.create(dataDir);
const prepared = new Map<string, string>();
let queue: Promise<unknown> = Promise.resolve();
/** The open transaction's id; null when none is open. */
let owner: number | null = null;
let nextTransaction = 1;
const waitingForOwner: (() => void)[] = [];

/** Runs fn after everything queued before it. */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const run = queue.then(fn);
  queue = run.catch(() => undefined);
  return run;
}

/** Resolves when the open transaction ends. Callers loop `while (owner !== null)` and act in the same
 * synchronous step once it is null: another waiter woken at the same moment may claim it first. */
function transactionEnded(): Promise<void> {
  return new Promise((resolve) => waitingForOwner.push(resolve));
}

function checkOwner(tx: number): void {
  if (owner !== tx) throw new Error(`No open transaction ${tx}`);
}

function endTransaction(): void {
  owner = null;
  for (const wake of waitingForOwner.splice(0)) wake();
}

/** BEGIN, COMMIT, ROLLBACK; answers the command tag (COMMIT of a failed transaction answers ROLLBACK). */
async function simpleQuery(sql: string): Promise<string | undefined> {
  const { messages } = await pglite.execProtocol(serialize.query(sql));
  const done = messages.find((message) => message.name === 'commandComplete');
  return done && 'text' in done ? String(done.text) : undefined;
}

/** The statement's name, preparing it on first use; undefined runs it unnamed. */
async function statementFor(sql: string): Promise<string | undefined> {
  const known = prepared.get(sql);
  if (known) return known;
  if (prepared.size >= MAX_PREPARED) return undefined;
  const name = `s${prepared.size + 1}`;
  // Alone in its batch: a statement that fails to parse leaves no name behind.
  await pglite.execProtocol(
    Buffer.concat([serialize.parse({ name, text: sql }), serialize.sync()]),
  );
  prepared.set(sql, name);
  return name;
}

async function extendedQuery(sql: string, params: unknown[] = []): Promise<unknown[]> {
  const name = await statementFor(sql);
  const values = params.map((value) => pgUtils.prepareValue(value));
  const batch = Buffer.concat([
    ...(name ? [] : [serialize.parse({ text: sql })]),
    serialize.bind({ statement: name ?? '', values }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const { messages } = await pglite.execProtocol(batch, { syncToFs: owner === null });
  return parse.parseResults(messages, pglite.parsers)[0]?.rows ?? [];
}

/** Error fields the server reads (code 23505, constraint, detail) survive the trip as plain data. */
function serializeError(error: unknown): SerializedDbError {
  const fields: SerializedDbError = {
    message: error instanceof Error ? error.message : String(error),
  };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
    }
  }
  return fields;
}

async function handle(request: PgliteRequest): Promise<PgliteReply> {
  switch (request.op) {
    case 'query': {
      if (request.tx === undefined) while (owner !== null) await transactionEnded();
      else checkOwner(request.tx);
      return {
        id: request.id,
        ok: true,
        rows: await serial(() => extendedQuery(request.sql, request.params)),
      };
    }
    case 'begin': {
      while (owner !== null) await transactionEnded();
      const tx = nextTransaction++;
      owner = tx;
      try {
        await serial(() => simpleQuery('BEGIN'));
      } catch (error) {
        endTransaction();
        throw error;
      }
      return { id: request.id, ok: true, tx };
    }
    case 'commit':
    case 'rollback': {
      checkOwner(request.tx);
      let tag: string | undefined;
      try {
        tag = await serial(() => simpleQuery(request.op === 'commit' ? 'COMMIT' : 'ROLLBACK'));
      } finally {
        endTransaction();
      }
      if (request.op === 'commit' && tag === 'ROLLBACK')
        throw new Error('The transaction was rolled back: one of its statements failed');
      return { id: request.id, ok: true };
    }
    case 'close':
      while (owner !== null) await transactionEnded();
      await serial(() => pglite.close());
      return { id: request.id, ok: true };
  }
}

const reply = batchingSender<PgliteReply>((batch) => port.postMessage(batch));
port.on('message', (requests: PgliteRequest[]) => {
  for (const request of requests) {
    handle(request).then(reply, (error: unknown) =>
      reply({ id: request.id, ok: false, error: serializeError(error) }),
    );
  }
});
reply({ id: 0, ok: true });
