import crypto from 'node:crypto';
import type { Queryable } from '../db/db.js';

/** Sessions live in the database; an id is 128 random bits, hex-encoded. */
export const SESSION_COOKIE = 'fc_session';
export const SESSION_LIFETIME_MS = 14 * 24 * 60 * 60 * 1000;
/** An anonymous session holds nothing but the heartbeat's id: it lives a day past its last beat. */
export const ANONYMOUS_SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;
/** Heartbeats closer together than this do not write (the editor beats every few seconds). */
const TOUCH_INTERVAL_SECONDS = 60;

export interface Session {
  id: string;
  userId: number | null;
}

export function newSessionId(): string {
  return crypto.randomBytes(16).toString('hex');
}

export function isWellFormedSessionId(id: unknown): id is string {
  return typeof id === 'string' && /^[0-9a-f]{32}$/.test(id);
}

export async function findSession(db: Queryable, id: string): Promise<Session | null> {
  const rows = await db.query<{ id: string; user_id: string | null }>(
    'SELECT id, user_id FROM sessions WHERE id = $1 AND expires_at > now()',
    [id],
  );
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id === null ? null : Number(row.user_id) } : null;
}

export async function createSession(db: Queryable, userId: number | null = null): Promise<Session> {
  const id = newSessionId();
  await db.query('INSERT INTO sessions (id, user_id, expires_at) VALUES ($1, $2, $3)', [
    id,
    userId,
    expiry(userId === null ? ANONYMOUS_SESSION_LIFETIME_MS : SESSION_LIFETIME_MS),
  ]);
  return { id, userId };
}

/** Extends the session's life (a signed-in one longer than an anonymous one); called by the heartbeat, written at most once a minute. */
export async function touchSession(db: Queryable, id: string): Promise<void> {
  await db.query(
    `UPDATE sessions SET last_seen_at = now(), expires_at = CASE WHEN user_id IS NULL THEN $2 ELSE $3 END::timestamptz
     WHERE id = $1 AND last_seen_at < now() - interval '${TOUCH_INTERVAL_SECONDS} seconds'`,
    [id, expiry(ANONYMOUS_SESSION_LIFETIME_MS), expiry(SESSION_LIFETIME_MS)],
  );
}

/** Sign-in gets a new id (no session fixation): the old row is replaced. */
export async function rotateSession(
  db: Queryable,
  oldId: string | null,
  userId: number,
): Promise<Session> {
  if (oldId) await db.query('DELETE FROM sessions WHERE id = $1', [oldId]);
  return createSession(db, userId);
}

/** Answers how many rows went (the cleanup schedule logs it). */
export async function deleteExpiredSessions(db: Queryable): Promise<number> {
  const rows = await db.query('DELETE FROM sessions WHERE expires_at <= now() RETURNING 1');
  return rows.length;
}

function expiry(lifetimeMs: number): Date {
  return new Date(Date.now() + lifetimeMs);
}

/** Sign-out: the row goes, so the id is worthless even if the cookie survives somewhere. */
export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id = $1', [id]);
}
