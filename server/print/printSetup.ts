import type { FastifyBaseLogger } from 'fastify';
import type { CatalogService } from '../catalog/catalogService.js';
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/db.js';
import type { PhotoStore } from '../storage/photoStore.js';
import { migratePrintJobs, type PrintJobsSettings } from './printJobs.js';
import { PrintOrders } from './printOrders.js';
import type { PrintQueue } from './printQueue.js';

export interface PrintParts {
  db: Db;
  queue: PrintQueue;
  catalog: CatalogService;
  photoStore: PhotoStore;
  log: FastifyBaseLogger;
}

/** The print-job settings of a server on PostgreSQL; null on the embedded database (prints run in the process). */
export function printJobsSettings(config: ServerConfig): PrintJobsSettings | null {
  if (!config.databaseUrl) return null;
  return {
    databaseUrl: config.databaseUrl,
    jobsSchema: config.printJobsSchema,
    maxAttempts: config.printMaxAttempts,
    staleMs: config.printWorkerStaleMs,
  };
}

/**
 * Ordering and printing as the settings say: in this process on the embedded database; as durable
 * jobs on PostgreSQL (graphile-worker's schema made or upgraded here), taken by this process unless
 * PRINT_IN_WEB=false (the web process of the server, `runHere`), or always (a print worker).
 */
export async function printOrdersOf(
  config: ServerConfig,
  parts: PrintParts,
  runHere = config.printInWeb,
): Promise<PrintOrders> {
  const jobs = printJobsSettings(config);
  if (jobs) await migratePrintJobs(jobs);
  return new PrintOrders({
    ...parts,
    printsDir: config.printDir,
    maxPrintingPerCustomer: config.ordersPrintingPerCustomer,
    concurrency: config.printConcurrency,
    jobs: jobs ? { ...jobs, runHere, concurrency: config.printConcurrency } : undefined,
  });
}
