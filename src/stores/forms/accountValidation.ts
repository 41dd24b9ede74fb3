import type { FieldError } from '../../api/client';
import { isValidEmail, isValidPassword, isValidUsername } from '../../api/accountRules';

/**
 * The client-side rules of the sign-in and register forms (editor-core §5), pure. Messages are
 * i18n keys; messages the server sends are already in the customer's language and shown as text.
 */
export type FormMessage = { key: string } | { text: string };

/** The spec's form alerts. */
export type FormAlert = 'ENTER_CREDENTIALS' | 'ACCEPT_TERMS' | 'MISSING_INPUT';

export const ALERT_KEYS: Record<FormAlert, string> = {
  ENTER_CREDENTIALS: 'saveDialog.alert.enterCredentials',
  ACCEPT_TERMS: 'saveDialog.alert.acceptTerms',
  MISSING_INPUT: 'saveDialog.alert.missingInput',
};

export const MESSAGE_KEYS = {
  usernameRequired: 'saveDialog.signIn.usernameRequired',
  passwordRequired: 'saveDialog.signIn.passwordRequired',
  wrongCredentials: 'saveDialog.signIn.wrongCredentials',
  usernameInvalid: 'saveDialog.register.usernameInvalid',
  emailInvalid: 'saveDialog.register.emailInvalid',
  passwordInvalid: 'saveDialog.register.passwordInvalid',
  passwordsDiffer: 'saveDialog.register.passwordsDiffer',
  registerGeneric: 'saveDialog.register.generic',
  connection: 'saveDialog.form.connection',
} as const;

export type SignInField = 'username' | 'password' | 'all';
export type RegisterField = 'username' | 'email' | 'password' | 'password_again' | 'terms' | 'all';
export type FormErrors<F extends string> = Partial<Record<F, FormMessage>>;

export interface SignInInput {
  username: string;
  password: string;
}

export interface RegisterFormInput {
  username: string;
  email: string;
  password: string;
  passwordAgain: string;
  terms: boolean;
}

export interface Validation<F extends string> {
  errors: FormErrors<F>;
  alert: FormAlert | null;
}

const key = (name: keyof typeof MESSAGE_KEYS): FormMessage => ({ key: MESSAGE_KEYS[name] });

/** Username and password required, 2-20 characters each (trimmed); otherwise 'enter credentials'. */
export function validateSignIn(input: SignInInput): Validation<SignInField> {
  const errors: FormErrors<SignInField> = {};
  if (!isValidUsername(input.username.trim())) errors.username = key('usernameRequired');
  if (!isValidPassword(input.password.trim())) errors.password = key('passwordRequired');
  return { errors, alert: Object.keys(errors).length ? 'ENTER_CREDENTIALS' : null };
}

/**
 * Username 2-20, email 6-120 with a mail pattern, both passwords 2-20 (and equal), terms ticked.
 * Only the terms wrong: 'accept the terms'; anything else wrong: 'missing input'.
 */
export function validateRegister(input: RegisterFormInput): Validation<RegisterField> {
  const errors: FormErrors<RegisterField> = {};
  if (!isValidUsername(input.username.trim())) errors.username = key('usernameInvalid');
  if (!isValidEmail(input.email.trim())) errors.email = key('emailInvalid');
  const password = input.password.trim();
  const again = input.passwordAgain.trim();
  if (!isValidPassword(password)) errors.password = key('passwordInvalid');
  if (!isValidPassword(again)) errors.password_again = key('passwordInvalid');
  else if (!errors.password && password !== again) errors.password_again = key('passwordsDiffer');
  const fieldsValid = Object.keys(errors).length === 0;
  if (!input.terms) errors.terms = { key: ALERT_KEYS.ACCEPT_TERMS };
  if (Object.keys(errors).length === 0) return { errors, alert: null };
  return { errors, alert: fieldsValid ? 'ACCEPT_TERMS' : 'MISSING_INPUT' };
}

/**
 * The server's errors list on the form: field 'all' (and any field the form does not have) becomes
 * the general form error, every other field shows its message. An empty list on a refusal gets
 * the generic message.
 */
export function serverErrors<F extends string>(
  errors: readonly FieldError[],
  fields: readonly F[],
  generic: FormMessage,
): FormErrors<F | 'all'> {
  const result: FormErrors<F | 'all'> = {};
  for (const error of errors) {
    const field = (fields as readonly string[]).includes(error.field) ? (error.field as F) : 'all';
    result[field] ??= { text: error.message };
  }
  if (Object.keys(result).length === 0) result.all = generic;
  return result;
}
