import crypto from 'node:crypto';
import { hash, verify, type Options } from '@node-rs/argon2';

/** OWASP's argon2id minimum (Password Storage Cheat Sheet): 19 MiB, 2 passes, 1 lane. */
export const ARGON2_OPTIONS = {
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
  outputLen: 32,
} satisfies Options;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHashPromise: Promise<string> | null = null;

/**
 * A hash of a random password with the same parameters, made once per process. Sign-in verifies
 * against it when the username is unknown, so unknown and known users cost the same argon2 time
 * and nobody can tell from the answer's timing whether an account exists.
 */
export function dummyHash(): Promise<string> {
  dummyHashPromise ??= hashPassword(crypto.randomBytes(32).toString('base64url'));
  return dummyHashPromise;
}

/**
 * Verifies password against the stored hash, or against the dummy hash when there is no user
 * (then always false). Every path runs exactly one argon2 verification.
 */
export async function verifyPassword(
  storedHash: string | null,
  password: string,
): Promise<boolean> {
  if (storedHash === null) {
    await verify(await dummyHash(), password);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    // A malformed stored hash is a server fault, never a sign-in; answer like a wrong password.
    return false;
  }
}
