/**
 * The social routes that call the service with the customer's token (social.ts registers them
 * after the login flow): the ticket's connect and the user's name, the media pages, thumbnails and
 * the chosen photo, with the token check and the failure answer they share.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { deleteSocialLogin, findSocialLogin, redeemSocialTicket } from '../db/socialLogins.js';
import { requestLocale } from '../i18n/messages.js';
import { PHOTO_ERRORS, photoMessage } from '../i18n/photoMessages.js';
import { decodeCustomer } from '../photos/decodeCheck.js';
import { ImageInspector } from '../photos/imageInspector.js';
import { mediaPageOf } from '../social/mediaList.js';
import { ProviderError, getBytes, getJson } from '../social/providerCalls.js';
import { isMediaPage, isServiceUrl, type SocialConfig } from '../social/socialConfig.js';
import { PNG_SIGNATURE } from '../photos/pngHeader.js';

/** timestamp: when the photo was taken or posted, which tells the photo tiles apart. */
const MEDIA_FIELDS = 'id,media_type,media_url,thumbnail_url,timestamp';
const THUMBNAIL_MAX_BYTES = 4 * 1024 * 1024;
const ProviderFailure = Type.Object({
  error: Type.String(),
  status: Type.Integer(),
  statusText: Type.String(),
  signedOut: Type.Boolean(),
});

/** Answers a failed service call: 401 when the token was refused (the editor shows the login prompt), else 502. */
async function providerFailed(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  error: unknown,
): Promise<FastifyReply> {
  const failure =
    error instanceof ProviderError ? error : new ProviderError('Server error', 0, '', false);
  request.log.warn(
    { status: failure.status, message: failure.message },
    'social service call failed',
  );
  if (failure.signedOut && request.session) await deleteSocialLogin(app.db, request.session.id);
  return reply.code(failure.signedOut ? 401 : 502).send({
    error: failure.message,
    status: failure.status,
    statusText: failure.statusText,
    signedOut: failure.signedOut,
  });
}

/** The connected session's token, or null after answering 401 (the editor then shows its login prompt). */
async function connectedToken(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string | null> {
  const login = request.session ? await findSocialLogin(app.db, request.session.id) : null;
  const expired = login?.tokenExpiresAt && login.tokenExpiresAt.getTime() <= Date.now();
  if (login?.connected && login.accessToken && !expired) return login.accessToken;
  void reply.code(401).send({
    error: 'not signed in to the social service',
    status: 401,
    statusText: 'Unauthorized',
    signedOut: true,
  });
  return null;
}

/** Registers connect, the media pages, thumbnails and the chosen photo on `app` itself (socialRoutes' plugin). */
export function socialServiceRoutes(app: FastifyInstance, config: SocialConfig): void {
  // The editor accepted the window message: the ticket makes the token usable; the user-info call names the customer.
  app.post(
    '/api/social/connect',
    {
      schema: {
        body: Type.Object({ ticket: Type.String({ minLength: 21, maxLength: 200 }) }),
        response: {
          200: Type.Object({ username: Type.String() }),
          401: ProviderFailure,
          502: ProviderFailure,
        },
      },
    },
    async (request, reply) => {
      const session = request.session;
      if (
        !session ||
        !(await redeemSocialTicket(app.db, session.id, (request.body as { ticket: string }).ticket))
      ) {
        return reply.code(401).send({
          error: 'unknown ticket',
          status: 401,
          statusText: 'Unauthorized',
          signedOut: true,
        });
      }
      const token = await connectedToken(app, request, reply);
      if (token === null) return reply;
      try {
        const url = new URL(config.userInfoUrl);
        if (!url.searchParams.has('fields')) url.searchParams.set('fields', 'id,username');
        const info = (await getJson(config, url.href, token)) as {
          username?: unknown;
          name?: unknown;
          preferred_username?: unknown;
        };
        const username = [info.username, info.preferred_username, info.name].find(
          (value) => typeof value === 'string' && value,
        ) as string | undefined;
        return { username: username ?? '' };
      } catch (error) {
        return providerFailed(app, request, reply, error);
      }
    },
  );

  // One page of the customer's media: the first, or the one `next` names (the service's own API only).
  app.get(
    '/api/social/media',
    {
      schema: {
        querystring: Type.Object({
          next: Type.Optional(Type.String({ maxLength: 4096 })),
          format: Type.Optional(Type.String()),
          lang: Type.Optional(Type.String()),
        }),
      },
    },
    async (request, reply) => {
      const { next } = request.query as { next?: string };
      if (next && !isMediaPage(config, next))
        return reply.code(400).send({
          error: 'not a page of the service',
          status: 400,
          statusText: 'Bad Request',
          signedOut: false,
        });
      const token = await connectedToken(app, request, reply);
      if (token === null) return reply;
      let url = next;
      if (!url) {
        const first = new URL(config.mediaUrl);
        if (!first.searchParams.has('fields')) first.searchParams.set('fields', MEDIA_FIELDS);
        url = first.href;
      }
      try {
        return mediaPageOf(await getJson(config, url, token));
      } catch (error) {
        return providerFailed(app, request, reply, error);
      }
    },
  );

  // A thumbnail through the server: the editor's CSP shows our own images only, and a service may want the token.
  app.get(
    '/api/social/thumbnail',
    { schema: { querystring: Type.Object({ url: Type.String({ maxLength: 4096 }) }) } },
    async (request, reply) => {
      const { url } = request.query as { url: string };
      if (!isServiceUrl(config, url))
        return reply.code(400).send({
          error: 'not a media URL of the service',
          status: 400,
          statusText: 'Bad Request',
          signedOut: false,
        });
      const token = await connectedToken(app, request, reply);
      if (token === null) return reply;
      try {
        const { bytes } = await getBytes(config, url, token, THUMBNAIL_MAX_BYTES);
        const format = imageFormat(bytes);
        if (!format)
          return reply.code(502).send({
            error: 'not an image',
            status: 502,
            statusText: 'Bad Gateway',
            signedOut: false,
          });
        return reply
          .header('content-type', `image/${format}`)
          .header('cache-control', 'private, max-age=3600')
          .send(bytes);
      } catch (error) {
        return providerFailed(app, request, reply, error);
      }
    },
  );

  // The chosen photo, read with the customer's token, checked like an upload (structure and a full
  // decode), answered as the file service answers (dataurl). Saving uploads it with type social.
  app.post(
    '/api/social/photo',
    { schema: { body: Type.Object({ url: Type.String({ maxLength: 4096 }) }) } },
    async (request, reply) => {
      const { url } = request.body as { url: string };
      const locale = requestLocale(request);
      const refuse = (key: 'imageCouldNotBeLoaded' | 'noJpgImage' | 'fileTooBig', status = 200) =>
        reply
          .code(status)
          .send({ error: true, msg: photoMessage(locale, key), code: PHOTO_ERRORS[key] });
      if (!isServiceUrl(config, url)) return refuse('imageCouldNotBeLoaded', 400);
      const token = await connectedToken(app, request, reply);
      if (token === null) return reply;
      let bytes: Buffer;
      try {
        bytes = (await getBytes(config, url, token, config.maxPhotoBytes)).bytes;
      } catch (error) {
        if (error instanceof ProviderError && error.status === 413) return refuse('fileTooBig');
        return providerFailed(app, request, reply, error);
      }
      const inspector = new ImageInspector({ allowPng: false, maxBytes: config.maxPhotoBytes });
      inspector.push(bytes);
      if (!inspector.finish().ok) return refuse('noJpgImage');
      const customer = decodeCustomer(request.session!);
      const verdict = await app.decodeCheck.check(customer, () => Readable.from([bytes]));
      if (verdict.kind === 'busy')
        return reply
          .code(503)
          .header('retry-after', '5')
          .send({
            error: true,
            msg: photoMessage(locale, 'serverError'),
            code: PHOTO_ERRORS.serverError,
          });
      if (verdict.kind === 'refused') return refuse('noJpgImage');
      return {
        error: false,
        msg: '',
        dataurl: `data:image/jpeg;base64,${bytes.toString('base64')}`,
      };
    },
  );
}

function imageFormat(bytes: Buffer): 'jpeg' | 'png' | null {
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'jpeg';
  if (PNG_SIGNATURE.every((byte, k) => bytes[k] === byte)) return 'png';
  return null;
}
