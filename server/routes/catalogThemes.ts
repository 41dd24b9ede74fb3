import { promises as fs } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { isLocale } from '../i18n/locale.js';
import { themesXmlForLocale } from '../catalog/themesForLocale.js';

/**
 * GET /catalog/themes.xml?lang=<locale>: the themes list with only that locale's translations
 * (themesForLocale.ts); without a known `lang`, the whole file. Read on every request, as the
 * static catalog files are: a shop's edit shows at once; the ETag spares a phone the bytes again.
 */
export async function catalogThemesRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { lang?: string } }>('/catalog/themes.xml', async (request, reply) => {
    const lang = request.query.lang;
    const locale = lang && isLocale(lang) ? lang : null;
    let stat;
    try {
      stat = await fs.stat(app.catalog.themesPath);
    } catch {
      return reply.code(404).send({ error: 'Not found' });
    }
    const version = `${stat.mtimeMs.toString(36)}-${stat.size.toString(36)}`;
    const etag = `"${version}-${locale ?? 'all'}"`;
    reply.header('cache-control', 'public, max-age=0').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    const xml = await fs.readFile(app.catalog.themesPath, 'utf8');
    return reply
      .type('application/xml; charset=utf-8')
      .send(locale ? themesXmlForLocale(xml, locale) : xml);
  });
}
