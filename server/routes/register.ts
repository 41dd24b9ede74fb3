import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  isTicked,
  isValidEmail,
  isValidPassword,
  isValidUsername,
} from '../../src/api/accountRules.js';
import { MAX_PAYLOAD_CHARS, registerSalt } from '../../src/api/passwordCipher.js';
import {
  AuthAnswerSchema,
  authRateLimit,
  emptyBodyAsEmptyForm,
  invalidField,
  readPassword,
  refused,
  startSignedInSession,
  type AuthAnswer,
  type DecryptedPassword,
  type FieldError,
} from '../auth/forms.js';
import { hashPassword } from '../auth/passwords.js';
import { findTakenFields, insertUser, type TakenField } from '../db/users.js';
import { requestLocale, t, type Locale, type MessageKey } from '../i18n/messages.js';

const Checkbox = Type.Union([Type.String({ maxLength: 10 }), Type.Boolean()]);
const RegisterBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 1000 })),
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  newsletter: Type.Optional(Checkbox),
  password: Type.Optional(Type.String({ maxLength: MAX_PAYLOAD_CHARS })),
  password_again: Type.Optional(Type.String({ maxLength: MAX_PAYLOAD_CHARS })),
  terms: Type.Optional(Checkbox),
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
type RegisterBody = Static<typeof RegisterBody>;

/** The message a field gets when its value is missing, too long, or of the wrong shape. */
const FIELD_MESSAGES: Record<string, MessageKey> = {
  username: 'register.usernameInvalid',
  email: 'register.emailInvalid',
  password: 'register.passwordInvalid',
  password_again: 'register.passwordInvalid',
  terms: 'register.termsRequired',
};

const TAKEN_MESSAGES: Record<TakenField, MessageKey> = {
  username: 'register.usernameTaken',
  email: 'register.emailTaken',
};

/**
 * POST /api/register: the spec's validation again on the server, every problem at once, each on its
 * field in the form's order (field 'all' for the form as a whole). Success signs the new user in.
 */
export async function registerRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/register',
    {
      schema: { body: Type.Optional(RegisterBody), response: { 200: AuthAnswerSchema } },
      attachValidation: true,
      preValidation: emptyBodyAsEmptyForm,
      config: { rateLimit: authRateLimit(app.config.authRateLimitPerMinute, () => true) },
    },
    async (request, reply): Promise<AuthAnswer> => {
      const locale = requestLocale(request);
      if (request.validationError) {
        const field = invalidField(request);
        const key = field ? FIELD_MESSAGES[field] : undefined;
        return refused([
          key && field
            ? { field, message: t(key, locale) }
            : { field: 'all', message: t('register.generic', locale) },
        ]);
      }

      const body: RegisterBody = request.body ?? {};
      const username = (body.username ?? '').trim();
      const email = (body.email ?? '').trim();
      const salt = registerSalt(username, email);
      const password = await readPassword(body.password, salt);
      const passwordAgain = await readPassword(body.password_again, salt);

      const errors = formErrors(
        { username, email, password, passwordAgain, terms: body.terms },
        locale,
      );
      if (isValidUsername(username) && isValidEmail(email)) {
        for (const field of await findTakenFields(app.db, username, email))
          errors.push({ field, message: t(TAKEN_MESSAGES[field], locale) });
      }
      if (errors.length || password.kind !== 'ok') return refused(sortByForm(errors));

      const result = await insertUser(app.db, {
        username,
        email,
        passwordHash: await hashPassword(password.password),
        newsletter: isTicked(body.newsletter),
      });
      if ('taken' in result)
        return refused([{ field: result.taken, message: t(TAKEN_MESSAGES[result.taken], locale) }]);

      const sessionRefused = await startSignedInSession(app, request, reply, result.id);
      if (sessionRefused) return sessionRefused;
      request.log.info({ event: 'register', userId: result.id }, 'registered and signed in');
      return { authenticated: 'true', errors: [] };
    },
  );
}

interface RegisterForm {
  username: string;
  email: string;
  password: DecryptedPassword;
  passwordAgain: DecryptedPassword;
  terms: unknown;
}

function formErrors(form: RegisterForm, locale: Locale): FieldError[] {
  const errors: FieldError[] = [];
  const add = (field: string, key: MessageKey) => errors.push({ field, message: t(key, locale) });
  if (!isValidUsername(form.username)) add('username', 'register.usernameInvalid');
  if (!isValidEmail(form.email)) add('email', 'register.emailInvalid');
  const passwordOk = checkPassword('password', form.password, add);
  const againOk = checkPassword('password_again', form.passwordAgain, add);
  if (form.password.kind === 'unreadable' || form.passwordAgain.kind === 'unreadable')
    add('all', 'register.unreadablePassword');
  if (
    passwordOk &&
    againOk &&
    form.password.kind === 'ok' &&
    form.passwordAgain.kind === 'ok' &&
    form.password.password !== form.passwordAgain.password
  ) {
    add('password_again', 'register.passwordsDiffer');
  }
  if (!isTicked(form.terms)) add('terms', 'register.termsRequired');
  return errors;
}

/** True when the field holds a valid password; adds the field's message when it is missing or out of range. */
function checkPassword(
  field: string,
  value: DecryptedPassword,
  add: (field: string, key: MessageKey) => void,
): boolean {
  if (value.kind === 'unreadable') return false;
  if (value.kind === 'ok' && isValidPassword(value.password)) return true;
  add(field, 'register.passwordInvalid');
  return false;
}

const FORM_ORDER = ['username', 'email', 'password', 'password_again', 'terms', 'all'];

function sortByForm(errors: FieldError[]): FieldError[] {
  return [...errors].sort((a, b) => FORM_ORDER.indexOf(a.field) - FORM_ORDER.indexOf(b.field));
}
