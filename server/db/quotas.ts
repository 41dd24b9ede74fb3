import { oneAtATimePerCustomer } from './customerLock.js';
import type { Db, Queryable } from './db.js';

/** All SQL of the per-customer quotas of the last hour (migration 012): uploads and saves. */

export type QuotaKind = 'upload' | 'save';

export interface QuotaAmount {
  /** Photos (uploads) or new collages (saves). */
  items: number;
  bytes: number;
}

/** The hour's usage of a kind, in one sub-select (the save statement uses it too). */
export const HOUR_USAGE = `SELECT COALESCE(sum(items), 0) AS items, COALESCE(sum(bytes), 0) AS bytes FROM quota_usage
  WHERE user_id = $1 AND kind = $2 AND at > now() - interval '1 hour'`;

/**
 * A hold of `amount` when the hour's usage (earlier holds included) is under both limits, as one
 * request after another would be admitted: the request that crosses a limit is taken, the next
 * refused. An amount of no items is checked against the bytes alone.
 */
const HOLD = `INSERT INTO quota_usage (user_id, kind, items, bytes)
  SELECT $1, $2, $3, $4 FROM (${HOUR_USAGE}) used
  WHERE ($3 = 0 OR used.items < $5) AND used.bytes < $6
  RETURNING id`;

/** Takes a hold (its id) within the customer's quota, exact under parallel requests; null when over it. */
export async function holdQuota(
  db: Db,
  userId: number,
  kind: QuotaKind,
  amount: QuotaAmount,
  limits: QuotaAmount,
): Promise<number | null> {
  return oneAtATimePerCustomer(db, userId, async (query) => {
    const [row] = await query.query<{ id: string | number }>(HOLD, [
      userId,
      kind,
      amount.items,
      amount.bytes,
      limits.items,
      limits.bytes,
    ]);
    return row ? Number(row.id) : null;
  });
}

/** The hold becomes what was really added (less than or as much as it held). */
export async function settleQuota(db: Queryable, holdId: number, used: QuotaAmount): Promise<void> {
  await db.query('UPDATE quota_usage SET items = $2, bytes = $3 WHERE id = $1', [
    holdId,
    used.items,
    used.bytes,
  ]);
}

/** Nothing was added: the hold goes. */
export async function releaseQuota(db: Queryable, holdId: number): Promise<void> {
  await db.query('DELETE FROM quota_usage WHERE id = $1', [holdId]);
}

/** The hour's usage (tests, logs). */
export async function hourUsage(
  db: Queryable,
  userId: number,
  kind: QuotaKind,
): Promise<QuotaAmount> {
  const [row] = await db.query<{ items: string | number; bytes: string | number }>(HOUR_USAGE, [
    userId,
    kind,
  ]);
  return { items: Number(row?.items ?? 0), bytes: Number(row?.bytes ?? 0) };
}

/** Rows older than the hour count for nothing; answers how many went. */
export async function deleteOldQuotaUsage(db: Queryable): Promise<number> {
  const rows = await db.query(
    "DELETE FROM quota_usage WHERE at <= now() - interval '1 hour' RETURNING 1",
  );
  return rows.length;
}
