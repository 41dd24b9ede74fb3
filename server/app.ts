import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import querystring from 'node:querystring';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { fastifyTrustProxy, type ServerConfig } from './config.js';
import { openDb, type Db } from './db/db.js';
import { csrfPlugin } from './plugins/csrf.js';
import { securityHeadersPlugin } from './plugins/securityHeaders.js';
import { servedFilesPlugin } from './plugins/servedFiles.js';
import { rawRequestPath, requestPathname } from './plugins/requestPath.js';
import { trackInFlightHandlers } from './plugins/inFlightHandlers.js';
import { sessionPlugin } from './plugins/session.js';
import { clientAddressKey, databaseRateLimitStore } from './plugins/rateLimitStore.js';
import { scheduleExpiredRowCleanup } from './auth/expiredRows.js';
import { aliveRoutes } from './routes/alive.js';
import { readyRoutes } from './routes/ready.js';
import { analyticsRoutes } from './routes/analytics.js';
import { sessionDoneRoutes } from './routes/sessionDone.js';
import { customXmlRoutes } from './routes/customXml.js';
import { CatalogService } from './catalog/catalogService.js';
import { chooserFilterOfPath, chooserPreloadHeader } from './catalog/chooserPreload.js';
import { ChooserPages, sendChooserPage } from './catalog/chooserPage.js';
import { authRoutes } from './routes/auth.js';
import { registerRoutes } from './routes/register.js';
import { photoRoutes } from './routes/photos.js';
import { quoteRoutes } from './routes/quotes.js';
import { uploadRoutes } from './routes/upload.js';
import { socialRoutes } from './routes/social.js';
import { DecodeCheck } from './photos/decodeCheck.js';
import { FilePhotoStore, type PhotoStore } from './storage/photoStore.js';
import { scheduleStagingSweep } from './storage/stagingSweep.js';
import { MAX_UPLOAD_BYTES } from './photos/uploadIntake.js';
import { collageRoutes } from './routes/collages.js';
import { shopPageRoutes } from './pages/shopPages.js';
import { catalogIndexOf, type CatalogIndex } from './catalog/catalogIndex.js';
import { PrintQueue } from './print/printQueue.js';
import { printOrdersOf } from './print/printSetup.js';
import type { PrintOrders } from './print/printOrders.js';
import { noMailer, smtpMailer, type Mailer } from './mail/mailer.js';
import { passwordResetRoutes } from './routes/passwordReset.js';
import { passwordPageRoutes } from './pages/passwordPages.js';
import { termsPageRoutes } from './pages/termsPage.js';
import { catalogThemesRoutes } from './routes/catalogThemes.js';
import { hasBuild, registerBuildFiles, registerCatalogFiles } from './plugins/staticFiles.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: ServerConfig;
    /** The shop's templates (catalog/themes.xml), re-read when the file changes. */
    catalog: CatalogService;
    photoStore: PhotoStore;
    catalogIndex: CatalogIndex;
    /** Print masters rendered in worker threads, one print at a time per core. */
    printQueue: PrintQueue;
    /** Ordering → print master on the order row (prints under PRINT_DIR). */
    printOrders: PrintOrders;
    /** The shop's mail (forgotten-password links) through SMTP. */
    mailer: Mailer;
    /** Decodes each upload in worker threads before it is kept. */
    decodeCheck: DecodeCheck;
  }
}

/** Largest body of any non-upload call: a save carries the XML and a 500x500 screenshot. */
export const BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** How long a stopping server waits for handlers whose clients have gone before closing the database. */
export const SHUTDOWN_GRACE_MS = 20_000;

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
export async function buildApp(
  config: ServerConfig,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: LOG_REDACT,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(config.trustProxy),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Before any route is added: every handler is counted (see the database's onClose below).
  const inFlight = trackInFlightHandlers(app);
  const db = await openDb({
    databaseUrl: config.databaseUrl,
    schema: config.databaseSchema,
    poolSize: config.databasePoolSize,
    dataDir: config.databaseUrl ? undefined : path.join(config.dataDir, 'db'),
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('catalog', new CatalogService(config.catalogDir, app.log));
  app.decorate('catalogIndex', catalogIndexOf(app.catalog));
  const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : noMailer;
  app.decorate('mailer', mailer);
  app.addHook('onClose', async () => mailer.close());
  const printQueue = new PrintQueue({
    concurrency: config.printConcurrency,
    bounds: config.printBounds,
  });
  app.decorate('printQueue', printQueue);
  // Prints still running stop (QUEUE_CLOSED) and settle before the database closes; so do the
  // handlers of requests whose clients went away (their connections no longer hold the close).
  app.addHook('onClose', async () => {
    if (!(await inFlight.settled(SHUTDOWN_GRACE_MS)))
      app.log.warn(
        { handlers: inFlight.count },
        'closing the database with handlers still running',
      );
    await app.printOrders.close();
    await db.close();
  });
  // Fastify closes idle keep-alive connections once when closing; a connection whose response
  // finishes a moment later would hold the close until its keep-alive timeout (72 s). Keep closing them.
  app.addHook('preClose', async () => {
    const timer = setInterval(() => app.server.closeIdleConnections(), 50);
    timer.unref();
    app.server.once('close', () => clearInterval(timer));
  });
  const decodeCheck = new DecodeCheck({
    threads: config.uploadDecodeThreads,
    queue: config.uploadDecodeQueue,
    timeoutMs: config.uploadDecodeTimeoutMs,
  });
  app.decorate('decodeCheck', decodeCheck);
  app.addHook('onClose', async () => decodeCheck.close());
  const photoStore = new FilePhotoStore(config.photoDir);
  // staging files a stopped or killed server left: at start, then on a timer
  await photoStore.sweepIncoming(config.uploadStagingMaxAgeMs);
  scheduleStagingSweep(app, photoStore, config.uploadStagingMaxAgeMs);
  app.decorate('photoStore', photoStore as PhotoStore);
  app.decorate(
    'printOrders',
    await printOrdersOf(config, {
      db,
      queue: printQueue,
      catalog: app.catalog,
      photoStore,
      log: app.log,
    }),
  );

  // Every text answer over 1 kB goes out brotli- or gzip-compressed (issue 13: phones on slow
  // networks); the build's files come precompressed (plugins/staticFiles.ts) and are left alone.
  // Registered before the routes: it hooks into each route as it is added.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(securityHeadersPlugin, {
    https: config.secureCookies,
    indexHtml: config.staticDir && path.join(config.staticDir, 'index.html'),
  });
  await app.register(servedFilesPlugin, { serveSourceMaps: config.serveSourceMaps });
  await app.register(csrfPlugin);
  await app.register(cookie);
  // Node's own querystring, not formbody's default fast-querystring: on a save body of 1.8 MB
  // that is mostly %-escapes (an adversarial collage) fast-querystring held the event loop for
  // 150-190 ms every time, Node's parser for 15 ms once warm, with the same result (repeated keys
  // as arrays, an object without prototype); on a real 45 kB save both take about 0.2 ms.
  await app.register(formbody, {
    bodyLimit: BODY_LIMIT_BYTES,
    parser: (body) => querystring.parse(body),
  });
  // streaming uploads: one original and its web-size version, a few short fields
  await app.register(multipart, {
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 2,
      fields: 10,
      fieldSize: 1024,
      fieldNameSize: 100,
      parts: 12,
      headerPairs: 20,
    },
  });
  await app.register(sessionPlugin, {
    secureCookies: config.secureCookies,
    newSessionsPerMinute: config.newSessionsPerMinute,
  });
  scheduleExpiredRowCleanup(app);
  // Limits are per route (sign-in, register), not global: the editor's own calls are frequent.
  // The counters live in the database, shared by every instance of the shop.
  await app.register(rateLimit, {
    global: false,
    store: databaseRateLimitStore(db),
    keyGenerator: clientAddressKey,
  });

  await app.register(aliveRoutes);
  await app.register(readyRoutes);
  await app.register(analyticsRoutes);
  await app.register(sessionDoneRoutes);
  await app.register(customXmlRoutes);
  await app.register(authRoutes);
  await app.register(registerRoutes);
  await app.register(passwordResetRoutes);
  await app.register(uploadRoutes);
  await app.register(photoRoutes);
  await app.register(quoteRoutes);
  await app.register(socialRoutes);
  await app.register(collageRoutes);
  await app.register(shopPageRoutes);
  await app.register(passwordPageRoutes);
  await app.register(termsPageRoutes);
  await app.register(catalogThemesRoutes);

  await registerStatic(app, config);
  // Prints a stopped server left unfinished start again once the server is ready.
  app.addHook('onReady', async () => {
    await app.printOrders.resume();
  });
  return app;
}

/** The catalog under /catalog/, the built SPA at /, and index.html for every client-side route. */
async function registerStatic(app: FastifyInstance, config: ServerConfig): Promise<void> {
  await registerCatalogFiles(app, config.catalogDir);
  const staticDir = config.staticDir;
  const hasSpa = hasBuild(staticDir);
  if (hasSpa) await registerBuildFiles(app, staticDir);
  const chooserPages = hasSpa && new ChooserPages(staticDir, app.catalog.themesPath, app.log);
  app.setNotFoundHandler(async (request, reply) => {
    // The path as the router read it (requestPath.ts), as the served-files guard reads it too.
    const pathname = requestPathname(request.url);
    const isPageRequest =
      request.method === 'GET' &&
      pathname !== null &&
      !pathname.startsWith('/api/') &&
      !path.extname(pathname);
    if (!hasSpa || !isPageRequest) return reply.code(404).send({ error: 'Not found' });
    // Only a chooser's page reads the catalog.
    const filter = chooserFilterOfPath(rawRequestPath(request.url));
    const preload =
      filter === null ? null : chooserPreloadHeader(filter, await app.catalog.templates());
    if (preload) reply.header('link', preload);
    // The chooser's own addresses are answered with its cards and filters already drawn.
    const page =
      filter === null || !chooserPages
        ? null
        : await chooserPages.page({
            pathname: rawRequestPath(request.url),
            lang: new URL(request.url, 'http://page').searchParams.get('lang'),
            cookie: request.headers.cookie ?? '',
          });
    if (!page) return reply.type('text/html').sendFile('index.html');
    return sendChooserPage(request, reply, page);
  });
}
