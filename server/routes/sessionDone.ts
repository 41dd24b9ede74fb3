import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { SESSION_DONE_PATH } from '../../src/api/analyticsWire.js';

/**
 * /collage/ajaxDone/s/{session}: the spec's session-done call, 'only logged, no effect'. It answers
 * 204 whatever it is sent (a beacon cannot read the answer), for POST (sendBeacon) and GET.
 */
export async function sessionDoneRoutes(app: FastifyInstance): Promise<void> {
  const schema = {
    params: Type.Object({
      session: Type.Optional(Type.String({ maxLength: 64, pattern: '^[0-9A-Za-z_-]*$' })),
    }),
  };
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { session } = request.params as { session?: string };
    request.log.info(
      { session: session || null, known: request.session?.id === session },
      'session done',
    );
    return reply.code(204).send();
  };
  const config = { rateLimit: { max: 30, timeWindow: '1 minute' } };
  app.post(`${SESSION_DONE_PATH}:session?`, { schema, config }, handler);
  app.get(`${SESSION_DONE_PATH}:session?`, { schema, config }, handler);
}
