/**
 * Ordering → print master. When a collage is ordered, its print is rendered in the background
 * (the PrintQueue: worker threads, one print at a time per core) and the outcome is recorded on
 * the order row: 'printing', then 'ready' with the JPEG under <dataDir>/prints/<orderId>.jpg, or
 * 'failed' with the print error code. The save that created the order never waits for it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Template } from '../../src/model/catalog/types.js';
import type { CatalogService } from '../catalog/catalogService.js';
import type { Db } from '../db/db.js';
import { markOrderFailed, markOrderPrinting, markOrderReady, orderPrintSource, printingCounts, unfinishedPrintOrders } from '../db/orders.js';
import type { PhotoStore } from '../storage/photoStore.js';
import { collagePrintInput } from './collagePrintInput.js';
import { checkOrder, type OrderCheck } from './orderCheck.js';
import { PrintError } from './printMaster.js';
import type { PrintQueue } from './printQueue.js';

export interface PrintOrdersOptions {
  db: Db;
  queue: PrintQueue;
  catalog: CatalogService;
  photoStore: PhotoStore;
  /** Where the print files go (created when needed). */
  printsDir: string;
  log: FastifyBaseLogger;
  /** Orders of one customer waiting for their print at once; more are refused until some are done. */
  maxPrintingPerCustomer: number;
  /** Orders of everyone waiting for their print; more are refused ("try again in a few minutes"). */
  maxQueued: number;
}

export type Admission = { ok: true } | { ok: false; reason: 'customer' | 'queue'; count: number };

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
async function readCatalogFile(catalogDir: string, url: string): Promise<Uint8Array | null> {
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

export class PrintOrders {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: PrintOrdersOptions) {}

  /**
   * Whether a customer's new order can be taken now: a limit per customer on orders waiting for
   * their print, and a cap on all of them (each print takes seconds of CPU and up to a gigabyte).
   * Counted before the order is written, so two orders at the same moment may both pass: the
   * limits are for load, not for money.
   */
  async admit(userId: number): Promise<Admission> {
    const counts = await printingCounts(this.options.db, userId);
    if (counts.customer >= this.options.maxPrintingPerCustomer) return { ok: false, reason: 'customer', count: counts.customer };
    if (counts.all >= this.options.maxQueued) return { ok: false, reason: 'queue', count: counts.all };
    return { ok: true };
  }

  /** Whether a stored document can be ordered: read as the print reads it, size, material and layout by the catalog's rules. */
  async check(collageXml: string): Promise<OrderCheck> {
    const { catalog } = this.options;
    const templates = new Map<string, Template>((await catalog.templates()).map((template) => [template.id, template]));
    return checkOrder(collageXml, {
      templateOf: (id) => templates.get(id),
      loadTemplateXml: async (file) => {
        const bytes = await readCatalogFile(catalog.catalogDir, file);
        if (!bytes) throw new PrintError('FAILED', `Static template ${file} is missing from the catalog`);
        return Buffer.from(bytes).toString('utf8');
      },
    });
  }

  /** Starts the print of an order in the background; its outcome lands on the order row. */
  print(orderId: number): void {
    const task = this.run(orderId)
      .catch((error: unknown) => this.options.log.error({ err: error, orderId }, 'print: recording the outcome failed'))
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Starts again the prints a stopped server left unfinished ('new' or 'printing'); returns their order ids. */
  async resume(): Promise<number[]> {
    const orderIds = await unfinishedPrintOrders(this.options.db);
    for (const orderId of orderIds) this.print(orderId);
    if (orderIds.length) this.options.log.info({ orders: orderIds.length }, 'print: resuming unfinished prints');
    return orderIds;
  }

  /** Resolves once every print started so far has its outcome recorded (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** Stops the queue (running prints fail with QUEUE_CLOSED) and waits for their outcome to be recorded. */
  async close(): Promise<void> {
    await this.options.queue.close();
    await this.idle();
  }

  private async run(orderId: number): Promise<void> {
    const { db, log } = this.options;
    await markOrderPrinting(db, orderId);
    const started = performance.now();
    try {
      const input = await this.input(orderId);
      const master = await this.options.queue.submit(input).done;
      await this.store(orderId, master.jpeg);
      await markOrderReady(db, orderId, printFileName(orderId));
      log.info({ orderId, widthPx: master.widthPx, heightPx: master.heightPx, dpi: master.dpi, ms: Math.round(performance.now() - started) }, 'print ready');
    } catch (error) {
      const code = error instanceof PrintError ? error.code : 'FAILED';
      log.warn({ orderId, code, message: error instanceof Error ? error.message : String(error) }, 'print failed');
      await markOrderFailed(db, orderId, code);
    }
  }

  private async input(orderId: number) {
    const { db, catalog, photoStore } = this.options;
    const source = await orderPrintSource(db, orderId);
    if (!source) throw new PrintError('FAILED', `Order ${orderId} has no collage`);
    const templates = new Map<string, Template>((await catalog.templates()).map((template) => [template.id, template]));
    const sha256ById = new Map(source.photos.map((photo) => [String(photo.id), photo.sha256]));
    return collagePrintInput(source.collageXml, {
      templateOf: (id) => templates.get(id),
      loadTemplateXml: async (file) => {
        const bytes = await readCatalogFile(catalog.catalogDir, file);
        if (!bytes) throw new PrintError('FAILED', `Static template ${file} is missing from the catalog`);
        return Buffer.from(bytes).toString('utf8');
      },
      loadOriginal: async (photoId) => {
        const sha256 = sha256ById.get(photoId);
        const stored = sha256 ? await photoStore.get(sha256) : null;
        return stored ? readAll(stored.stream()) : null;
      },
      loadArtwork: (url) => readCatalogFile(catalog.catalogDir, url),
    });
  }

  /** Temporary name, then rename: a reader never sees half a print. */
  private async store(orderId: number, jpeg: Uint8Array): Promise<void> {
    const dir = this.options.printsDir;
    await fs.mkdir(dir, { recursive: true });
    const final = path.join(dir, printFileName(orderId));
    const temp = path.join(dir, `.${printFileName(orderId)}.${crypto.randomBytes(6).toString('hex')}.tmp`);
    try {
      await fs.writeFile(temp, jpeg);
      await fs.rename(temp, final);
    } catch (error) {
      await fs.rm(temp, { force: true });
      throw error;
    }
  }
}
