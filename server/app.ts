import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from './config.js';
import { openDb, type Db } from './db/db.js';
import { sessionPlugin } from './plugins/session.js';
import { aliveRoutes } from './routes/alive.js';
import { collageRoutes } from './routes/collages.js';
import { shopPageRoutes } from './pages/shopPages.js';
import { createCatalogIndex, type CatalogIndex } from './catalog/catalogIndex.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    catalogIndex: CatalogIndex;
  }
}

/** Largest body of any non-upload call: a save carries the XML and a 500x500 screenshot. */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Builds the whole server: database, plugins by role, one route file per call group, the SPA. */
export async function buildApp(config: ServerConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
  }).withTypeProvider<TypeBoxTypeProvider>();

  const db = await openDb({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('catalogIndex', createCatalogIndex(config.catalogDir, { log: (message) => app.log.warn(message) }));
  app.addHook('onClose', async () => db.close());

  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(sessionPlugin, { secureCookies: config.secureCookies });

  await app.register(aliveRoutes);
  await app.register(collageRoutes);
  await app.register(shopPageRoutes);

  await registerStatic(app, config);
  return app;
}

/** The catalog under /catalog/, the built SPA at /, and index.html for every client-side route. */
async function registerStatic(app: FastifyInstance, config: ServerConfig): Promise<void> {
  if (fs.existsSync(config.catalogDir)) {
    await app.register(fastifyStatic, { root: config.catalogDir, prefix: '/catalog/', decorateReply: false });
  }
  const staticDir = config.staticDir;
  const hasSpa = staticDir && fs.existsSync(path.join(staticDir, 'index.html'));
  if (hasSpa) await app.register(fastifyStatic, { root: staticDir, prefix: '/', wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    const isPageRequest = request.method === 'GET' && !request.url.startsWith('/api/') && !path.extname(request.url.split('?')[0] ?? '');
    if (hasSpa && isPageRequest) return reply.type('text/html').sendFile('index.html');
    return reply.code(404).send({ error: 'Not found' });
  });
}
