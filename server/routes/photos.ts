import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requireUserId } from '../auth/currentUser.js';
import { findUserPhoto, type PhotoRow } from '../db/photos.js';
import { requestLocale } from '../i18n/locale.js';
import { PHOTO_ERRORS, photoMessage, type PhotoMessageKey } from '../i18n/photoMessages.js';
import { checkStoredFile, streamedFileAnswer } from '../photos/fileAnswer.js';
import { MAX_UPLOAD_BYTES } from '../photos/uploadIntake.js';

const PHOTO_ID = /^[1-9][0-9]{0,14}$/;
/** A photo's bytes under an id never change (the store is content-addressed), so browsers may keep them. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

const ErrorAnswer = Type.Object({ error: Type.String(), code: Type.String() });
const FileAnswer = Type.Object({
  error: Type.Boolean(),
  msg: Type.String(),
  dataurl: Type.Optional(Type.String()),
  code: Type.Optional(Type.String()),
});

/** The variant's digest and content type; the web variant falls back to the original when the client sent none. */
function variantOf(
  photo: PhotoRow,
  variant: 'web' | 'original',
): { sha256: string; contentType: string } {
  if (variant === 'web' && photo.webSha256)
    return { sha256: photo.webSha256, contentType: 'image/jpeg' };
  return { sha256: photo.sha256, contentType: photo.format === 'png' ? 'image/png' : 'image/jpeg' };
}

async function ownPhoto(
  app: FastifyInstance,
  userId: number | null,
  id: string | undefined,
): Promise<PhotoRow | null> {
  if (userId === null || !id || !PHOTO_ID.test(id)) return null;
  return findUserPhoto(app.db, userId, Number(id));
}

/** GET /api/photo/:id/:variant for the owner, and the spec's file service (POST /api/file). */
export async function photoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/photo/:id/:variant',
    {
      schema: {
        params: Type.Object({
          id: Type.String({ maxLength: 32 }),
          variant: Type.Union([Type.Literal('web'), Type.Literal('original')]),
        }),
        response: { 304: Type.Null(), 401: ErrorAnswer, 404: ErrorAnswer, 500: ErrorAnswer },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request, reply);
      if (userId === null) return reply;
      const { id, variant } = request.params as { id: string; variant: 'web' | 'original' };
      const locale = requestLocale(request);
      // another user's photo answers exactly like one that does not exist
      const photo = await ownPhoto(app, userId, id);
      if (!photo)
        return reply
          .code(404)
          .send({ error: photoMessage(locale, 'noFileAccess'), code: PHOTO_ERRORS.noFileAccess });
      const { sha256, contentType } = variantOf(photo, variant);
      const etag = `"${sha256}"`;
      reply
        .header('cache-control', CACHE_CONTROL)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      const stored = await app.photoStore.get(sha256);
      if (!stored) {
        request.log.error({ photoId: photo.id, sha256 }, 'photo bytes missing from the store');
        reply.removeHeader('cache-control').removeHeader('etag');
        return reply.code(500).send({
          error: photoMessage(locale, 'imageCouldNotBeLoaded'),
          code: PHOTO_ERRORS.imageCouldNotBeLoaded,
        });
      }
      return reply.type(contentType).header('content-length', stored.bytes).send(stored.stream());
    },
  );

  app.post(
    '/api/file',
    {
      schema: {
        querystring: Type.Object({
          format: Type.Optional(Type.String({ maxLength: 10 })),
          lang: Type.Optional(Type.String({ maxLength: 10 })),
        }),
        body: Type.Optional(Type.Object({ id: Type.Optional(Type.String({ maxLength: 32 })) })),
        response: { 200: FileAnswer, 404: FileAnswer, 500: FileAnswer },
      },
    },
    async (request, reply) => {
      const locale = requestLocale(request);
      const failure = (status: 200 | 404 | 500, key: PhotoMessageKey) =>
        reply
          .code(status)
          .send({ error: true, msg: photoMessage(locale, key), code: PHOTO_ERRORS[key] });
      const id = (request.body as { id?: string } | undefined)?.id;
      const photo = await ownPhoto(app, request.session?.userId ?? null, id);
      if (!photo) return failure(404, 'noFileAccess');
      const { sha256 } = variantOf(photo, 'web');
      const stored = await app.photoStore.get(sha256);
      if (!stored)
        return logged(
          request,
          failure(500, 'imageCouldNotBeLoaded'),
          photo,
          'bytes missing from the store',
        );
      if (stored.bytes > MAX_UPLOAD_BYTES) return failure(200, 'fileTooBig');
      const check = await checkStoredFile(stored, sha256, {
        allowPng: false,
        maxBytes: MAX_UPLOAD_BYTES,
      });
      if (!check.ok && check.problem !== 'image')
        return logged(request, failure(500, 'imageCouldNotBeLoaded'), photo, check.detail);
      if (!check.ok) {
        const notJpeg =
          check.verdict.refusal === 'not-an-image' || check.verdict.refusal === 'png-not-allowed';
        return notJpeg
          ? failure(200, 'noJpgImage')
          : logged(request, failure(500, 'imageCouldNotBeLoaded'), photo, check.verdict.detail);
      }
      // streamed: the answer is never in memory whole (a stream is sent as it is, not serialised)
      return reply.type('application/json; charset=utf-8').send(streamedFileAnswer(stored));
    },
  );
}

function logged<T>(request: FastifyRequest, result: T, photo: PhotoRow, problem: string): T {
  request.log.error({ photoId: photo.id, problem }, 'file service could not read a photo');
  return result;
}
