import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import type { RateLimitOptions } from '@fastify/rate-limit';
import { decryptPassword, PasswordCipherError } from '../../src/api/passwordCipher.js';
import { requestLocale, t } from '../i18n/messages.js';
import { tooManyNewSessions } from '../plugins/session.js';
import { rotateSession } from './sessions.js';

/** One error of the spec's answer: a form field, or 'all' for the form as a whole. */
export const FieldErrorSchema = Type.Object({ field: Type.String(), message: Type.String() });
export type FieldError = Static<typeof FieldErrorSchema>;

/** The answer of sign-in and register: authenticated 'true'/'false' and, when it failed, why. */
export const AuthAnswerSchema = Type.Object({
  authenticated: Type.Union([Type.Literal('true'), Type.Literal('false')]),
  errors: Type.Optional(Type.Array(FieldErrorSchema)),
});
export type AuthAnswer = Static<typeof AuthAnswerSchema>;

export function refused(errors: FieldError[]): AuthAnswer {
  return { authenticated: 'false', errors };
}

export type DecryptedPassword =
  { kind: 'missing' } | { kind: 'unreadable' } | { kind: 'ok'; password: string };

/** Decrypts a password field; the plain password is trimmed like every other input of the forms. */
export async function readPassword(
  payload: string | undefined,
  salt: string,
): Promise<DecryptedPassword> {
  if (!payload) return { kind: 'missing' };
  try {
    return { kind: 'ok', password: (await decryptPassword(payload, salt)).trim() };
  } catch (error) {
    if (error instanceof PasswordCipherError) return { kind: 'unreadable' };
    throw error;
  }
}

/**
 * preValidation for form calls: a POST without any body (no fields at all, or an empty text body as
 * navigator.sendBeacon sends) is an empty form, not a bad request; the session check of sign-in and a
 * bare heartbeat are exactly that.
 */
export async function emptyBodyAsEmptyForm(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null || request.body === '') request.body = {};
}

/**
 * The form field a schema failure is about ('/password_again' -> 'password_again'), so an absurd
 * input still gets the spec's message on its field instead of a bare 400.
 */
export function invalidField(request: FastifyRequest): string | null {
  const validation = request.validationError?.validation as
    Array<{ instancePath?: string }> | undefined;
  return validation?.[0]?.instancePath?.split('/')[1] || null;
}

/**
 * Per-IP limit of sign-in and register attempts per minute. A session check (empty credentials) is
 * not an attempt and is never counted: the editor runs one every time the save dialog opens. The
 * limiter runs as a preHandler so the parsed body can tell the two apart.
 */
export function authRateLimit(
  maxPerMinute: number,
  isAttempt: (request: FastifyRequest) => boolean,
): RateLimitOptions {
  return {
    max: maxPerMinute,
    timeWindow: 60_000,
    hook: 'preHandler',
    allowList: (request) => !isAttempt(request),
    errorResponseBuilder: (request, context) => {
      const message = t('auth.tooManyAttempts', requestLocale(request));
      return {
        statusCode: context.statusCode,
        authenticated: 'false',
        error: message,
        errors: [{ field: 'all', message }],
      };
    },
  };
}

/**
 * Sign-in, register and a password reset end here: the caller's session is replaced by a signed-in
 * one with a new id. Without a live session to replace, the new row counts toward the address's
 * SESSION_RATE_LIMIT: past it nothing is written and the refusal (429) is answered instead of null.
 */
export async function startSignedInSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<AuthAnswer | null> {
  if (!request.session && !(await app.admitNewSession(request))) {
    void reply.code(429).header('retry-after', '60');
    const message = tooManyNewSessions(request);
    return { authenticated: 'false', errors: [{ field: 'all', message }] };
  }
  const session = await rotateSession(app.db, request.session?.id ?? null, userId);
  request.session = session;
  app.setSessionCookie(reply, session);
  return null;
}
