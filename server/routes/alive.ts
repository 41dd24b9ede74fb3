import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { touchSession } from '../auth/sessions.js';

/** POST /api/alive: the heartbeat. Creates or refreshes the session and answers its id as flashsession. */
export async function aliveRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/alive',
    {
      schema: {
        body: Type.Optional(Type.Object({ s: Type.Optional(Type.String({ maxLength: 64 })) })),
        response: { 200: Type.Object({ flashsession: Type.String() }) },
      },
    },
    async (request, reply) => {
      const session = await app.ensureSession(request, reply);
      await touchSession(app.db, session.id);
      return { flashsession: session.id };
    },
  );
}
