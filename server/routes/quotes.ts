import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { QuoteCatalog, QuoteItem } from '../photos/quoteCatalog.js';

/** GET /api/collagePhoto/collageid/:id?format=json: the quote images; the same list for every collage. */
export async function quoteRoutes(app: FastifyInstance): Promise<void> {
  const catalog = new QuoteCatalog(app.config.catalogDir, app.log);
  app.get(
    '/api/collagePhoto/collageid/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({ format: Type.Optional(Type.String({ maxLength: 10 })) }),
        response: { 200: Type.Array(QuoteItem) },
      },
    },
    async () => catalog.list(),
  );
}
