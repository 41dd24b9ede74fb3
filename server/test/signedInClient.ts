import crypto from 'node:crypto';
import { SESSION_COOKIE, createSession } from '../auth/sessions.js';
import { TestClient, type TestServer } from './helper.js';

export interface SignedIn {
  client: TestClient;
  userId: number;
}

/** A user row made directly in the database and a client carrying a signed-in session for it. */
export async function signedInClient(
  server: TestServer,
  name = `user_${crypto.randomBytes(4).toString('hex')}`,
): Promise<SignedIn> {
  const rows = await server.app.db.query<{ id: string | number }>(
    `INSERT INTO users (username, username_key, email, email_key, password_hash)
     VALUES ($1, $2, $3, $4, 'not-a-real-hash') RETURNING id`,
    [name, name.toLowerCase(), `${name}@example.test`, `${name.toLowerCase()}@example.test`],
  );
  const userId = Number(rows[0]!.id);
  const session = await createSession(server.app.db, userId);
  const client = new TestClient(server.url);
  client.setCookie(SESSION_COOKIE, session.id);
  return { client, userId };
}
