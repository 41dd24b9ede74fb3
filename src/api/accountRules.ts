/**
 * The spec's account limits (editor-core §5, §9), shared by the sign-in and register forms and the
 * server so both refuse the same input. Pure; lengths count characters (code points), not UTF-16 units.
 */

export const USERNAME_MIN = 2;
export const USERNAME_MAX = 20;
export const PASSWORD_MIN = 2;
export const PASSWORD_MAX = 20;
export const EMAIL_MIN = 2;
export const EMAIL_MAX = 120;
/** "longer than 5" in the spec. */
export const EMAIL_LONGER_THAN = 5;

/**
 * The WHATWG input type=email pattern, plus a dot in the domain: a shop mails its customers, so
 * addresses without a top-level domain (user@localhost) are refused.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const CONTROL_CHARACTER = /\p{Cc}/u;

export function characterCount(text: string): number {
  return [...text].length;
}

/** Trimmed username of 2-20 characters without control characters. */
export function isValidUsername(username: string): boolean {
  const length = characterCount(username);
  return (
    username === username.trim() &&
    length >= USERNAME_MIN &&
    length <= USERNAME_MAX &&
    !CONTROL_CHARACTER.test(username)
  );
}

/**
 * 2-20 characters, trimmed: the spec's forms trim every input before sending, and the server trims
 * the decrypted password too, so sign-in and register agree whatever the client did.
 */
export function isValidPassword(password: string): boolean {
  const length = characterCount(password);
  return password === password.trim() && length >= PASSWORD_MIN && length <= PASSWORD_MAX;
}

/** Trimmed, 6-120 characters, a standard mail pattern. */
export function isValidEmail(email: string): boolean {
  const length = characterCount(email);
  return (
    email === email.trim() &&
    length >= EMAIL_MIN &&
    length <= EMAIL_MAX &&
    length > EMAIL_LONGER_THAN &&
    EMAIL_PATTERN.test(email)
  );
}

/** The register form's checkbox values that mean "ticked": a form sends 'on', the editor 'true'. */
export function isTicked(value: unknown): boolean {
  return value === true || value === 'true' || value === 'on';
}
