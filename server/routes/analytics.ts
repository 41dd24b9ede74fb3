import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { ANALYTICS_PATH, MAX_BATCH_BYTES, parseBatch } from '../../src/api/analyticsWire.js';
import { countsPerDay, storeBatch } from '../db/analytics.js';

/** Events one session may store per day, and one address (many sessions behind one office NAT). */
export const SESSION_DAILY_EVENTS = 2000;
export const ADDRESS_DAILY_EVENTS = 20000;
/** Batches per address per minute: the editor sends one every 30 s or so, a page hide one more. */
export const BATCHES_PER_MINUTE = 60;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The address as a quota key: a short keyed hash, never the address itself. */
function addressKey(request: FastifyRequest, secret: string): string {
  return `ip:${crypto.createHmac('sha256', secret).update(request.ip).digest('hex').slice(0, 24)}`;
}

function sameToken(given: string, expected: string): boolean {
  const digest = (value: string) => crypto.createHash('sha256').update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(expected));
}

const DAY_MS = 24 * 3600 * 1000;

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The report's default days: the last 30 up to today in the shop's time zone, the zone its days
 * are counted in. (Today in UTC left out the shop's first hour or two of every day: from 23:00 UTC
 * Amsterdam's events fall on a day after the range.)
 */
export function defaultReportDays(now: Date, timeZone: string): { from: string; to: string } {
  const to = dayIn(now, timeZone);
  const from = new Date(Date.parse(`${to}T00:00:00Z`) - 29 * DAY_MS).toISOString().slice(0, 10);
  return { from, to };
}

/**
 * POST /api/analytics: a batch of the editor's events (sendBeacon sends text/plain JSON). Answers
 * 204 whatever the quota kept: the editor has nothing to do about it. Errors the customer met
 * (category 'error': a photo that could not be loaded and why, a global error) also go to the
 * server's log, so support finds them next to the upload refusals.
 *
 * GET /api/admin/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD: counts per event and day for the shop,
 * with `Authorization: Bearer <ANALYTICS_TOKEN>`. Without ANALYTICS_TOKEN the report does not exist.
 */
export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const quotaSecret = crypto.randomBytes(16).toString('hex');

  app.post(
    ANALYTICS_PATH,
    {
      bodyLimit: MAX_BATCH_BYTES,
      config: { rateLimit: { max: BATCHES_PER_MINUTE, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const batch = parseBatch(request.body);
      if (!batch) return reply.code(400).send({ error: 'Not an analytics batch' });
      const sessionId = request.session?.id ?? null;
      const keys = [addressKey(request, quotaSecret)];
      const limits = [ADDRESS_DAILY_EVENTS];
      if (sessionId) {
        keys.unshift(`s:${sessionId}`);
        limits.unshift(SESSION_DAILY_EVENTS);
      }
      const stored = await storeBatch(app.db, sessionId, keys, limits, batch.events);
      if (stored < batch.events.length)
        request.log.warn({ dropped: batch.events.length - stored }, 'analytics quota reached');
      for (const event of batch.events.slice(0, stored)) {
        if (event.category === 'error')
          request.log.warn(
            { action: event.action, reason: event.label },
            `client error: ${event.action}`,
          );
      }
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/admin/analytics',
    {
      schema: {
        querystring: Type.Object({
          from: Type.Optional(Type.String({ pattern: DAY.source })),
          to: Type.Optional(Type.String({ pattern: DAY.source })),
        }),
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const expected = app.config.analyticsToken;
      if (!expected) return reply.code(404).send({ error: 'Not found' });
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7) : '';
      if (!given || !sameToken(given, expected))
        return reply.code(401).send({ error: 'Unauthorized' });
      const query = request.query as { from?: string; to?: string };
      const days = defaultReportDays(new Date(), app.config.analyticsTimeZone);
      const to = query.to ?? days.to;
      const from = query.from ?? days.from;
      return {
        from,
        to,
        timeZone: app.config.analyticsTimeZone,
        rows: await countsPerDay(app.db, from, to, app.config.analyticsTimeZone),
      };
    },
  );
}
