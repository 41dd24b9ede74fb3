import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestLocale } from '../i18n/locale.js';
import { PHOTO_ERRORS, photoMessage } from '../i18n/photoMessages.js';

/** The signed-in user's id, or null after answering 401 JSON. Routes return when it is null. */
export function requireUserId(request: FastifyRequest, reply: FastifyReply): number | null {
  const userId = request.session?.userId ?? null;
  if (userId !== null) return userId;
  void reply.code(401).send({
    error: photoMessage(requestLocale(request), 'notSignedIn'),
    code: PHOTO_ERRORS.notSignedIn,
    authenticated: 'false',
  });
  return null;
}

/** The signed-in user's id or null, for pages that show a sign-in form instead. */
export function currentUserId(request: FastifyRequest): number | null {
  return request.session?.userId ?? null;
}
