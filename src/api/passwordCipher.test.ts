import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  decryptPassword,
  encryptPassword,
  MAX_PAYLOAD_CHARS,
  PasswordCipherError,
  registerSalt,
  signInSalt,
} from './passwordCipher';

const anyText = fc.string({ unit: 'binary', maxLength: 40 });

describe('passwordCipher', () => {
  it('round-trips any password with any salt', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (password, salt) => {
        const payload = await encryptPassword(password, salt);
        expect(payload).toMatch(/^[A-Za-z0-9_-]+$/);
        expect(await decryptPassword(payload, salt)).toBe(password);
      }),
      { numRuns: 60 },
    );
  });

  it('fails with a salt that normalises differently', async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyText, anyText, async (password, salt, otherSalt) => {
        fc.pre(signInSalt(salt) !== signInSalt(otherSalt));
        const payload = await encryptPassword(password, salt);
        await expect(decryptPassword(payload, otherSalt)).rejects.toBeInstanceOf(
          PasswordCipherError,
        );
      }),
      { numRuns: 60 },
    );
  });

  it('treats salts that differ only in case and surrounding spaces as the same', async () => {
    const payload = await encryptPassword('geheim', '  Anna.DeVries ');
    expect(await decryptPassword(payload, 'anna.devries')).toBe('geheim');
  });

  it('uses a fresh IV: the same password encrypts differently each time', async () => {
    const first = await encryptPassword('geheim', 'anna');
    const second = await encryptPassword('geheim', 'anna');
    expect(first).not.toBe(second);
    expect(first.length).toBe(second.length);
  });

  it('never carries the plain password', async () => {
    const payload = await encryptPassword('plainpassword', 'anna');
    expect(payload).not.toContain('plainpassword');
    expect(
      atob(
        payload.replace(/-/g, '+').replace(/_/g, '/') +
          '=='.slice(0, (4 - (payload.length % 4)) % 4),
      ),
    ).not.toContain('plainpassword');
  });

  it('refuses a tampered payload', async () => {
    const payload = await encryptPassword('geheim', 'anna');
    // Flip a character inside the ciphertext: the last character may carry only padding bits.
    const at = payload.length - 8;
    const flipped = payload[at] === 'A' ? 'B' : 'A';
    await expect(
      decryptPassword(payload.slice(0, at) + flipped + payload.slice(at + 1), 'anna'),
    ).rejects.toBeInstanceOf(PasswordCipherError);
  });

  it.each([
    ['empty', ''],
    ['not base64url', 'abc+/=='],
    ['too short for IV and tag', 'AAAAAAAA'],
    ['impossible length', 'AAAAA'],
    ['overlong', 'A'.repeat(MAX_PAYLOAD_CHARS + 4)],
  ])('refuses a malformed payload (%s)', async (_name, payload) => {
    await expect(decryptPassword(payload, 'anna')).rejects.toBeInstanceOf(PasswordCipherError);
  });

  it('salts register with username plus email, sign-in with the username', async () => {
    expect(registerSalt(' Anna ', ' Anna@Example.NL ')).toBe('annaanna@example.nl');
    expect(signInSalt(' Anna ')).toBe('anna');
    const payload = await encryptPassword('geheim', registerSalt('anna', 'anna@example.nl'));
    await expect(decryptPassword(payload, signInSalt('anna'))).rejects.toBeInstanceOf(
      PasswordCipherError,
    );
    expect(await decryptPassword(payload, registerSalt('ANNA', 'ANNA@example.nl'))).toBe('geheim');
  });
});
