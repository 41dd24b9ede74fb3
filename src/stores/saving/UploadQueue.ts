import { errorText, FILE_NOT_READABLE } from './saveMessages';

/** A few photos at a time: enough to fill the line, few enough not to starve the save itself. */
export const UPLOAD_CONCURRENCY = 3;
/** The spec's upload retry: once, after 10 to 20 seconds. */
export const UPLOAD_RETRY_MIN_MS = 10_000;
export const UPLOAD_RETRY_MAX_MS = 20_000;
/** How many bytes are read to prove the file is still there. */
const READABLE_PROBE_BYTES = 16;

export interface UploadQueueOptions<T, R> {
  upload(item: T, signal: AbortSignal): Promise<R>;
  /** The local file the item uploads; null when the browser no longer has one. */
  fileOf(item: T): Blob | null;
  onUploaded(item: T, result: R): void;
  /** After the retry failed too, or the file could not be read before it. */
  onFailed(item: T, message: string): void;
  /** The first failure, before the wait (for logs). */
  onRetry?(item: T, message: string, delayMs: number): void;
  isReadable?(file: Blob): Promise<boolean>;
  /** 0-1; picks the retry delay. */
  random?(): number;
  concurrency?: number;
}

/** Reads the file's first bytes: a file deleted or moved on disk fails here, before a second upload. */
export async function isFileReadable(file: Blob): Promise<boolean> {
  try {
    await file.slice(0, READABLE_PROBE_BYTES).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/** Resolves after ms, or at once (false) when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = (completed: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      resolve(completed);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', onAbort);
  });
}

/**
 * Uploads items a few at a time. A failed upload is retried once after 10-20 seconds, if the file
 * can still be read; otherwise, or when the retry fails too, the item is reported as failed. After
 * an abort nothing more is reported.
 */
export class UploadQueue<T, R> {
  constructor(private readonly options: UploadQueueOptions<T, R>) {}

  async run(items: readonly T[], signal: AbortSignal): Promise<void> {
    const waiting = [...items];
    const worker = async () => {
      for (
        let item = waiting.shift();
        item !== undefined && !signal.aborted;
        item = waiting.shift()
      ) {
        await this.uploadOne(item, signal);
      }
    };
    const workers = Math.max(
      1,
      Math.min(this.options.concurrency ?? UPLOAD_CONCURRENCY, waiting.length),
    );
    await Promise.all(Array.from({ length: workers }, worker));
  }

  retryDelayMs(): number {
    const random = (this.options.random ?? Math.random)();
    return Math.round(
      UPLOAD_RETRY_MIN_MS +
        Math.min(1, Math.max(0, random)) * (UPLOAD_RETRY_MAX_MS - UPLOAD_RETRY_MIN_MS),
    );
  }

  private async uploadOne(item: T, signal: AbortSignal): Promise<void> {
    const file = this.options.fileOf(item);
    if (!file) return this.options.onFailed(item, FILE_NOT_READABLE);
    const first = await this.attempt(item, signal);
    if (signal.aborted) return;
    if (first.ok) return this.options.onUploaded(item, first.result);
    const delay = this.retryDelayMs();
    this.options.onRetry?.(item, first.message, delay);
    if (!(await sleep(delay, signal))) return;
    const readable = await (this.options.isReadable ?? isFileReadable)(file);
    if (signal.aborted) return;
    if (!readable) return this.options.onFailed(item, FILE_NOT_READABLE);
    const second = await this.attempt(item, signal);
    if (signal.aborted) return;
    if (second.ok) this.options.onUploaded(item, second.result);
    else this.options.onFailed(item, second.message);
  }

  private async attempt(
    item: T,
    signal: AbortSignal,
  ): Promise<{ ok: true; result: R } | { ok: false; message: string }> {
    try {
      return { ok: true, result: await this.options.upload(item, signal) };
    } catch (error) {
      return { ok: false, message: errorText(error) };
    }
  }
}
