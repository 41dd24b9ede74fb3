/**
 * Every uploaded JPEG must decode before it is kept (issue 17: a 135-byte file whose header claims
 * 8000x8000 was accepted). The decode runs in worker threads (piscina) so the event loop keeps
 * answering; at most `threads` photos are read into memory at once. The threads are shared fairly
 * (fairQueue.ts, issue 26): a free thread goes to the customer using the fewest, so one customer's
 * uploads never wait behind another's; at most `queue` uploads wait (a quarter of them per
 * customer), holding only their staged file. Each decode is stopped past a bound that follows
 * from the file's size (decodeBoundMs), counted from the moment its thread begins it.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Readable } from 'node:stream';
import { bundledWorker } from '../threads/workerBundle.js';
import type { DecodeTaskInput, DecodeTaskResult } from './decodeTask.js';
import { FairQueue, perCustomerShare } from './fairQueue.js';

export interface DecodeCheckOptions {
  threads: number;
  /** Uploads waiting for a thread; more are answered 'busy'. */
  queue: number;
  /** The longest any decode may take (UPLOAD_DECODE_TIMEOUT_MS); smaller files get less (decodeBoundMs). */
  timeoutMs: number;
}

export type DecodeVerdict =
  | { kind: 'decodes'; width: number; height: number }
  | { kind: 'refused'; code: string; message: string }
  /** The shop is too busy or the decode took too long: the customer may try again. */
  | { kind: 'busy'; reason: string };

/** What every decode gets, whatever its size. */
export const DECODE_BASE_MS = 1000;
/**
 * And per MiB of file: the slowest path a real photo takes (progressive with Y sampled 4x1, through
 * jpeg-decoder) needs 150-200 ms of CPU per MB at 1/8 scale; three times that leaves room for a
 * busy machine. Camera files (baseline, 4:2:0) need 8-33 ms.
 */
export const DECODE_MS_PER_MIB = 600;

/** Whose decode it is: the signed-in customer, else the session (the social import's). */
export function decodeCustomer(session: { id: string; userId: number | null }): string {
  return session.userId !== null ? `user:${session.userId}` : `session:${session.id}`;
}

/** How long the decode of a file of `bytes` may take once its thread has begun it. */
export function decodeBoundMs(bytes: number, capMs: number): number {
  return Math.min(capMs, Math.round(DECODE_BASE_MS + (DECODE_MS_PER_MIB * bytes) / (1024 * 1024)));
}

/** The decode task, bundled on the first decode (workerBundle.ts) and named in each run. */
const TASK = new URL('./decodeTask.ts', import.meta.url);

export class DecodeCheck {
  private readonly pool: Piscina<DecodeTaskInput, DecodeTaskResult>;
  private readonly slots: FairQueue;

  constructor(private readonly options: DecodeCheckOptions) {
    this.pool = new Piscina({
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      maxQueue: options.threads,
    });
    this.slots = new FairQueue({
      slots: options.threads,
      total: options.queue,
      perCustomer: perCustomerShare(options.queue),
    });
  }

  /** Decodes running and waiting (tests wait for a queue to fill). */
  get load(): { running: number; waiting: number } {
    return { running: this.slots.running, waiting: this.slots.waiting };
  }

  /** Decodes the photo `open()` streams for `customer` (read only once a thread is theirs). */
  async check(customer: string, open: () => Readable): Promise<DecodeVerdict> {
    const release = await this.slots.acquire(customer);
    if (!release) return { kind: 'busy', reason: 'decode queue full' };
    try {
      const jpeg = await readAll(open());
      return await this.decode(jpeg, decodeBoundMs(jpeg.length, this.options.timeoutMs));
    } finally {
      release();
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private async decode(jpeg: Uint8Array, boundMs: number): Promise<DecodeVerdict> {
    const stop = new AbortController();
    // The cap covers a thread's start (the task's bundle and the codec: 2 s on a loaded machine), the bound only the decode.
    const cap = setTimeout(() => stop.abort(), this.options.timeoutMs);
    let bound: NodeJS.Timeout | undefined;
    const { port1: started, port2: startedPort } = new MessageChannel();
    started.once('message', () => {
      bound = setTimeout(() => stop.abort(), boundMs);
    });
    try {
      const result = await this.pool.run(
        { jpeg, started: startedPort },
        {
          filename: await bundledWorker(TASK),
          signal: stop.signal,
          transferList: [jpeg.buffer as ArrayBuffer, startedPort],
        },
      );
      return result.ok
        ? { kind: 'decodes', width: result.width, height: result.height }
        : { kind: 'refused', code: result.code, message: result.message };
    } catch (error) {
      // an abort terminates the thread (piscina starts another); anything else is the pool's trouble
      return { kind: 'busy', reason: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(cap);
      clearTimeout(bound);
      started.close();
    }
  }
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  // copied into an ArrayBuffer of its own (Buffer.concat may hand out Node's shared pool), so it can be transferred to the thread
  return new Uint8Array(Buffer.concat(chunks));
}
