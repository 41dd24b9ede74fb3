import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale, t } from '../i18n/messages.js';

/**
 * preHandler for calls that need a signed-in user: answers 401 {error} in the request's locale
 * otherwise. Use it as `{ preHandler: requireUser }`, then read the id with signedInUserId(request).
 */
export async function requireUser(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply | undefined> {
  if (request.session?.userId != null) return undefined;
  return reply.code(401).send({ error: t('auth.notSignedIn', requestLocale(request)) });
}

/** The signed-in user's id; only valid behind requireUser (throws otherwise, a programming error). */
export function signedInUserId(request: FastifyRequest): number {
  const userId = request.session?.userId;
  if (userId == null) throw new Error('signedInUserId used on a route without requireUser');
  return userId;
}
