import type { FastifyInstance } from 'fastify';

/** Longer than this and the database counts as unreachable: a load balancer's check must not hang. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * GET /api/ready: the load balancer's readiness check. 200 while this instance can serve (its
 * database answers a query within 2 s); 503 while the database is unreachable, so traffic goes to
 * the other instances. While the server stops (SIGTERM) Fastify answers 503 to new requests itself.
 * The answer says nothing about the setup: anyone can call it.
 */
export async function readyRoutes(app: FastifyInstance): Promise<void> {
  app.get('/api/ready', async (request, reply) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([app.db.query('SELECT 1'), timeout]);
      return reply.header('cache-control', 'no-store').send({ ready: true });
    } catch (error) {
      request.log.warn({ err: error }, 'not ready: the database does not answer');
      return reply.code(503).header('cache-control', 'no-store').send({ ready: false });
    } finally {
      clearTimeout(timer);
    }
  });
}
