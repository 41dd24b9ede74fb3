/** Messages between the server and its PGlite thread (pgliteThread.ts ⇄ pgliteWorker.ts). */

export type PgliteRequest =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'commit' | 'rollback'; tx: number }
  | { id: number; op: 'close' };

/** A database error as plain data: message plus PostgreSQL's fields (code, constraint, detail, …). */
export type SerializedDbError = { message: string } & Record<string, string | number>;

/** id 0 is the worker's "database open" signal. */
export type PgliteReply =
  | { id: number; ok: true; rows?: unknown[]; tx?: number }
  | { id: number; ok: false; error: SerializedDbError };

/**
 * Collects the messages of one turn of the event loop and posts them as one array. Under load many
 * queries start (or finish) in the same turn, and every postMessage wakes the other thread.
 */
export function batchingSender<T>(post: (batch: T[]) => void): (message: T) => void {
  let batch: T[] | null = null;
  return (message) => {
    if (batch) {
      batch.push(message);
      return;
    }
    const current = [message];
    batch = current;
    setImmediate(() => {
      batch = null;
      post(current);
    });
  };
}
