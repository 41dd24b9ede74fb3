/**
 * Every uploaded JPEG must decode before it is kept (issue 17: a 135-byte file whose header claims
 * 8000x8000 was accepted). The decode runs in worker threads (piscina) so the event loop keeps
 * answering; at most `threads` photos are read into memory at once, at most `queue` more wait
 * (holding only their staged file), and each decode is cut off after `timeoutMs`.
 */
import { Piscina } from 'piscina';
import type { Readable } from 'node:stream';
import type { DecodeTaskInput, DecodeTaskResult } from './decodeTask.js';

export interface DecodeCheckOptions {
  threads: number;
  /** Uploads waiting for a thread; more are answered 'busy'. */
  queue: number;
  timeoutMs: number;
}

export type DecodeVerdict =
  | { kind: 'decodes'; width: number; height: number }
  | { kind: 'refused'; code: string; message: string }
  /** The shop is too busy or the decode took too long: the customer may try again. */
  | { kind: 'busy'; reason: string };

const TASK = new URL('./decodeTask.mjs', import.meta.url).href;

export class DecodeCheck {
  private readonly pool: Piscina<DecodeTaskInput, DecodeTaskResult>;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: DecodeCheckOptions) {
    this.pool = new Piscina({
      filename: TASK,
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      maxQueue: options.threads,
    });
  }

  /** Decodes the photo `open()` streams (read only once a thread is free). */
  async check(open: () => Readable): Promise<DecodeVerdict> {
    if (this.running >= this.options.threads && this.waiting.length >= this.options.queue)
      return { kind: 'busy', reason: 'decode queue full' };
    if (this.running >= this.options.threads)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      const jpeg = await readAll(open());
      const signal = AbortSignal.timeout(this.options.timeoutMs);
      const result = await this.pool.run(
        { jpeg },
        { signal, transferList: [jpeg.buffer as ArrayBuffer] },
      );
      return result.ok
        ? { kind: 'decodes', width: result.width, height: result.height }
        : { kind: 'refused', code: result.code, message: result.message };
    } catch (error) {
      // an abort terminates the thread (piscina starts another); anything else is the pool's trouble
      return { kind: 'busy', reason: error instanceof Error ? error.message : String(error) };
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

async function readAll(stream: Readable): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  // copied into an ArrayBuffer of its own (Buffer.concat may hand out Node's shared pool), so it can be transferred to the thread
  return new Uint8Array(Buffer.concat(chunks));
}
