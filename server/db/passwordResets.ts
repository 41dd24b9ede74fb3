import type { Db, Queryable } from './db.js';
import { accountKey } from './users.js';

/** All SQL of forgotten-password links. Tokens are never stored: only their SHA-256 (see auth/resetTokens.ts). */

export interface ResetRecipient {
  userId: number;
  username: string;
  email: string;
}

/** The account an e-mail address belongs to (ignoring case and surrounding spaces), or null. */
export async function findResetRecipient(
  db: Queryable,
  email: string,
): Promise<ResetRecipient | null> {
  const [row] = await db.query<{ id: string | number; username: string; email: string }>(
    'SELECT id, username, email FROM users WHERE email_key = $1',
    [accountKey(email)],
  );
  return row ? { userId: Number(row.id), username: row.username, email: row.email } : null;
}

/** Links of the user asked for since `since` (the per-account mail limit counts them). */
export async function countRecentResets(
  db: Queryable,
  userId: number,
  since: Date,
): Promise<number> {
  const [row] = await db.query<{ count: string | number }>(
    'SELECT count(*) AS count FROM password_resets WHERE user_id = $1 AND created_at > $2',
    [userId, since],
  );
  return Number(row?.count ?? 0);
}

export async function insertReset(
  db: Queryable,
  userId: number,
  tokenHash: string,
  expiresAt: Date,
): Promise<void> {
  await db.query(
    'INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)',
    [tokenHash, userId, expiresAt],
  );
}

/** True while the link can still set a password: known, unused and not expired. */
export async function isResetUsable(db: Queryable, tokenHash: string): Promise<boolean> {
  const rows = await db.query(
    'SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()',
    [tokenHash],
  );
  return rows.length > 0;
}

/**
 * Uses the link once: in one transaction the link is marked used (only if it still was usable, so
 * two tabs racing get one success), the password hash is replaced, every session of the user ends
 * (whoever knew the old password is signed out) and the user's other open links die. Answers the
 * user's id, or null when the link was unknown, used or expired.
 */
export async function useResetLink(
  db: Db,
  tokenHash: string,
  passwordHash: string,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ user_id: string | number }>(
      'UPDATE password_resets SET used_at = now() WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() RETURNING user_id',
      [tokenHash],
    );
    if (!row) return null;
    const userId = Number(row.user_id);
    await tx.query('UPDATE users SET password_hash = $2 WHERE id = $1', [userId, passwordHash]);
    await tx.query('DELETE FROM sessions WHERE user_id = $1', [userId]);
    await tx.query('DELETE FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [userId]);
    return userId;
  });
}

/** Links that can no longer be used are kept a day (for support questions), then removed. */
export async function deleteOldResets(db: Queryable): Promise<number> {
  const rows = await db.query(
    "DELETE FROM password_resets WHERE expires_at < now() - interval '1 day' RETURNING 1",
  );
  return rows.length;
}
