import type { FastifyReply, FastifyRequest } from 'fastify';

/** The signed-in user's id, or null after answering 401 JSON (the caller then returns the reply). */
export function requireUserId(request: FastifyRequest, reply: FastifyReply): number | null {
  const userId = request.session?.userId ?? null;
  if (userId === null) {
    void reply.code(401).send({ error: 'Not signed in', authenticated: 'false' });
    return null;
  }
  return userId;
}

/** The signed-in user's id or null, for pages that show a sign-in form instead. */
export function currentUserId(request: FastifyRequest): number | null {
  return request.session?.userId ?? null;
}
