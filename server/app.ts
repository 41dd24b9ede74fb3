import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ServerConfig } from './config.js';
import { openDb, type Db } from './db/db.js';
import { csrfPlugin } from './plugins/csrf.js';
import { sessionPlugin } from './plugins/session.js';
import { aliveRoutes } from './routes/alive.js';
import { customXmlRoutes } from './routes/customXml.js';
import { CatalogService } from './catalog/catalogService.js';
import { authRoutes } from './routes/auth.js';
import { registerRoutes } from './routes/register.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    /** The shop's templates (catalog/themes.xml), re-read when the file changes. */
    catalog: CatalogService;
  }
}

/** Largest body of any non-upload call: a save carries the XML and a 500x500 screenshot. */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/**
 * Never logged, wherever they turn up: Fastify logs no bodies, and this keeps it so if someone logs
 * one. Passwords also arrive encrypted, but the payload decrypts with the username.
 */
const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.body.password',
  'req.body.password_again',
  'body.password',
  'body.password_again',
  'password',
  'password_again',
];

export interface AppOptions {
  /** Where the JSON log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole server: database, plugins by role, one route file per call group, the SPA. */
export async function buildApp(config: ServerConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: LOG_REDACT, ...(options.logStream ? { stream: options.logStream } : {}) },
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
  app.decorate('catalog', new CatalogService(config.catalogDir, app.log));
  app.addHook('onClose', async () => db.close());

  await app.register(csrfPlugin);
  await app.register(cookie);
  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(sessionPlugin, { secureCookies: config.secureCookies });
  // Limits are per route (sign-in, register), not global: the editor's own calls are frequent.
  await app.register(rateLimit, { global: false });

  await app.register(aliveRoutes);
  await app.register(customXmlRoutes);
  await app.register(authRoutes);
  await app.register(registerRoutes);

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
