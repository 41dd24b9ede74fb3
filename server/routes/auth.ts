import type { FastifyInstance } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  characterCount,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from '../../src/api/accountRules.js';
import { MAX_PAYLOAD_CHARS, signInSalt } from '../../src/api/passwordCipher.js';
import {
  AuthAnswerSchema,
  authRateLimit,
  emptyBodyAsEmptyForm,
  invalidField,
  readPassword,
  refused,
  startSignedInSession,
  type AuthAnswer,
  type FieldError,
} from '../auth/forms.js';
import { verifyPassword } from '../auth/passwords.js';
import { requireUser, signedInUserId } from '../auth/requireUser.js';
import { deleteSession, SESSION_COOKIE } from '../auth/sessions.js';
import { findUserById, findUserByUsername } from '../db/users.js';
import { requestLocale, t } from '../i18n/messages.js';

const SignInBody = Type.Object({
  username: Type.Optional(Type.String({ maxLength: 1000 })),
  password: Type.Optional(Type.String({ maxLength: MAX_PAYLOAD_CHARS })),
  /** The editor sends mode 'signin'; the call does the same without it. */
  mode: Type.Optional(Type.String({ maxLength: 20 })),
  lang: Type.Optional(Type.String({ maxLength: 10 })),
});
type SignInBody = Static<typeof SignInBody>;

/** Empty credentials ask "am I signed in?" instead of signing in. */
function isSessionCheck(body: unknown): boolean {
  const fields = (body ?? {}) as Partial<SignInBody>;
  return !fields.username?.trim() && !fields.password;
}

function inRange(text: string, min: number, max: number): boolean {
  const length = characterCount(text);
  return length >= min && length <= max;
}

/**
 * POST /api/isAuthenticated (check and sign-in), POST /api/logout, GET /api/me.
 * Sign-in gets a new session id (no fixation); every failed sign-in costs one argon2 verification,
 * whether or not the user exists, and answers the same words.
 */
export async function authRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/isAuthenticated',
    {
      schema: { body: Type.Optional(SignInBody), response: { 200: AuthAnswerSchema } },
      attachValidation: true,
      preValidation: emptyBodyAsEmptyForm,
      config: {
        rateLimit: authRateLimit(
          app.config.authRateLimitPerMinute,
          (request) => !isSessionCheck(request.body),
        ),
      },
    },
    async (request, reply): Promise<AuthAnswer> => {
      const locale = requestLocale(request);
      const badField = invalidField(request);
      if (badField === 'username')
        return refused([{ field: 'username', message: t('signIn.usernameRequired', locale) }]);
      if (badField === 'password')
        return refused([{ field: 'password', message: t('signIn.passwordRequired', locale) }]);
      if (badField !== null || request.validationError)
        return refused([{ field: 'all', message: t('signIn.wrongCredentials', locale) }]);

      const body = request.body ?? {};
      if (isSessionCheck(body))
        return { authenticated: request.session?.userId != null ? 'true' : 'false' };

      const username = (body.username ?? '').trim();
      const password = await readPassword(body.password, signInSalt(username));
      const errors: FieldError[] = [];
      if (!inRange(username, USERNAME_MIN, USERNAME_MAX))
        errors.push({ field: 'username', message: t('signIn.usernameRequired', locale) });
      if (
        password.kind === 'missing' ||
        (password.kind === 'ok' && !inRange(password.password, PASSWORD_MIN, PASSWORD_MAX))
      ) {
        errors.push({ field: 'password', message: t('signIn.passwordRequired', locale) });
      }
      if (errors.length) return refused(errors);
      const wrongCredentials = refused([
        { field: 'all', message: t('signIn.wrongCredentials', locale) },
      ]);
      if (password.kind !== 'ok') return wrongCredentials;

      const user = await findUserByUsername(app.db, username);
      const verified = await verifyPassword(user?.passwordHash ?? null, password.password);
      if (!user || !verified) {
        request.log.info({ event: 'sign-in-failed' }, 'sign-in failed');
        return wrongCredentials;
      }
      const sessionRefused = await startSignedInSession(app, request, reply, user.id);
      if (sessionRefused) return sessionRefused;
      request.log.info({ event: 'sign-in', userId: user.id }, 'signed in');
      return { authenticated: 'true' };
    },
  );

  app.post(
    '/api/logout',
    {
      preValidation: emptyBodyAsEmptyForm,
      schema: {
        body: Type.Optional(Type.Object({ lang: Type.Optional(Type.String({ maxLength: 10 })) })),
        response: { 200: AuthAnswerSchema },
      },
    },
    async (request, reply): Promise<AuthAnswer> => {
      if (request.session) await deleteSession(app.db, request.session.id);
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { authenticated: 'false' };
    },
  );

  app.get(
    '/api/me',
    {
      preHandler: requireUser,
      schema: {
        querystring: Type.Object({
          format: Type.Optional(Type.String()),
          lang: Type.Optional(Type.String()),
        }),
        response: {
          200: Type.Object({
            username: Type.String(),
            email: Type.String(),
            newsletter: Type.Boolean(),
          }),
          401: Type.Object({ error: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      const user = await findUserById(app.db, signedInUserId(request));
      if (!user)
        return reply.code(401).send({ error: t('auth.notSignedIn', requestLocale(request)) });
      return { username: user.username, email: user.email, newsletter: user.newsletter };
    },
  );
}
