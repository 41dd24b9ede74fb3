import { eventName, type WireEvent } from '../../src/api/analyticsWire.js';
import type { Db, Queryable } from './db.js';

/** All SQL of the editor's analytics: storing batches within a daily quota, and counting them. */

/**
 * Takes up to `wanted` events from each key's daily quota in one transaction and answers how many
 * may be stored: the smallest remainder of all keys (a session and its address). Quota rows of
 * earlier days are dropped when a key starts a new day.
 */
export async function takeQuota(
  tx: Queryable,
  keys: string[],
  wanted: number,
  limits: number[],
): Promise<number> {
  let allowed = wanted;
  for (const [index, key] of keys.entries()) {
    const [row] = await tx.query<{ used: number }>(
      `INSERT INTO analytics_quota (quota_key, day, used) VALUES ($1, current_date, $2)
       ON CONFLICT (quota_key, day) DO UPDATE SET used = analytics_quota.used + EXCLUDED.used
       RETURNING used`,
      [key, wanted],
    );
    const used = Number(row?.used ?? wanted);
    if (used === wanted)
      await tx.query('DELETE FROM analytics_quota WHERE quota_key = $1 AND day < current_date', [
        key,
      ]);
    const before = used - wanted;
    allowed = Math.min(allowed, Math.max(0, limits[index]! - before));
  }
  return allowed;
}

export async function insertEvents(
  tx: Queryable,
  sessionId: string | null,
  events: WireEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const params: unknown[] = [];
  const rows = events.map((event) => {
    params.push(
      sessionId,
      eventName(event),
      event.category ?? null,
      event.action ?? null,
      event.label ?? null,
      event.value ?? null,
      event.path ?? null,
    );
    const at = params.length - 7;
    return `($${at + 1}, $${at + 2}, $${at + 3}, $${at + 4}, $${at + 5}, $${at + 6}, $${at + 7})`;
  });
  await tx.query(
    `INSERT INTO analytics_events (session_id, name, category, action, label, value, path) VALUES ${rows.join(', ')}`,
    params,
  );
}

/** Stores what the quotas allow of a batch; answers how many events were stored. */
export async function storeBatch(
  db: Db,
  sessionId: string | null,
  keys: string[],
  limits: number[],
  events: WireEvent[],
): Promise<number> {
  return db.transaction(async (tx) => {
    const allowed = await takeQuota(tx, keys, events.length, limits);
    await insertEvents(tx, sessionId, events.slice(0, allowed));
    return allowed;
  });
}

export interface DailyCount {
  day: string;
  event: string;
  count: number;
}

/** Events per name and day (days in the shop's time zone), from..to inclusive, oldest day first. */
export async function countsPerDay(
  db: Queryable,
  from: string,
  to: string,
  timeZone: string,
): Promise<DailyCount[]> {
  const rows = await db.query<{ day: string; event: string; count: string | number }>(
    `SELECT to_char(received_at AT TIME ZONE $3, 'YYYY-MM-DD') AS day, name AS event, count(*) AS count
       FROM analytics_events
      WHERE (received_at AT TIME ZONE $3)::date BETWEEN $1::date AND $2::date
      GROUP BY 1, 2
      ORDER BY 1, 3 DESC, 2`,
    [from, to, timeZone],
  );
  return rows.map((row) => ({ day: row.day, event: row.event, count: Number(row.count) }));
}
