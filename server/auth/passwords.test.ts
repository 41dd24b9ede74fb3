import { describe, expect, it } from 'vitest';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id at the OWASP parameters and a random salt', async () => {
    const first = await hashPassword('geheim12');
    const second = await hashPassword('geheim12');
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain('geheim12');
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('geheim12');
    expect(await verifyPassword(stored, 'geheim12')).toBe(true);
    expect(await verifyPassword(stored, 'geheim13')).toBe(false);
  });

  it('never signs in without a user, and answers false for a broken stored hash', async () => {
    expect(await verifyPassword(null, 'geheim12')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'geheim12')).toBe(false);
  });

  it('keeps one dummy hash per process with the same parameters as real ones', async () => {
    const dummy = await dummyHash();
    expect(await dummyHash()).toBe(dummy);
    expect(dummy).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });
});
