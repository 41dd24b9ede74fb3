import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  deleteSocialLogin,
  findSocialLogin,
  startSocialLogin,
  storeSocialToken,
} from '../db/socialLogins.js';
import { requestLocale, t } from '../i18n/messages.js';
import {
  SOCIAL_ERROR_PREFIX,
  SOCIAL_MESSAGE_PREFIX,
  sendCallbackPage,
} from '../social/callbackPage.js';
import { isShopNavigation } from '../social/loginStart.js';
import { ProviderError, exchangeCode } from '../social/providerCalls.js';
import type { SocialConfig } from '../social/socialConfig.js';
import { socialServiceRoutes } from './socialService.js';

function base64url(bytes: Buffer): string {
  return bytes.toString('base64url');
}

/**
 * The social photo tab's calls: the OAuth 2.0 authorization-code flow with PKCE (login, callback),
 * the ticket the editor redeems, the user's name, the media pages, thumbnails and the chosen photo
 * (socialService.ts). The client secret and the access token never leave the server.
 */
export async function socialRoutes(app: FastifyInstance): Promise<void> {
  const config: SocialConfig | null = app.config.social;

  app.get('/api/social/config', async () =>
    config
      ? { enabled: true, name: config.name, messageOrigin: config.messageOrigin }
      : { enabled: false, name: '', messageOrigin: '' },
  );
  if (!config) return;

  // The popup starts here: a state and a PKCE verifier for this session, then the service's login.
  // Only from the shop's own pages: a start replaces the session's connection (loginStart.ts).
  app.get('/api/social/login', async (request, reply) => {
    if (!isShopNavigation(request)) {
      const locale = requestLocale(request);
      request.log.warn(
        { secFetchSite: request.headers['sec-fetch-site'] },
        'social login not started: not from the shop',
      );
      return sendCallbackPage(reply.code(403), {
        message: `${SOCIAL_ERROR_PREFIX}cross-site`,
        targetOrigin: config.messageOrigin,
        text: t('request.crossSite', locale),
        lang: locale,
      });
    }
    const session = await app.ensureSession(request, reply);
    if (!session) return reply;
    const state = base64url(crypto.randomBytes(24));
    const verifier = base64url(crypto.randomBytes(48));
    await startSocialLogin(app.db, session.id, state, verifier);
    const target = new URL(config.authorizeUrl);
    target.searchParams.set('response_type', 'code');
    target.searchParams.set('client_id', config.clientId);
    target.searchParams.set('redirect_uri', config.redirectUrl);
    if (config.scope) target.searchParams.set('scope', config.scope);
    target.searchParams.set('state', state);
    target.searchParams.set(
      'code_challenge',
      base64url(crypto.createHash('sha256').update(verifier).digest()),
    );
    target.searchParams.set('code_challenge_method', 'S256');
    return reply
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header('cache-control', 'no-store')
      .redirect(target.href, 302);
  });

  app.get(
    '/api/social/callback',
    {
      schema: {
        querystring: Type.Object({
          code: Type.Optional(Type.String({ maxLength: 4096 })),
          state: Type.Optional(Type.String({ maxLength: 200 })),
          error: Type.Optional(Type.String({ maxLength: 200 })),
          error_description: Type.Optional(Type.String({ maxLength: 1000 })),
        }),
      },
    },
    async (request, reply) => {
      const {
        code,
        state,
        error,
        error_description: description,
      } = request.query as Record<string, string | undefined>;
      const locale = requestLocale(request);
      const page = (message: string, ok: boolean) =>
        sendCallbackPage(reply, {
          message,
          targetOrigin: config.messageOrigin,
          text: t(ok ? 'social.signedIn' : 'social.failed', locale),
          lang: locale,
        });
      const session = request.session;
      const login = session ? await findSocialLogin(app.db, session.id) : null;
      if (
        !session ||
        !login?.state ||
        !login.codeVerifier ||
        !state ||
        login.state.length !== state.length ||
        !crypto.timingSafeEqual(Buffer.from(login.state), Buffer.from(state))
      ) {
        request.log.warn('social callback without its login (state does not match)');
        return page(`${SOCIAL_ERROR_PREFIX}state`, false);
      }
      if (error || !code) {
        await deleteSocialLogin(app.db, session.id);
        return page(`${SOCIAL_ERROR_PREFIX}${description || error || 'no code'}`, false);
      }
      try {
        const token = await exchangeCode(config, code, login.codeVerifier);
        const ticket = base64url(crypto.randomBytes(32));
        await storeSocialToken(app.db, session.id, token.accessToken, token.expiresAt, ticket);
        return page(`${SOCIAL_MESSAGE_PREFIX}${ticket}`, true);
      } catch (failure) {
        await deleteSocialLogin(app.db, session.id);
        const message = failure instanceof ProviderError ? failure.message : 'Server error';
        request.log.warn({ message }, 'social token exchange failed');
        return page(`${SOCIAL_ERROR_PREFIX}${message}`, false);
      }
    },
  );

  socialServiceRoutes(app, config);

  app.post('/api/social/logout', async (request) => {
    if (request.session) await deleteSocialLogin(app.db, request.session.id);
    return { signedOut: true };
  });
}
