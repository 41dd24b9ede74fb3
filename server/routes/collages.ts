import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from '@sinclair/typebox';
import { requireUserId } from '../auth/currentUser.js';
import { readCollageXml, type CollageDocument } from '../collages/collageXml.js';
import { saveCollage } from '../db/collageSave.js';
import { findCollage, findScreenshot, listCollages } from '../db/collages.js';
import { joinScreenshot, screenshotBytes, splitScreenshot } from '../collages/screenshotStorage.js';
import { orderRefusal } from './orderAdmission.js';
import { isLimitOutcome, limitRefusal, saveLimitsOf } from './saveLimits.js';
import { parseId, screenshotUrl, sizeText } from '../collages/collageFormat.js';
import { documentPhotos, loadedPhotos } from '../collages/collagePhotos.js';

export const LOAD_ERROR = 'De collage data was niet beschikbaar tijdens het laden.';
export const TEMPLATE_ERROR = "Couldn't find template";
export const COLLAGE_NOT_FOUND = "Couldn't save: collage not found";
export const PHOTOS_NOT_AVAILABLE = "Couldn't save: photo not available";
export const SCREENSHOT_NOT_JPEG = "Couldn't save: the screenshot is not a JPEG image";
export const TEMPLATE_MISMATCH = "Couldn't save: templateid does not match the collage";

const ErrorAnswer = Type.Object({
  error: Type.String(),
  photos: Type.Optional(Type.Array(Type.String())),
  key: Type.Optional(Type.String()),
});
const Id = Type.String({ maxLength: 32 });

const SaveBody = Type.Object({
  // No length keywords: checking them walks the whole document (the body limit bounds it).
  collagexml: Type.String(),
  editor: Type.String({ pattern: '^[0-9]{1,3}$' }),
  editor_version: Type.String({ pattern: '^[0-9]{1,3}$' }),
  fororder: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  templateid: Type.Optional(Type.String({ maxLength: 200 })),
  collageid: Type.Optional(Id),
});
const LoadBody = Type.Object({ collageid: Id });
/**
 * collageid as the spec has it; a save for order also names its order, and says when the collage was
 * already ordered exactly like this (then no second order was made: the editor tells the customer).
 */
const SaveAnswer = Type.Object({
  collageid: Type.Number(),
  orderid: Type.Optional(Type.Number()),
  alreadyordered: Type.Optional(Type.Boolean()),
});

const PhotoAnswer = Type.Object({
  src: Type.String(),
  orgWidth: Type.Number(),
  orgHeight: Type.Number(),
  webWidth: Type.Number(),
  webHeight: Type.Number(),
  /** A number for the customer's uploaded photo, the quote id (q1, en-q1) for a quote image. */
  id: Type.Union([Type.Number(), Type.String()]),
  type: Type.String(),
  unique: Type.String(),
  suggestedRotation: Type.Number(),
  text: Type.Optional(Type.String()),
});
const PageAnswer = Type.Object({
  templateId: Type.String(),
  childTemplateId: Type.String(),
  userdata: Type.String(),
  photoBackgroundColor: Type.String(),
  photoBorderAutomaticColor: Type.Boolean(),
});
const LoadAnswer = Type.Object({
  collagexml: Type.String(),
  editor: Type.Number(),
  photos: Type.Array(PhotoAnswer),
  pages: Type.Array(PageAnswer),
});
const ListAnswer = Type.Object({
  collages: Type.Array(
    Type.Object({
      id: Type.Number(),
      template: Type.String(),
      name: Type.String(),
      size: Type.String(),
      material: Type.String(),
      screenshot: Type.String(),
      updated: Type.String(),
    }),
  ),
});

/** Answers a schema failure with a plain JSON error in the same shape as every other refusal. */
function refuseInvalid(request: FastifyRequest, reply: FastifyReply): boolean {
  if (!request.validationError) return false;
  void reply.code(400).send({ error: `Bad request: ${request.validationError.message}` });
  return true;
}

/** Base64 of a JPEG (signature ffd8ff); a data-URL prefix was removed by the reader. */
function isBase64Jpeg(base64: string): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return false;
  const head = Buffer.from(base64.slice(0, 8), 'base64');
  return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
}

/** POST /api/save, /api/load, GET|POST /api/list and the owner-only screenshot of a saved collage. */
export async function collageRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: Static<typeof SaveBody> }>(
    '/api/save',
    {
      schema: {
        body: SaveBody,
        response: { 200: SaveAnswer, '4xx': ErrorAnswer, 503: ErrorAnswer },
      },
      attachValidation: true,
    },
    async (request, reply) => {
      const userId = requireUserId(request, reply);
      if (userId === null || refuseInvalid(request, reply)) return reply;
      const body = request.body;
      const idField = body.collageid?.trim() ?? '';
      const collageId = idField === '' ? null : parseId(idField);
      // A malformed id cannot be anyone's collage: answered like a missing one.
      if (idField !== '' && collageId === null)
        return reply.code(404).send({ error: COLLAGE_NOT_FOUND });

      const read = await readCollageXml(body.collagexml);
      if (!read.ok) return reply.code(400).send({ error: read.error });
      const doc = read.doc;
      const template = doc.templateId ? await app.catalogIndex.template(doc.templateId) : null;
      if (!template) return reply.code(400).send({ error: TEMPLATE_ERROR });
      if (body.templateid && body.templateid !== doc.templateId)
        return reply.code(400).send({ error: TEMPLATE_MISMATCH });
      if (doc.screenshotBase64 && !isBase64Jpeg(doc.screenshotBase64))
        return reply.code(400).send({ error: SCREENSHOT_NOT_JPEG });

      // Uploaded photos by number, the shop's quotes by their ids; an id that is neither (no such
      // quote, or one the shop took away) is refused exactly like another user's or a deleted photo.
      const photos = await documentPhotos(doc.photoIds, app.catalog.quotes);
      if (photos.unknown.length)
        return reply.code(400).send({ error: PHOTOS_NOT_AVAILABLE, photos: photos.unknown });

      const stored = splitScreenshot(body.collagexml, doc);
      if (body.fororder === 'true') {
        const refusal = await orderRefusal(app, request, userId, stored.xml);
        if (refusal?.retryAfter) void reply.header('retry-after', String(refusal.retryAfter));
        if (refusal) return reply.code(refusal.status).send(refusal.body);
      }
      const outcome = await saveCollage(
        app.db,
        {
          userId,
          collageId,
          templateId: doc.templateId,
          childTemplateId: doc.childTemplateId,
          name: template.name,
          size: sizeText(doc),
          material: doc.material,
          collageXml: stored.xml,
          editor: Number(body.editor),
          editorVersion: Number(body.editor_version),
          forOrder: body.fororder === 'true',
          screenshot: stored.screenshot,
          photoIds: photos.uploaded,
        },
        saveLimitsOf(app.config),
      );
      if (isLimitOutcome(outcome)) {
        const refused = limitRefusal(request, outcome);
        void reply.header('retry-after', String(refused.retryAfter));
        return reply.code(refused.status).send(refused.body);
      }
      if (outcome.kind === 'collage-not-found')
        return reply.code(404).send({ error: COLLAGE_NOT_FOUND });
      if (outcome.kind === 'photos-not-available')
        return reply
          .code(400)
          .send({ error: PHOTOS_NOT_AVAILABLE, photos: outcome.photoIds.map(String) });
      request.log.info(
        {
          collageId: outcome.collageId,
          orderId: outcome.orderId,
          alreadyOrdered: outcome.alreadyOrdered,
        },
        'collage saved',
      );
      if (outcome.orderId === null) return { collageid: outcome.collageId };
      // The print master is rendered in the background: the answer waits only for its job to be stored.
      if (!outcome.alreadyOrdered) await app.printOrders.print(outcome.orderId);
      return {
        collageid: outcome.collageId,
        orderid: outcome.orderId,
        alreadyordered: outcome.alreadyOrdered,
      };
    },
  );

  app.post<{ Body: Static<typeof LoadBody> }>(
    '/api/load',
    {
      schema: { body: LoadBody, response: { 200: LoadAnswer, '4xx': ErrorAnswer } },
      attachValidation: true,
    },
    async (request, reply) => {
      const userId = requireUserId(request, reply);
      if (userId === null) return reply;
      const collageId = request.validationError ? null : parseId(request.body.collageid);
      const stored = collageId === null ? null : await findCollage(app.db, userId, collageId);
      // Missing, malformed and another user's collage get one and the same answer.
      if (collageId === null || !stored) return reply.code(404).send({ error: LOAD_ERROR });
      const read = await readCollageXml(stored.collageXml);
      const doc: CollageDocument | null = read.ok ? read.doc : null;
      const photos = await loadedPhotos(doc?.photoIds ?? [], stored.photos, app.catalog.quotes);
      const collagexml = joinScreenshot(
        { xml: stored.collageXml, screenshot: stored.screenshot },
        doc?.screenshotSpan ?? null,
      );
      return { collagexml, editor: stored.editor, photos, pages: doc?.pages ?? [] };
    },
  );

  const listHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = requireUserId(request, reply);
    if (userId === null) return reply;
    const collages = await listCollages(app.db, userId);
    return {
      collages: collages.map((collage) => ({
        id: collage.id,
        template: collage.templateId,
        name: collage.name,
        size: collage.size,
        material: collage.material,
        screenshot: collage.hasScreenshot ? screenshotUrl(collage.id, collage.updatedAt) : '',
        updated: collage.updatedAt.toISOString(),
      })),
    };
  };
  const listSchema = { schema: { response: { 200: ListAnswer, '4xx': ErrorAnswer } } };
  app.get('/api/list', listSchema, listHandler);
  app.post('/api/list', listSchema, listHandler);

  app.get<{ Params: { id: string } }>(
    '/api/collage/:id/screenshot',
    { schema: { params: Type.Object({ id: Id }), response: { '4xx': ErrorAnswer } } },
    async (request, reply) => {
      const userId = requireUserId(request, reply);
      if (userId === null) return reply;
      const collageId = parseId(request.params.id);
      const shot = collageId === null ? null : await findScreenshot(app.db, userId, collageId);
      if (!shot) return reply.code(404).send({ error: 'Not found' });
      const etag = `"${shot.updatedAt.getTime()}"`;
      void reply.header('cache-control', 'private, no-cache').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type('image/jpeg').send(screenshotBytes(shot.stored));
    },
  );
}
