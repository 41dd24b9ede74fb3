import type { Db, Queryable } from './db.js';

/**
 * Runs one statement so that no other statement run this way for the same customer comes between
 * its reads and its writes: what a quota or a limit counts is then exact under parallel requests.
 *
 * PostgreSQL: in a transaction that first takes the customer's row lock. FOR NO KEY UPDATE waits for
 * another holder but not for the KEY SHARE locks that inserts referencing the user take (a session,
 * a photo), and the statement's snapshot, taken after the lock, sees what the last holder committed.
 * PGlite runs statements one at a time (pgliteWorker.ts): a single statement needs no lock there,
 * and a transaction would hold every other request for the round trips between its statements. So
 * `statement` must send exactly one statement.
 */
export async function oneAtATimePerCustomer<R>(
  db: Db,
  userId: number,
  statement: (query: Queryable) => Promise<R>,
): Promise<R> {
  if (db.kind === 'pglite') return statement(db);
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    return statement(tx);
  });
}
