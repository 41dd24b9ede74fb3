/**
 * The password field of sign-in and register, encrypted as the spec asks: sign-in "encrypts the
 * password using the username as salt", register "using username plus email" (and the new-password
 * form, beyond the spec, the link's token); the server decrypts.
 *
 * This is transport obfuscation mandated by the spec, NOT a replacement for HTTPS: the application
 * constant ships in the client bundle, so anyone who sees the payload and the username can decrypt
 * it. It keeps plain passwords out of casual places (proxy logs, request dumps, browser devtools
 * screenshots); confidentiality on the wire comes from TLS, and storage uses argon2id on the server.
 *
 * Shared by the browser client and the server: pure, uses only globalThis.crypto.subtle (browsers and
 * Node 20 both have it) and no Buffer.
 *
 * Payload: base64url(iv | ciphertext) with AES-256-GCM, a random 96-bit IV per message, and the key
 * from PBKDF2-SHA256 over APPLICATION_CONSTANT with the normalised salt. GCM's tag makes a wrong salt
 * or a tampered payload fail instead of decrypting to garbage.
 */

/** Public by design (see above); changing it breaks every client that is still open. */
const APPLICATION_CONSTANT = 'fotocollage/password-transport/v1';
/** The constant is public, so iterations buy no secrecy; keep the server's cost per sign-in low. */
const PBKDF2_ITERATIONS = 1000;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** A 20-character password in UTF-8 is at most 80 bytes; this leaves room and caps the work. */
export const MAX_PAYLOAD_CHARS = 1024;

export class PasswordCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasswordCipherError';
  }
}

/** Salts compare trimmed and lower-cased, so ' Anna ' and 'anna' encrypt alike (inputs are trimmed anyway). */
export function normaliseSalt(salt: string): string {
  return salt.trim().toLowerCase();
}

/** The salt of the sign-in form: the username. */
export function signInSalt(username: string): string {
  return normaliseSalt(username);
}

/** The salt of the register form: username plus email, each trimmed. */
export function registerSalt(username: string, email: string): string {
  return normaliseSalt(username.trim() + email.trim());
}

/** The salt of the new-password form: the single-use token of the mailed link (the form knows no username). */
export function resetSalt(token: string): string {
  return normaliseSalt(token);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

async function deriveKey(salt: string): Promise<CryptoKey> {
  const subtle = globalThis.crypto.subtle;
  const material = await subtle.importKey(
    'raw',
    encoder.encode(APPLICATION_CONSTANT),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return subtle.deriveKey(
    {
      name: 'PBKDF2',
      hash: 'SHA-256',
      salt: encoder.encode(normaliseSalt(salt)),
      iterations: PBKDF2_ITERATIONS,
    },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function encryptPassword(password: string, salt: string): Promise<string> {
  const key = await deriveKey(salt);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const ciphertext = new Uint8Array(
    await globalThis.crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, encoder.encode(password)),
  );
  const payload = new Uint8Array(IV_BYTES + ciphertext.length);
  payload.set(iv, 0);
  payload.set(ciphertext, IV_BYTES);
  return toBase64Url(payload);
}

/** Throws PasswordCipherError for a malformed payload, a wrong salt or a tampered ciphertext. */
export async function decryptPassword(payload: string, salt: string): Promise<string> {
  if (payload.length > MAX_PAYLOAD_CHARS) throw new PasswordCipherError('payload too long');
  const bytes = fromBase64Url(payload);
  if (!bytes || bytes.length < IV_BYTES + TAG_BYTES)
    throw new PasswordCipherError('malformed payload');
  const key = await deriveKey(salt);
  let plain: ArrayBuffer;
  try {
    plain = await globalThis.crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: bytes.slice(0, IV_BYTES) },
      key,
      bytes.slice(IV_BYTES),
    );
  } catch {
    throw new PasswordCipherError('payload does not decrypt with this salt');
  }
  try {
    return decoder.decode(plain);
  } catch {
    throw new PasswordCipherError('payload is not UTF-8');
  }
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return null;
  const base64 =
    text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
