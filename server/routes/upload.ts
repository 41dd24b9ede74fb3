import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { requireUserId } from '../auth/currentUser.js';
import { findUserPhotoBySha, insertPhotoOnce, type PhotoRow } from '../db/photos.js';
import { requestLocale } from '../i18n/locale.js';
import { PHOTO_ERRORS, photoMessage, type PhotoMessageKey } from '../i18n/photoMessages.js';
import { decodeCustomer } from '../photos/decodeCheck.js';
import {
  BrokenUpload,
  UploadRefusal,
  classifyParserError,
  drain,
  readUploadFields,
  stageImage,
  type StagedImage,
} from '../photos/uploadIntake.js';
import {
  rotationOfOrientation,
  storedOrientation,
  uprightSize,
} from '../photos/storedOrientation.js';
import { keepUploadHold, uploadQuotaHold } from './uploadQuota.js';

export const UploadAnswer = Type.Object({
  id: Type.Integer(),
  src: Type.String(),
  orgWidth: Type.Integer(),
  orgHeight: Type.Integer(),
  webWidth: Type.Integer(),
  webHeight: Type.Integer(),
  key: Type.String(),
  rotation: Type.Integer(),
});
export type UploadAnswer = Static<typeof UploadAnswer>;

export const UploadError = Type.Object({ error: Type.String(), code: Type.String() });
export type UploadError = Static<typeof UploadError>;

/** Where the owner reads a photo: the web version, or the original when the client sent none. */
export function photoSrc(photoId: number): string {
  return `/api/photo/${photoId}/web`;
}

function answer(photo: PhotoRow, requestKey: string | null): UploadAnswer {
  return {
    id: photo.id,
    src: photoSrc(photo.id),
    orgWidth: photo.orgWidth,
    orgHeight: photo.orgHeight,
    webWidth: photo.webWidth ?? photo.orgWidth,
    webHeight: photo.webHeight ?? photo.orgHeight,
    key: requestKey ?? photo.uniqueKey ?? '',
    rotation: photo.suggestedRotation,
  };
}

/** The spec's photo key when the client sent none: file size, width, height and a hash fragment, joined by dots. */
function serverKey(image: StagedImage): string {
  return [image.staged.bytes, image.width, image.height, image.staged.sha256.slice(0, 12)].join(
    '.',
  );
}

async function discard(...images: (StagedImage | null)[]): Promise<void> {
  await Promise.all(images.map((image) => image?.staged.discard()));
}

/**
 * POST /api/upload?format=json: one photo as multipart/form-data, streamed into the photo store while
 * its structure is checked. Refused content answers 200 with {error, code}, as the spec's client
 * passes that error on; a request that cannot be read answers 400, a missing sign-in 401.
 */
export async function uploadRoutes(app: FastifyInstance): Promise<void> {
  const quota = uploadQuotaHold(app);
  app.post(
    '/api/upload',
    {
      schema: {
        querystring: Type.Object({
          format: Type.Optional(Type.String({ maxLength: 10 })),
          lang: Type.Optional(Type.String({ maxLength: 10 })),
        }),
        response: {
          200: Type.Union([UploadAnswer, UploadError]),
          400: UploadError,
          401: UploadError,
          429: UploadError,
          500: UploadError,
          503: UploadError,
        },
      },
      config: { rateLimit: uploadRateLimit(app.config.uploadsPerMinute) },
      onSend: quota.onSend,
    },
    quota.wrap(async (request, reply) => {
      const userId = requireUserId(request, reply);
      if (userId === null) return reply;
      const { fields, original, web, problem } = await readParts(app, request);
      const refuse = (error: UploadRefusal | BrokenUpload) => {
        request.log.info({ refusal: error.key, detail: error.message }, 'upload refused');
        return sendProblem(request, reply, error);
      };
      if (problem) {
        await discard(original, web);
        return refuse(problem);
      }
      if (!original) {
        await discard(web);
        return refuse(new BrokenUpload('noFile', 'no file part'));
      }
      let parsed;
      try {
        parsed = readUploadFields(fields);
      } catch (error) {
        await discard(original, web);
        return refuse(classifyParserError(error));
      }
      try {
        const existing = await findUserPhotoBySha(app.db, userId, original.staged.sha256);
        if (existing) {
          // committing the same bytes again is a no-op, and heals a store that lost them
          await original.staged.commit();
          await discard(web);
          return answer(existing, parsed.uniqueKey);
        }
        const customer = decodeCustomer({ id: request.session!.id, userId });
        const undecodable = await firstUndecodable(app, customer, original, web);
        if (undecodable) {
          await discard(original, web);
          if (undecodable instanceof UploadRefusal) return refuse(undecodable);
          request.log.warn({ reason: undecodable.reason }, 'upload decode check unavailable');
          return reply
            .code(503)
            .header('retry-after', '5')
            .send(uploadError(request, 'serverError'));
        }
        await original.staged.commit();
        if (web) await web.staged.commit();
        // The answer, the load answer and the dpi describe the photo upright (as the editor shows
        // and the print draws it): an EXIF-turned original's width and height trade places.
        const orientation =
          original.format === 'jpeg'
            ? await storedOrientation(app.photoStore, original.staged.sha256)
            : 1;
        const upright = uprightSize(original.width, original.height, orientation);
        const { photo, created } = await insertPhotoOnce(app.db, {
          userId,
          sha256: original.staged.sha256,
          // what the store keeps (padding dropped), web version included: what the quota counts
          byteSize: original.staged.bytes + (web?.staged.bytes ?? 0),
          format: original.format,
          orgWidth: upright.width,
          orgHeight: upright.height,
          webSha256: web?.staged.sha256 ?? null,
          webWidth: web?.width ?? null,
          webHeight: web?.height ?? null,
          photoType: parsed.photoType,
          uniqueKey: parsed.uniqueKey ?? serverKey(original),
          // The server's own reading of the original, not the client's word for it.
          suggestedRotation:
            orientation === 1 ? parsed.rotation : rotationOfOrientation(orientation),
        });
        if (created) keepUploadHold(request, original.staged.bytes + (web?.staged.bytes ?? 0));
        return answer(photo, parsed.uniqueKey);
      } catch (error) {
        await discard(original, web);
        request.log.error(error, 'storing an upload failed');
        return reply.code(500).send(uploadError(request, 'serverError'));
      }
    }),
  );
}

/**
 * Decodes the original and the web version (JPEGs; a PNG, where allowed, is checked by its header
 * only). Answers the first refusal, a 'busy' verdict when no decode could run, or null.
 */
async function firstUndecodable(
  app: FastifyInstance,
  customer: string,
  ...images: (StagedImage | null)[]
): Promise<UploadRefusal | { reason: string } | null> {
  for (const image of images) {
    if (!image || image.format !== 'jpeg') continue;
    const verdict = await app.decodeCheck.check(customer, () => image.staged.stream());
    if (verdict.kind === 'busy') return { reason: verdict.reason };
    if (verdict.kind === 'refused')
      return new UploadRefusal(
        decodeRefusalKey(verdict.code, image === images[0]),
        `${verdict.code}: ${verdict.message}`,
      );
  }
  return null;
}

function decodeRefusalKey(code: string, isOriginal: boolean): PhotoMessageKey {
  if (code === 'CMYK') return 'cmykPhoto';
  if (code === 'TOO_LARGE') return isOriginal ? 'tooManyPixels' : 'webTooLarge';
  return 'noJpgImage';
}

interface ReadParts {
  fields: Map<string, string>;
  original: StagedImage | null;
  web: StagedImage | null;
  problem: UploadRefusal | BrokenUpload | null;
}

/** Reads every part of the form: fields, 'file' (the original) and 'web' (the client's web-size JPEG). */
async function readParts(app: FastifyInstance, request: FastifyRequest): Promise<ReadParts> {
  const result: ReadParts = { fields: new Map(), original: null, web: null, problem: null };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.valueTruncated || part.fieldnameTruncated)
          result.problem ??= new BrokenUpload('badUpload', `field ${part.fieldname} too long`);
        else result.fields.set(part.fieldname, String(part.value));
        continue;
      }
      const slot = part.fieldname === 'file' ? 'original' : part.fieldname === 'web' ? 'web' : null;
      if (result.problem || !slot || result[slot]) {
        result.problem ??= new BrokenUpload('badUpload', `unexpected file field ${part.fieldname}`);
        await drain(part.file);
        continue;
      }
      try {
        result[slot] = await stageImage(app.photoStore, part.file, slot, app.config.allowPng);
      } catch (error) {
        result.problem = classifyParserError(error);
      }
    }
  } catch (error) {
    // a request that could not be read to its end outranks what was refused inside it
    const parserProblem = classifyParserError(error);
    if (parserProblem instanceof BrokenUpload && !(result.problem instanceof BrokenUpload))
      result.problem = parserProblem;
    else result.problem ??= parserProblem;
  }
  return result;
}

function uploadError(request: FastifyRequest, key: PhotoMessageKey): UploadError {
  return { error: photoMessage(requestLocale(request), key), code: PHOTO_ERRORS[key] };
}

function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: UploadRefusal | BrokenUpload,
): FastifyReply {
  return reply
    .code(problem instanceof UploadRefusal ? 200 : 400)
    .send(uploadError(request, problem.key));
}

/** Upload requests per customer (per address before sign-in) and minute, answered in the spec's error shape. */
function uploadRateLimit(maxPerMinute: number): RateLimitOptions {
  return {
    max: maxPerMinute,
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (request) =>
      request.session?.userId ? `upload-user-${request.session.userId}` : `upload-ip-${request.ip}`,
    errorResponseBuilder: (request, context) => ({
      statusCode: context.statusCode,
      ...uploadError(request, 'uploadRate'),
    }),
  };
}
