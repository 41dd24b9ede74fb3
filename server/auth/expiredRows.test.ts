import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { seedUser } from '../test/seed.js';
import { createSession } from './sessions.js';
import { deleteExpiredRows } from './expiredRows.js';

describe.each(backends)('expired sessions and password links on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  });
  afterAll(async () => server.destroy());

  it('deletes expired sessions and day-old used-up reset links, and keeps the live ones', async () => {
    const db = server.app.db;
    const live = await createSession(db);
    const expired = await createSession(db);
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE id = $1", [
      expired.id,
    ]);
    const user = await seedUser(db);
    await db.query(
      "INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ('old', $1, now() - interval '2 days'), ('fresh', $1, now() + interval '1 hour')",
      [user.userId],
    );

    await deleteExpiredRows(server.app);

    const sessions = await db.query<{ id: string }>(
      'SELECT id FROM sessions WHERE id IN ($1, $2)',
      [live.id, expired.id],
    );
    expect(sessions.map((row) => row.id)).toEqual([live.id]);
    const resets = await db.query<{ token_hash: string }>('SELECT token_hash FROM password_resets');
    expect(resets.map((row) => row.token_hash)).toEqual(['fresh']);
  });
});
