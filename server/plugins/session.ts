import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  SESSION_COOKIE,
  SESSION_LIFETIME_MS,
  createSession,
  findSession,
  isWellFormedSessionId,
  type Session,
} from '../auth/sessions.js';
import { hitRateLimit } from '../db/rateLimits.js';
import { requestLocale, t } from '../i18n/messages.js';
import { clientAddressKey } from './rateLimitStore.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session when the cookie names a live one; null otherwise. */
    session: Session | null;
  }
  interface FastifyInstance {
    /**
     * Returns the request's session, creating one (and its cookie) when there is none; null after
     * answering 429 when the address has started its SESSION_RATE_LIMIT of sessions this minute.
     */
    ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<Session | null>;
    /**
     * Counts one new session of the request's address; false when that is one too many this minute.
     * Every route that adds a sessions row without replacing the caller's own calls it first.
     */
    admitNewSession(request: FastifyRequest): Promise<boolean>;
    /** Sets the session cookie for the given session. */
    setSessionCookie(reply: FastifyReply, session: Session): void;
  }
}

export interface SessionPluginOptions {
  secureCookies: boolean;
  /** SESSION_RATE_LIMIT: new sessions one address may start per minute, by any route. */
  newSessionsPerMinute: number;
}

const NEW_SESSION_WINDOW_MS = 60_000;

/** The 429 answer of a route refused a new session: the text in the customer's language. */
export function tooManyNewSessions(request: FastifyRequest): string {
  return t('session.tooMany', requestLocale(request));
}

/** Reads the session cookie on every request; the heartbeat and sign-in create and rotate sessions. */
export const sessionPlugin = fp<SessionPluginOptions>(async (app: FastifyInstance, options) => {
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    const id = request.cookies[SESSION_COOKIE];
    request.session = isWellFormedSessionId(id) ? await findSession(app.db, id) : null;
  });

  app.decorate('setSessionCookie', (reply: FastifyReply, session: Session) => {
    reply.setCookie(SESSION_COOKIE, session.id, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: options.secureCookies,
      maxAge: Math.floor(SESSION_LIFETIME_MS / 1000),
    });
  });

  // One count per address for every route (the rate_limits table, shared by all instances): a
  // client that drops its cookie cannot fill the sessions table through any of them.
  app.decorate('admitNewSession', async (request: FastifyRequest) => {
    const key = `new-session|${clientAddressKey(request)}`;
    const { hits } = await hitRateLimit(app.db, key, NEW_SESSION_WINDOW_MS);
    if (hits <= options.newSessionsPerMinute) return true;
    request.log.warn({ hits }, 'new session refused: too many from this address');
    return false;
  });

  app.decorate('ensureSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) return request.session;
    if (!(await app.admitNewSession(request))) {
      void reply
        .code(429)
        .header('retry-after', String(NEW_SESSION_WINDOW_MS / 1000))
        .send({ error: tooManyNewSessions(request) });
      return null;
    }
    const session = await createSession(app.db);
    request.session = session;
    app.setSessionCookie(reply, session);
    return session;
  });
});
