import type { Queryable } from './db.js';

/** All SQL of the rate-limit counters (migration 009): one row per key, counting hits until its window ends. */

export interface WindowHits {
  /** Hits in the running window, this one included. */
  hits: number;
  /** Milliseconds until the window ends. */
  ttlMs: number;
}

/**
 * One statement per hit: a new window starts at 1, a running one counts up. The upsert locks the
 * key's row, so hits at the same moment (on any instance) are counted one after another: exact.
 */
const HIT = `INSERT INTO rate_limits AS r (key, hits, window_ends) VALUES ($1, 1, now() + $2::int * interval '1 millisecond')
  ON CONFLICT (key) DO UPDATE SET
    hits = CASE WHEN r.window_ends <= now() THEN 1 ELSE r.hits + 1 END,
    window_ends = CASE WHEN r.window_ends <= now() THEN EXCLUDED.window_ends ELSE r.window_ends END
  RETURNING hits, GREATEST(0, ceil(extract(epoch FROM r.window_ends - now()) * 1000))::int AS ttl`;

const READ = `SELECT hits, GREATEST(0, ceil(extract(epoch FROM window_ends - now()) * 1000))::int AS ttl FROM rate_limits WHERE key = $1 AND window_ends > now()`;

export async function hitRateLimit(
  db: Queryable,
  key: string,
  windowMs: number,
): Promise<WindowHits> {
  const [row] = await db.query<{ hits: number; ttl: number }>(HIT, [key, Math.round(windowMs)]);
  return { hits: Number(row!.hits), ttlMs: Number(row!.ttl) };
}

/** The running window's hits of a key; null when it has none. */
export async function readRateLimit(db: Queryable, key: string): Promise<WindowHits | null> {
  const [row] = await db.query<{ hits: number; ttl: number }>(READ, [key]);
  return row ? { hits: Number(row.hits), ttlMs: Number(row.ttl) } : null;
}

export async function deleteEndedRateLimits(db: Queryable): Promise<void> {
  await db.query('DELETE FROM rate_limits WHERE window_ends < now()');
}
