/**
 * The upload quota (UPLOAD_QUOTA_PHOTOS, UPLOAD_QUOTA_MB per customer and hour), exact under
 * parallel uploads (issue 26 item 6: with a quota of 5, 8 uploads at once after 4 stored 12). Before
 * the body is read, a hold of one photo and the most its original can add is taken within the quota;
 * the handler says what it stored, and before the answer goes out (or when the request ends without
 * one) the hold becomes that, or goes. A customer over the quota costs the shop no disk and no decode.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { holdQuota, releaseQuota, settleQuota } from '../db/quotas.js';
import { requestLocale } from '../i18n/locale.js';
import { PHOTO_ERRORS, photoMessage } from '../i18n/photoMessages.js';
import { MAX_UPLOAD_BYTES } from '../photos/uploadIntake.js';

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** The bytes an upload's hold is taken for: its request's length (the original is part of it), at most the spec's 25 MB. */
export function heldUploadBytes(request: Pick<FastifyRequest, 'headers'>): number {
  const length = Number(request.headers['content-length']);
  return Number.isSafeInteger(length) && length > 0
    ? Math.min(length, MAX_UPLOAD_BYTES)
    : MAX_UPLOAD_BYTES;
}

interface Hold {
  id: number;
  /** The original's bytes once the photo's row is written; null while nothing is stored. */
  storedBytes: number | null;
  /** The hold's end, once begun: it ends once. */
  ended: Promise<void> | null;
}

const holds = new WeakMap<FastifyRequest, Hold>();

/** Called by the handler once a new photo's row is written: the hold becomes its size. */
export function keepUploadHold(request: FastifyRequest, storedBytes: number): void {
  const hold = holds.get(request);
  if (hold) hold.storedBytes = storedBytes;
}

/** The route's pieces: `wrap` takes the hold around the handler, `onSend` ends it before the answer. */
export function uploadQuotaHold(app: FastifyInstance) {
  const limits = {
    items: app.config.uploadQuotaPhotosPerHour,
    bytes: app.config.uploadQuotaBytesPerHour,
  };
  const end = (request: FastifyRequest): Promise<void> => {
    const hold = holds.get(request);
    if (!hold) return Promise.resolve();
    const bytes = hold.storedBytes;
    hold.ended ??= (
      bytes === null
        ? releaseQuota(app.db, hold.id)
        : settleQuota(app.db, hold.id, { items: 1, bytes })
    ).catch((error: unknown) =>
      // A hold that cannot be ended counts as held for its hour: never less than was stored.
      request.log.warn({ err: error, holdId: hold.id }, 'upload quota hold not ended'),
    );
    return hold.ended;
  };

  const wrap =
    (handler: Handler): Handler =>
    async (request, reply) => {
      const userId = request.session?.userId ?? null;
      // not signed in: the handler answers 401
      if (userId === null) return handler(request, reply);
      const amount = { items: 1, bytes: heldUploadBytes(request) };
      const holdId = await holdQuota(app.db, userId, 'upload', amount, limits);
      if (holdId === null) {
        request.log.info({ userId }, 'upload quota reached');
        const locale = requestLocale(request);
        return reply
          .code(429)
          .header('retry-after', '3600')
          .send({ error: photoMessage(locale, 'uploadQuota'), code: PHOTO_ERRORS.uploadQuota });
      }
      holds.set(request, { id: holdId, storedBytes: null, ended: null });
      try {
        return await handler(request, reply);
      } finally {
        // already ended before the answer, unless no answer could be sent (the client went away)
        await end(request);
      }
    };

  /** An answer leaves only once the quota says what this upload stored: the next upload sees it. */
  const onSend = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    await end(request);
    return payload;
  };
  return { wrap, onSend };
}
