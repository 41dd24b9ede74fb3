import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { requireUserId } from '../auth/currentUser.js';
import { parseId } from '../collages/collageFormat.js';
import { readyOrderPrint } from '../db/orders.js';

const PrintParams = Type.Object({ file: Type.String({ maxLength: 40 }) });
const NOT_FOUND = { error: 'Not found' };
const ErrorAnswer = Type.Object({ error: Type.String() }, { additionalProperties: true });

/**
 * GET /cart/print/<orderId>.jpg: the order's print master for its owner, as a download. A missing
 * order, another user's and one whose print is not ready all get the same 404.
 */
export function printDownloadRoute(app: FastifyInstance): void {
  app.get<{ Params: { file: string } }>(
    '/cart/print/:file',
    { schema: { params: PrintParams, response: { '4xx': ErrorAnswer } }, attachValidation: true },
    async (request, reply) => {
      const userId = requireUserId(request, reply);
      if (userId === null) return reply;
      const match = request.validationError ? null : /^([0-9]+)\.jpg$/.exec(request.params.file);
      const orderId = match ? parseId(match[1]!) : null;
      const printFile = orderId === null ? null : await readyOrderPrint(app.db, userId, orderId);
      if (orderId === null || !printFile) return reply.code(404).send(NOT_FOUND);
      const file = path.join(app.config.printDir, path.basename(printFile));
      let size: number;
      try {
        size = (await fs.promises.stat(file)).size;
      } catch {
        request.log.warn({ orderId, file }, 'print file missing for a ready order');
        return reply.code(404).send(NOT_FOUND);
      }
      return reply
        .type('image/jpeg')
        .header('content-length', size)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="fotocollage-${orderId}.jpg"`)
        .send(fs.createReadStream(file));
    },
  );
}
