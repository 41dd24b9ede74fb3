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

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session when the cookie names a live one; null otherwise. */
    session: Session | null;
  }
  interface FastifyInstance {
    /** Returns the request's session, creating one (and its cookie) when there is none. */
    ensureSession(request: FastifyRequest, reply: FastifyReply): Promise<Session>;
    /** Sets the session cookie for the given session. */
    setSessionCookie(reply: FastifyReply, session: Session): void;
  }
}

export interface SessionPluginOptions {
  secureCookies: boolean;
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

  app.decorate('ensureSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) return request.session;
    const session = await createSession(app.db);
    request.session = session;
    app.setSessionCookie(reply, session);
    return session;
  });
});
