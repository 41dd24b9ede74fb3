import type { Queryable } from './db.js';

/** A session's social login: pending (state + verifier), then a token waiting for its ticket, then connected. */
export interface SocialLogin {
  state: string | null;
  codeVerifier: string | null;
  accessToken: string | null;
  tokenExpiresAt: Date | null;
  ticket: string | null;
  connected: boolean;
}

interface Row {
  state: string | null;
  code_verifier: string | null;
  access_token: string | null;
  token_expires_at: Date | string | null;
  ticket: string | null;
  connected: boolean;
}

export async function findSocialLogin(
  db: Queryable,
  sessionId: string,
): Promise<SocialLogin | null> {
  const rows = await db.query<Row>(
    'SELECT state, code_verifier, access_token, token_expires_at, ticket, connected FROM social_logins WHERE session_id = $1',
    [sessionId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    state: row.state,
    codeVerifier: row.code_verifier,
    accessToken: row.access_token,
    tokenExpiresAt: row.token_expires_at === null ? null : new Date(row.token_expires_at),
    ticket: row.ticket,
    connected: row.connected,
  };
}

/** A new login attempt replaces whatever the session held (an older token included). */
export async function startSocialLogin(
  db: Queryable,
  sessionId: string,
  state: string,
  codeVerifier: string,
): Promise<void> {
  await db.query(
    `INSERT INTO social_logins (session_id, state, code_verifier) VALUES ($1, $2, $3)
     ON CONFLICT (session_id) DO UPDATE SET state = $2, code_verifier = $3, access_token = NULL, token_expires_at = NULL, ticket = NULL, connected = false, created_at = now()`,
    [sessionId, state, codeVerifier],
  );
}

/** The code was exchanged: the token waits for the editor to redeem the ticket; state and verifier are spent. */
export async function storeSocialToken(
  db: Queryable,
  sessionId: string,
  accessToken: string,
  expiresAt: Date | null,
  ticket: string,
): Promise<void> {
  await db.query(
    'UPDATE social_logins SET state = NULL, code_verifier = NULL, access_token = $2, token_expires_at = $3, ticket = $4, connected = false WHERE session_id = $1',
    [sessionId, accessToken, expiresAt, ticket],
  );
}

/** Redeems the ticket once; answers whether it was the session's. */
export async function redeemSocialTicket(
  db: Queryable,
  sessionId: string,
  ticket: string,
): Promise<boolean> {
  const rows = await db.query(
    'UPDATE social_logins SET ticket = NULL, connected = true WHERE session_id = $1 AND ticket = $2 AND access_token IS NOT NULL RETURNING 1',
    [sessionId, ticket],
  );
  return rows.length === 1;
}

/** Sign-out, a refused token or a failed login: the session holds nothing of the service any more. */
export async function deleteSocialLogin(db: Queryable, sessionId: string): Promise<void> {
  await db.query('DELETE FROM social_logins WHERE session_id = $1', [sessionId]);
}
