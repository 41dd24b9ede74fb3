import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as argon2 from '@node-rs/argon2';
import { dummyHash } from '../auth/passwords.js';
import { findUserByUsername } from '../db/users.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { registerAndSignIn, signIn } from '../test/users.js';

// The real argon2, observed: every call still does the real work.
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const original = await importOriginal<typeof import('@node-rs/argon2')>();
  return { ...original, verify: vi.fn(original.verify) };
});

describe.each(backends)('no account enumeration through sign-in on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { authRateLimitPerMinute: 1000 });
  });
  afterAll(async () => server.destroy());
  beforeEach(() => {
    vi.mocked(argon2.verify).mockClear();
  });

  it('runs one argon2 verification against the dummy hash for an unknown user', async () => {
    const { body } = await signIn(new TestClient(server.url), 'nobody-at-all', 'some-password');
    expect(body.authenticated).toBe('false');
    expect(vi.mocked(argon2.verify)).toHaveBeenCalledTimes(1);
    expect(vi.mocked(argon2.verify).mock.calls[0]?.[0]).toBe(await dummyHash());
  });

  it('runs one argon2 verification against the stored hash for a known user, and answers identically', async () => {
    const account = await registerAndSignIn(new TestClient(server.url));
    vi.mocked(argon2.verify).mockClear();
    const known = await signIn(new TestClient(server.url), account.username, 'wrong-password');
    expect(vi.mocked(argon2.verify)).toHaveBeenCalledTimes(1);
    const stored = await findUserByUsername(server.app.db, account.username);
    expect(vi.mocked(argon2.verify).mock.calls[0]?.[0]).toBe(stored?.passwordHash);
    expect(stored?.passwordHash).not.toBe(await dummyHash());

    const unknown = await signIn(new TestClient(server.url), 'nobody-at-all', 'wrong-password');
    expect(unknown).toEqual(known);
  });
});
