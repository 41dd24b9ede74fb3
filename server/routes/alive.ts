import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { emptyBodyAsEmptyForm } from '../auth/forms.js';
import { touchSession } from '../auth/sessions.js';

/**
 * POST /api/alive: the heartbeat. Creates or refreshes the session and answers its id as flashsession.
 * The spec sends s only once it is known, so a first beat may come with no body at all.
 */
export async function aliveRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/alive',
    {
      preValidation: emptyBodyAsEmptyForm,
      schema: {
        body: Type.Optional(Type.Object({ s: Type.Optional(Type.String({ maxLength: 64 })) })),
        response: { 200: Type.Object({ flashsession: Type.String() }) },
      },
    },
    async (request, reply) => {
      // A beat with a live session is free; one that starts a session counts toward the address's
      // SESSION_RATE_LIMIT (ensureSession answers 429 past it).
      const session = await app.ensureSession(request, reply);
      if (!session) return reply;
      await touchSession(app.db, session.id);
      return { flashsession: session.id };
    },
  );
}
