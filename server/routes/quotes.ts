import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { QuoteItem } from '../photos/quoteCatalog.js';
import { requestLocale } from '../i18n/locale.js';

/**
 * GET /api/collagePhoto/collageid/:id?format=json&lang=en: the quote images in the asked locale
 * (`lang`, else Accept-Language, else Dutch); the same list for every collage.
 */
export async function quoteRoutes(app: FastifyInstance): Promise<void> {
  const catalog = app.catalog.quotes;
  app.get(
    '/api/collagePhoto/collageid/:id',
    {
      schema: {
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        querystring: Type.Object({
          format: Type.Optional(Type.String({ maxLength: 10 })),
          lang: Type.Optional(Type.String({ maxLength: 16 })),
        }),
        response: { 200: Type.Array(QuoteItem) },
      },
    },
    async (request) => catalog.list(requestLocale(request)),
  );
}
