import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Counts the route handlers still running, so the server can close its database only after them.
 *
 * Fastify runs the onClose hooks once its connections have closed. A customer whose connection
 * went away mid-request (a closed tab, a phone losing its network) has no connection left, yet
 * that request's handler goes on: without this, it met a closed database, and its write (a save
 * the customer is about to retry) failed with the database's internal error instead of finishing.
 * Handlers are wrapped as routes are added (onRoute), so every route counts, whatever its client.
 */
export interface InFlightHandlers {
  /** Handlers running now. */
  readonly count: number;
  /** Resolves once no handler runs, or after `graceMs` (true when they all finished). */
  settled(graceMs: number): Promise<boolean>;
}

export function trackInFlightHandlers(app: FastifyInstance): InFlightHandlers {
  let count = 0;
  let waiters: Array<() => void> = [];
  const finished = () => {
    count -= 1;
    if (count > 0) return;
    for (const wake of waiters) wake();
    waiters = [];
  };
  app.addHook('onRoute', (route) => {
    const handler = route.handler as RouteHandlerMethod;
    route.handler = function counted(this: FastifyInstance, request, reply) {
      count += 1;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (error) {
        finished();
        throw error;
      }
      // An async handler: the same value, once it settles (Fastify reads it as it would the original).
      if (result !== reply && isThenable(result)) return Promise.resolve(result).finally(finished);
      // A handler that answered at once, or will through `reply` later: until its response ends.
      if (reply.sent) finished();
      else reply.raw.once('close', finished);
      return result;
    } as RouteHandlerMethod;
  });
  return {
    get count() {
      return count;
    },
    settled(graceMs) {
      if (count === 0) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timer = setTimeout(() => resolve(false), graceMs);
        timer.unref();
        waiters.push(() => {
          clearTimeout(timer);
          resolve(true);
        });
      });
    },
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
