import type { FieldError } from '../../api/client';
import {
  isValidEmail,
  isValidPassword,
  isValidUsername,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../api/accountRules';
import { lengthMessage } from '../../model/text/textForm';

/**
 * The client-side rules of the sign-in and register forms (editor-core §5), pure. Messages are
 * i18n keys; messages the server sends are already in the customer's language and shown as text.
 */
export type FormMessage = { key: string; values?: Record<string, number> } | { text: string };

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

/**
 * Why a sign-in field is refused: empty is the field's own 'Gebruikersnaam is verplicht.' /
 * 'Wachtwoord is verplicht.'; too short or too long the spec's text-field messages ('Dit veld moet
 * minimaal 2 tekens langs zijn', 'Dit veld max maximaal 20 tekens langs zijn'), so a customer who
 * typed one letter is not told the field is empty.
 */
function signInFieldMessage(
  value: string,
  required: keyof typeof MESSAGE_KEYS,
  min: number,
  max: number,
): FormMessage {
  const length = lengthMessage(value, { min, max });
  return value === '' || !length ? key(required) : length;
}

/** Username and password required, 2-20 characters each (trimmed); otherwise 'enter credentials'. */
export function validateSignIn(input: SignInInput): Validation<SignInField> {
  const errors: FormErrors<SignInField> = {};
  const username = input.username.trim();
  const password = input.password.trim();
  if (!isValidUsername(username))
    errors.username = signInFieldMessage(username, 'usernameRequired', USERNAME_MIN, USERNAME_MAX);
  if (!isValidPassword(password))
    errors.password = signInFieldMessage(password, 'passwordRequired', PASSWORD_MIN, PASSWORD_MAX);
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
