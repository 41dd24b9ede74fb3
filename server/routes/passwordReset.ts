import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { isValidEmail, isValidPassword } from '../../src/api/accountRules.js';
import { MAX_PAYLOAD_CHARS, resetSalt } from '../../src/api/passwordCipher.js';
import { RESET_PASSWORD_PATHS } from '../../src/i18n/localePaths.js';
import {
  AuthAnswerSchema,
  authRateLimit,
  emptyBodyAsEmptyForm,
  FieldErrorSchema,
  readPassword,
  refused,
  startSignedInSession,
  type AuthAnswer,
} from '../auth/forms.js';
import { hashPassword } from '../auth/passwords.js';
import {
  isWellFormedResetToken,
  newResetToken,
  RESET_LINK_LIFETIME_MS,
  RESET_MAILS_PER_HOUR,
  resetTokenHash,
} from '../auth/resetTokens.js';
import {
  countRecentResets,
  findResetRecipient,
  insertReset,
  isResetUsable,
  useResetLink,
} from '../db/passwordResets.js';
import { requestLocale, t, type Locale } from '../i18n/messages.js';
import { PASSWORD_TEXTS, resetMailText } from '../pages/passwordTexts.js';

const Lang = Type.Optional(Type.String({ maxLength: 10 }));
const ForgotBody = Type.Object({
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  lang: Lang,
});
const TokenBody = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 100 })),
  lang: Lang,
});
const ResetBody = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(Type.String({ maxLength: MAX_PAYLOAD_CHARS })),
  password_again: Type.Optional(Type.String({ maxLength: MAX_PAYLOAD_CHARS })),
  lang: Lang,
});
const SentAnswer = Type.Object({
  sent: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  errors: Type.Optional(Type.Array(FieldErrorSchema)),
});
const UsableAnswer = Type.Object({
  usable: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  errors: Type.Optional(Type.Array(FieldErrorSchema)),
});

/**
 * The forgotten-password path (beyond the spec): POST /api/forgotPassword mails a single-use link that
 * expires in an hour, POST /api/checkResetLink tells the new-password page whether its link still
 * works, POST /api/resetPassword sets the new password with it and signs the customer in.
 *
 * The answer to a request never tells whether an account has that address, and the mail is sent
 * after answering, so its timing tells nothing either. The link carries the token in its fragment
 * (#token=…): browsers send fragments nowhere, so it stays out of access logs and Referer headers.
 */
export async function passwordResetRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const rateLimit = authRateLimit(app.config.authRateLimitPerMinute, () => true);

  app.post(
    '/api/forgotPassword',
    {
      schema: { body: ForgotBody, response: { 200: SentAnswer } },
      attachValidation: true,
      preValidation: emptyBodyAsEmptyForm,
      config: { rateLimit },
    },
    async (request) => {
      const locale = requestLocale(request);
      const email = request.validationError ? '' : (request.body.email ?? '').trim();
      if (!isValidEmail(email))
        return {
          sent: 'false' as const,
          errors: [{ field: 'email', message: t('register.emailInvalid', locale) }],
        };
      void mailResetLink(app, email, locale).catch((error: unknown) =>
        request.log.error(
          { err: error, event: 'password-reset-mail-failed' },
          'reset mail not sent',
        ),
      );
      return { sent: 'true' as const };
    },
  );

  app.post(
    '/api/checkResetLink',
    {
      schema: { body: TokenBody, response: { 200: UsableAnswer } },
      attachValidation: true,
      preValidation: emptyBodyAsEmptyForm,
      config: { rateLimit },
    },
    async (request) => {
      const token = request.validationError ? undefined : request.body.token;
      if (isWellFormedResetToken(token) && (await isResetUsable(app.db, resetTokenHash(token))))
        return { usable: 'true' as const };
      return {
        usable: 'false' as const,
        errors: [{ field: 'all', message: t('reset.linkInvalid', requestLocale(request)) }],
      };
    },
  );

  app.post(
    '/api/resetPassword',
    {
      schema: { body: ResetBody, response: { 200: AuthAnswerSchema } },
      attachValidation: true,
      preValidation: emptyBodyAsEmptyForm,
      config: { rateLimit },
    },
    async (request, reply): Promise<AuthAnswer> => {
      const locale = requestLocale(request);
      const linkInvalid = refused([{ field: 'all', message: t('reset.linkInvalid', locale) }]);
      const body = request.validationError ? {} : request.body;
      const token = body.token;
      if (!isWellFormedResetToken(token)) return linkInvalid;
      // The passwords are checked before the link is used, so a typo does not cost the customer the link.
      const password = await readPassword(body.password, resetSalt(token));
      const again = await readPassword(body.password_again, resetSalt(token));
      if (password.kind !== 'ok' || !isValidPassword(password.password))
        return refused([{ field: 'password', message: t('register.passwordInvalid', locale) }]);
      if (again.kind !== 'ok' || again.password !== password.password)
        return refused([
          { field: 'password_again', message: t('register.passwordsDiffer', locale) },
        ]);
      const userId = await useResetLink(
        app.db,
        resetTokenHash(token),
        await hashPassword(password.password),
      );
      if (userId === null) return linkInvalid;
      const sessionRefused = await startSignedInSession(app, request, reply, userId);
      if (sessionRefused) return sessionRefused;
      request.log.info({ event: 'password-reset', userId }, 'password reset with a mailed link');
      return { authenticated: 'true' };
    },
  );
}

/** Creates a link for the account of email (if any, and within the hourly limit) and mails it. */
async function mailResetLink(app: FastifyInstance, email: string, locale: Locale): Promise<void> {
  const recipient = await findResetRecipient(app.db, email);
  if (!recipient) return;
  const now = Date.now();
  if (
    (await countRecentResets(app.db, recipient.userId, new Date(now - 60 * 60 * 1000))) >=
    RESET_MAILS_PER_HOUR
  ) {
    app.log.warn(
      { event: 'password-reset-limited', userId: recipient.userId },
      'reset mail limit reached',
    );
    return;
  }
  const token = newResetToken();
  await insertReset(
    app.db,
    recipient.userId,
    resetTokenHash(token),
    new Date(now + RESET_LINK_LIFETIME_MS),
  );
  const link = `${publicBaseUrl(app)}${RESET_PASSWORD_PATHS[locale]}#token=${token}`;
  await app.mailer.send({
    to: recipient.email,
    subject: PASSWORD_TEXTS[locale].mailSubject,
    text: resetMailText(locale, recipient.username, link),
  });
  app.log.info({ event: 'password-reset-mailed', userId: recipient.userId }, 'reset mail sent');
}

/**
 * The shop's own address for links in mails: PUBLIC_URL, else the address this server listens on.
 * Never the request's Host header, which a stranger chooses (a link to their site with a real token).
 */
function publicBaseUrl(app: FastifyInstance): string {
  if (app.config.publicUrl) return app.config.publicUrl.replace(/\/+$/, '');
  const address = app.server.address();
  if (!address || typeof address === 'string')
    return `http://${app.config.host}:${app.config.port}`;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host === '0.0.0.0' || host === '[::]' ? '127.0.0.1' : host}:${address.port}`;
}
