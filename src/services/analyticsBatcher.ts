import {
  ANALYTICS_PATH,
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  MAX_LABEL_LENGTH,
  MAX_NAME_LENGTH,
  type WireEvent,
} from '../api/analyticsWire';
import { PAGE_VIEW_PREFIX, type Analytics, type AnalyticsEvent } from './analytics';

/** How a batch leaves the page. */
export interface BatchTransport {
  /** navigator.sendBeacon: survives the page going away; false when the browser would not queue it. */
  beacon(body: string): boolean;
  /** An ordinary POST (fetch with keepalive); failures are the transport's to swallow. */
  post(body: string): void;
}

export interface BatcherOptions {
  /** Events kept while none can be sent; the oldest go first beyond it (counted in `dropped`). */
  maxQueued: number;
  /** A batch goes out once this many wait (half the server's limit per batch). */
  flushAt: number;
  /** …or this long after the first waiting event. */
  intervalMs: number;
  /** Every event is also told here (the console line support and the e2e read). */
  echo?: Analytics;
  setTimer(run: () => void, ms: number): unknown;
  clearTimer(timer: unknown): void;
}

export const DEFAULT_BATCHER_OPTIONS: BatcherOptions = {
  maxQueued: 200,
  flushAt: MAX_BATCH_EVENTS / 2,
  intervalMs: 30_000,
  setTimer: (run, ms) => setTimeout(run, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

/**
 * The editor's analytics to the shop's own server (POST /api/analytics, the format of
 * src/api/analyticsWire): events wait in a bounded queue and go out in batches, by fetch while the
 * page lives and by navigator.sendBeacon when it is hidden or closed (flush('beacon')).
 */
export class BatchingAnalytics implements Analytics {
  private queue: WireEvent[] = [];
  private timer: unknown = null;
  /** Events lost because the queue was full. */
  dropped = 0;
  private readonly options: BatcherOptions;

  constructor(
    private readonly transport: BatchTransport,
    options: Partial<BatcherOptions> = {},
  ) {
    this.options = { ...DEFAULT_BATCHER_OPTIONS, ...options };
  }

  pageView(path: string): void {
    this.options.echo?.pageView(path);
    this.add({ kind: 'pageview', path: (PAGE_VIEW_PREFIX + path).slice(0, MAX_NAME_LENGTH) });
  }

  event(event: AnalyticsEvent): void {
    this.options.echo?.event(event);
    const wire: WireEvent = {
      kind: 'event',
      category: event.category.slice(0, MAX_NAME_LENGTH),
      action: event.action.slice(0, MAX_NAME_LENGTH),
    };
    if (event.label !== undefined) wire.label = event.label.slice(0, MAX_LABEL_LENGTH);
    if (event.value !== undefined && Number.isFinite(event.value)) wire.value = event.value;
    this.add(wire);
  }

  get waiting(): number {
    return this.queue.length;
  }

  /** Sends every waiting event now, in batches within the server's limits. */
  flush(how: 'post' | 'beacon' = 'post'): void {
    this.stopTimer();
    while (this.queue.length > 0) {
      const batch = this.takeBatch();
      const body = JSON.stringify({ events: batch });
      if (how === 'beacon' && this.transport.beacon(body)) continue;
      this.transport.post(body);
    }
  }

  private add(event: WireEvent): void {
    if (this.queue.length >= this.options.maxQueued) {
      this.queue.shift();
      this.dropped += 1;
    }
    this.queue.push(event);
    if (this.queue.length >= this.options.flushAt) this.flush();
    else if (this.timer === null)
      this.timer = this.options.setTimer(() => this.flush(), this.options.intervalMs);
  }

  /** The longest front of the queue within the event and byte limits (at least one event). */
  private takeBatch(): WireEvent[] {
    let bytes = '{"events":[]}'.length;
    let count = 0;
    while (count < this.queue.length && count < MAX_BATCH_EVENTS) {
      const size = JSON.stringify(this.queue[count]).length + 1;
      if (count > 0 && bytes + size > MAX_BATCH_BYTES) break;
      bytes += size;
      count += 1;
    }
    return this.queue.splice(0, count);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
  }
}

/** The browser's transport to the shop's server: sendBeacon with JSON as text, fetch with keepalive. */
export function browserBatchTransport(path: string = ANALYTICS_PATH): BatchTransport {
  return {
    // A string body goes as text/plain;charset=UTF-8, which the server reads as JSON text.
    beacon: (body) => navigator.sendBeacon?.(path, body) ?? false,
    post: (body) => {
      void fetch(path, {
        method: 'POST',
        body,
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
      }).catch(() => undefined);
    },
  };
}
