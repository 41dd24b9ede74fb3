import crypto from 'node:crypto';

/** A forgotten-password link works for an hour, once. */
export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** At most this many links per account per hour: a stranger cannot flood someone's mailbox. */
export const RESET_MAILS_PER_HOUR = 3;

/** 256 random bits, URL-safe: the secret of one link. */
export function newResetToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function isWellFormedResetToken(token: unknown): token is string {
  return typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);
}

/** What the database keeps of a token: its SHA-256, so a leaked table resets nobody's password. */
export function resetTokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}
