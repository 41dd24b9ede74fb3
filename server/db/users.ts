import type { Queryable } from './db.js';

/** Usernames and emails are unique ignoring case and surrounding spaces: this is their key. */
export function accountKey(text: string): string {
  return text.trim().toLowerCase();
}

export interface User {
  id: number;
  username: string;
  email: string;
  newsletter: boolean;
}

export interface UserWithHash extends User {
  passwordHash: string;
}

export interface NewUser {
  username: string;
  email: string;
  passwordHash: string;
  newsletter: boolean;
}

export type TakenField = 'username' | 'email';

interface UserRow {
  id: string;
  username: string;
  email: string;
  newsletter: boolean;
  password_hash: string;
}

const COLUMNS = 'id, username, email, newsletter, password_hash';

function toUser(row: UserRow): UserWithHash {
  return {
    id: Number(row.id),
    username: row.username,
    email: row.email,
    newsletter: row.newsletter,
    passwordHash: row.password_hash,
  };
}

export async function findUserByUsername(
  db: Queryable,
  username: string,
): Promise<UserWithHash | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE username_key = $1`, [
    accountKey(username),
  ]);
  return rows[0] ? toUser(rows[0]) : null;
}

export async function findUserById(db: Queryable, id: number): Promise<User | null> {
  const rows = await db.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1`, [id]);
  if (!rows[0]) return null;
  const { passwordHash: _hash, ...user } = toUser(rows[0]);
  return user;
}

/** Which of username and email already belong to an account (ignoring case). */
export async function findTakenFields(
  db: Queryable,
  username: string,
  email: string,
): Promise<TakenField[]> {
  const rows = await db.query<{ username_taken: boolean; email_taken: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM users WHERE username_key = $1) AS username_taken,
            EXISTS (SELECT 1 FROM users WHERE email_key = $2) AS email_taken`,
    [accountKey(username), accountKey(email)],
  );
  const row = rows[0];
  const taken: TakenField[] = [];
  if (row?.username_taken) taken.push('username');
  if (row?.email_taken) taken.push('email');
  return taken;
}

/**
 * Inserts the user; the unique keys settle a race between two registrations of the same name,
 * answering which field was taken instead of throwing.
 */
export async function insertUser(
  db: Queryable,
  user: NewUser,
): Promise<{ id: number } | { taken: TakenField }> {
  try {
    const rows = await db.query<{ id: string }>(
      `INSERT INTO users (username, username_key, email, email_key, password_hash, newsletter)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [
        user.username.trim(),
        accountKey(user.username),
        user.email.trim(),
        accountKey(user.email),
        user.passwordHash,
        user.newsletter,
      ],
    );
    return { id: Number(rows[0]?.id) };
  } catch (error) {
    const taken = takenFieldOf(error);
    if (taken) return { taken };
    throw error;
  }
}

/** PostgreSQL and PGlite both report unique violations as 23505 with the constraint's name. */
function takenFieldOf(error: unknown): TakenField | null {
  if (!error || typeof error !== 'object' || (error as { code?: unknown }).code !== '23505')
    return null;
  const constraint = String((error as { constraint?: unknown }).constraint ?? '');
  const detail = String((error as { detail?: unknown }).detail ?? '');
  if (constraint.includes('email_key') || detail.includes('(email_key)')) return 'email';
  if (constraint.includes('username_key') || detail.includes('(username_key)')) return 'username';
  return null;
}
