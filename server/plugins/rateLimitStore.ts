import { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/db.js';
import { deleteEndedRateLimits, hitRateLimit, readRateLimit } from '../db/rateLimits.js';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;

/** Expired windows are deleted by one call in this many: the table stays as small as the clients of the last minutes. */
const SWEEP_EVERY = 200;

/**
 * @fastify/rate-limit's counters in the database instead of each process's memory, so that
 * several instances behind a load balancer share one limit (and a restart does not reset it).
 * Each route counts apart, as with the plugin's in-memory store.
 */
export function databaseRateLimitStore(db: Queryable): FastifyRateLimitStoreCtor {
  let calls = 0;
  // The plugin's typings say child() gets route options; at run time it gets its merged options (with routeInfo).
  class DatabaseStore {
    /** The plugin passes its options first; only child() names a route. */
    constructor(
      _options: unknown,
      private readonly prefix = 'global',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      if (++calls % SWEEP_EVERY === 0) void deleteEndedRateLimits(db).catch(() => undefined);
      hitRateLimit(db, `${this.prefix}|${key}`, timeWindow).then(
        ({ hits, ttlMs }) => callback(null, { current: hits, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      readRateLimit(db, `${this.prefix}|${key}`).then(
        (window) => callback(null, { current: window?.hits ?? 0, ttl: window?.ttlMs ?? 0 }),
        (error: Error) => callback(error),
      );
    }

    /** The plugin's merged options of one route: its own counters, unless routes share a groupId. */
    child(params: {
      groupId?: string;
      routeInfo?: { method?: string | string[]; url?: string };
    }): DatabaseStore {
      const method = [params.routeInfo?.method ?? ''].flat().join(',');
      return new DatabaseStore(null, params.groupId ?? `${method} ${params.routeInfo?.url ?? ''}`);
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * The plugin's own key (the client address, IPv6 by its /64), and one shared key for a request
 * whose client has already gone: its socket no longer has an address, and the plugin's default
 * read `undefined.toLowerCase()` and answered 500 (seen on a page's close beacon as a server stopped).
 */
export function clientAddressKey(request: Pick<FastifyRequest, 'ip'>): string {
  return request.ip ? normalizeIP(request.ip) : 'client-gone';
}
