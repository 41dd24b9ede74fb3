/**
 * `npm run print-worker`: a process that only prints. It takes print jobs from PostgreSQL
 * (DATABASE_URL), renders them in worker threads (PRINT_CONCURRENCY at once, default 1; each print draws its tiles on every core)
 * and writes the files under PRINT_DIR, reading photos from PHOTO_DIR: run any number of them, on
 * any machine that reaches the database and sees those two folders. SIGTERM (or SIGINT) stops it:
 * the running prints stop and their jobs are retried by another worker or by this one next time.
 */
import { pino } from 'pino';
import { CatalogService } from './catalog/catalogService.js';
import { configFromEnv } from './config.js';
import { openDb } from './db/db.js';
import { warnWithoutPrintMalloc } from './print/printMalloc.js';
import { printOrdersOf } from './print/printSetup.js';
import { PrintQueue } from './print/printQueue.js';
import { FilePhotoStore } from './storage/photoStore.js';

warnWithoutPrintMalloc();
const config = configFromEnv();
const log = pino({ level: config.logLevel });
if (!config.databaseUrl) {
  console.error(
    'print-worker needs DATABASE_URL: on the embedded database the server prints inside its own process.',
  );
  process.exit(1);
}
const db = await openDb({
  databaseUrl: config.databaseUrl,
  schema: config.databaseSchema,
  poolSize: Math.min(config.databasePoolSize, 4),
});
const queue = new PrintQueue({
  concurrency: config.printConcurrency,
  bounds: config.printBounds,
});
const catalog = new CatalogService(config.catalogDir, log);
const printOrders = await printOrdersOf(
  config,
  { db, queue, catalog, photoStore: new FilePhotoStore(config.photoDir), log },
  true,
);
await printOrders.resume();
log.info(
  { pid: process.pid, concurrency: config.printConcurrency, printDir: config.printDir },
  'print worker ready',
);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'print worker stopping');
    printOrders
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'print worker: stop failed');
          process.exit(1);
        },
      );
  });
}
