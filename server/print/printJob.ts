/**
 * One print of one order, safe to run again: the body of the in-process print and of the durable
 * print job (printJobs.ts) alike. A job may run more than once (a worker killed mid-print is
 * retried elsewhere), so the result is idempotent: an order already 'ready' is left alone, the
 * file is written under a temporary name and renamed to the one name the order has, and 'ready'
 * is recorded only by the run that moves the order there.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Template } from '../../src/model/catalog/types.js';
import type { CatalogService } from '../catalog/catalogService.js';
import type { Db } from '../db/db.js';
import {
  markOrderFailed,
  markOrderPrinting,
  markOrderReady,
  orderPrintSource,
} from '../db/orders.js';
import type { PhotoStore } from '../storage/photoStore.js';
import { collagePrintInput } from './collagePrintInput.js';
import { PrintError, type PrintInput, type PrintMaster } from './printMaster.js';

export interface PrintJobDeps {
  db: Db;
  catalog: CatalogService;
  photoStore: PhotoStore;
  /** Where the print files go (created when needed); shared by every instance and print worker (PRINT_DIR). */
  printsDir: string;
  log: FastifyBaseLogger;
  /** Renders the master: the PrintQueue's worker threads. */
  render(input: PrintInput): Promise<PrintMaster>;
}

/** 'ready': this run printed it; 'already-ready': an earlier run did; 'failed': recorded with its code. */
export type PrintOutcome = 'ready' | 'already-ready' | 'failed';

/**
 * Failures another attempt may not repeat: the render worker died (out of memory, killed) or was
 * stopped with its process, or something outside the print failed (database, disk). A PrintError
 * of the document or its photos fails the same way every time, and so does a print past its
 * bounds (PRINT_TIMEOUT, PRINT_TOO_HEAVY): another attempt would only take as long again.
 */
export function isRetryable(error: unknown): boolean {
  if (error instanceof PrintError)
    return error.code === 'WORKER_FAILED' || error.code === 'QUEUE_CLOSED';
  return true;
}

/** The print file's name of an order: what the cart's download URL names too. */
export function printFileName(orderId: number): string {
  return `${orderId}.jpg`;
}

async function readAll(stream: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** A catalog file by its catalog-relative URL, never outside the catalog folder; null when missing. */
export async function readCatalogFile(catalogDir: string, url: string): Promise<Uint8Array | null> {
  const root = path.resolve(catalogDir);
  const file = path.resolve(root, url.replace(/^\/+/, ''));
  if (!file.startsWith(root + path.sep)) return null;
  try {
    return await fs.readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * A quote image's original (the shop's own picture, never uploaded: the collage names it by its
 * quote id) from its catalog folder; null when the catalog no longer has it.
 */
async function loadQuoteOriginal(
  catalog: CatalogService,
  quoteId: string,
): Promise<Uint8Array | null> {
  const quote = (await catalog.quotes.byIds([quoteId])).get(quoteId);
  return quote ? readCatalogFile(catalog.catalogDir, quote.file) : null;
}

/** A static template's XML from the catalog; a missing one fails the print. */
export async function loadTemplateXml(catalog: CatalogService, file: string): Promise<string> {
  const bytes = await readCatalogFile(catalog.catalogDir, file);
  if (!bytes) throw new PrintError('FAILED', `Static template ${file} is missing from the catalog`);
  return Buffer.from(bytes).toString('utf8');
}

/**
 * Prints the order once. A failure that another attempt could mend is thrown while attempts are
 * left (`lastAttempt` false), so the queue retries it later; otherwise it is recorded as 'failed'
 * with its code, which the cart shows.
 */
export async function printOrder(
  deps: PrintJobDeps,
  orderId: number,
  { lastAttempt }: { lastAttempt: boolean },
): Promise<PrintOutcome> {
  const { db, log } = deps;
  if (!(await markOrderPrinting(db, orderId))) return 'already-ready';
  const started = performance.now();
  try {
    const master = await deps.render(await printInput(deps, orderId));
    await storePrint(deps.printsDir, orderId, master.jpegParts);
    if (!(await markOrderReady(db, orderId, printFileName(orderId)))) return 'already-ready';
    log.info(
      {
        orderId,
        widthPx: master.widthPx,
        heightPx: master.heightPx,
        dpi: master.dpi,
        ms: Math.round(performance.now() - started),
      },
      'print ready',
    );
    return 'ready';
  } catch (error) {
    const code = error instanceof PrintError ? error.code : 'FAILED';
    const message = error instanceof Error ? error.message : String(error);
    if (!lastAttempt && isRetryable(error)) {
      log.warn({ orderId, code, message }, 'print attempt failed; it will be retried');
      throw error;
    }
    log.warn({ orderId, code, message }, 'print failed');
    await markOrderFailed(db, orderId, code);
    return 'failed';
  }
}

/**
 * The order's own document and photos (orderPrintSource): what was ordered, however the collage was
 * saved since; an order placed before migration 013 without them prints its collage's.
 */
async function printInput(deps: PrintJobDeps, orderId: number): Promise<PrintInput> {
  const { db, catalog, photoStore } = deps;
  const source = await orderPrintSource(db, orderId);
  if (!source) throw new PrintError('FAILED', `Order ${orderId} has no collage`);
  const templates = new Map<string, Template>(
    (await catalog.templates()).map((template) => [template.id, template]),
  );
  const sha256ById = new Map(source.photos.map((photo) => [String(photo.id), photo.sha256]));
  return collagePrintInput(source.collageXml, {
    templateOf: (id) => templates.get(id),
    loadTemplateXml: (file) => loadTemplateXml(catalog, file),
    loadOriginal: async (photoId) => {
      const sha256 = sha256ById.get(photoId);
      if (!sha256) return loadQuoteOriginal(catalog, photoId);
      const stored = await photoStore.get(sha256);
      return stored ? readAll(stored.stream()) : null;
    },
    loadArtwork: (url) => readCatalogFile(catalog.catalogDir, url),
  });
}

/**
 * Temporary name, then rename onto the order's one name: a reader (on any instance sharing
 * PRINT_DIR) never sees half a print, and a second run replaces the file instead of adding one.
 */
/** Writes the master's parts one after another into a temporary file, then renames it into place. */
async function storePrint(dir: string, orderId: number, jpegParts: Uint8Array[]): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  const final = path.join(dir, printFileName(orderId));
  const temp = path.join(
    dir,
    `.${printFileName(orderId)}.${crypto.randomBytes(6).toString('hex')}.tmp`,
  );
  try {
    const handle = await fs.open(temp, 'wx');
    try {
      await handle.writeFile(jpegParts);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, final);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}
