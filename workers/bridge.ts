/**
 * A pool of workers behind typed calls (Squoosh's worker bridge, generalised to a pool):
 * hardware threads minus one workers at most, a queue, cancellation through AbortSignal,
 * idle shutdown, and a retry after 500 ms on a fresh worker when one dies mid-task.
 */

export interface WorkerHandle<Api> {
  api: Api;
  terminate(): void;
}

export interface PoolOptions<Api> {
  /** Starts one worker (comlink.wrap(new Worker(...)) in the browser). */
  create(): WorkerHandle<Api>;
  /** Workers at most: the spec's hardware threads minus one, at least one. */
  size?: number;
  /** A worker idle this long is terminated to give its memory back. */
  idleMs?: number;
  /** Delay before retrying a task whose worker failed (the spec's 500 ms). */
  retryMs?: number;
  /** Tells a worker crash (retry on a new worker) from a task error (reject at once). */
  isWorkerFailure?(error: unknown): boolean;
}

export class AbortError extends Error {
  constructor() {
    super('Aborted');
    this.name = 'AbortError';
  }
}

interface Slot<Api> {
  handle: WorkerHandle<Api>;
  busy: boolean;
  idleTimer: ReturnType<typeof setTimeout> | null;
}

interface Task<Api> {
  run(api: Api): Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
  signal?: AbortSignal;
  retried: boolean;
}

export class WorkerCrashed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WorkerCrashed';
  }
}

/**
 * Wraps a worker's calls so a crash fails those in flight, and every later one: comlink alone
 * would wait for ever for the answer of a worker that died. `onCrash` registers the listener.
 */
export function crashGuard(onCrash: (listener: (error: Error) => void) => void) {
  const inFlight = new Set<(error: Error) => void>();
  let crashed: Error | null = null;
  onCrash((error) => {
    crashed ??= error;
    for (const reject of inFlight) reject(error);
    inFlight.clear();
  });
  return <Args extends unknown[], T>(call: (...args: Args) => Promise<T>) =>
    (...args: Args): Promise<T> => {
      if (crashed) return Promise.reject(crashed);
      return new Promise<T>((resolve, reject) => {
        inFlight.add(reject);
        call(...args)
          .then(resolve, reject)
          .finally(() => inFlight.delete(reject));
      });
    };
}

export function defaultPoolSize(
  hardwareConcurrency = globalThis.navigator?.hardwareConcurrency ?? 2,
): number {
  return Math.max(1, hardwareConcurrency - 1);
}

export class WorkerPool<Api> {
  private readonly slots: Slot<Api>[] = [];
  private readonly queue: Task<Api>[] = [];
  private readonly size: number;
  private readonly idleMs: number;
  private readonly retryMs: number;
  private closed = false;

  constructor(private readonly options: PoolOptions<Api>) {
    this.size = options.size ?? defaultPoolSize();
    this.idleMs = options.idleMs ?? 30_000;
    this.retryMs = options.retryMs ?? 500;
  }

  get workerCount(): number {
    return this.slots.length;
  }

  get queued(): number {
    return this.queue.length;
  }

  /** Runs fn on a free worker; queued while all are busy; rejects with AbortError when aborted first. */
  run<T>(fn: (api: Api) => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new Error('Worker pool is closed'));
    if (signal?.aborted) return Promise.reject(new AbortError());
    return new Promise<T>((resolve, reject) => {
      const task: Task<Api> = {
        run: fn,
        resolve: resolve as (value: unknown) => void,
        reject,
        signal,
        retried: false,
      };
      signal?.addEventListener('abort', () => this.abortQueued(task), { once: true });
      this.queue.push(task);
      this.dispatch();
    });
  }

  /** Terminates every worker; queued tasks are rejected. */
  close(): void {
    this.closed = true;
    for (const task of this.queue.splice(0)) task.reject(new Error('Worker pool is closed'));
    for (const slot of this.slots.splice(0)) this.stop(slot);
  }

  private abortQueued(task: Task<Api>): void {
    const index = this.queue.indexOf(task);
    if (index >= 0) this.queue.splice(index, 1);
    task.reject(new AbortError());
  }

  private dispatch(): void {
    while (this.queue.length) {
      const slot = this.freeSlot();
      if (!slot) return;
      this.execute(slot, this.queue.shift()!);
    }
  }

  private freeSlot(): Slot<Api> | null {
    const idle = this.slots.find((slot) => !slot.busy);
    if (idle) return idle;
    if (this.slots.length >= this.size) return null;
    const slot: Slot<Api> = { handle: this.options.create(), busy: false, idleTimer: null };
    this.slots.push(slot);
    return slot;
  }

  private execute(slot: Slot<Api>, task: Task<Api>): void {
    slot.busy = true;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    task.run(slot.handle.api).then(
      (value) => {
        this.release(slot);
        if (task.signal?.aborted) task.reject(new AbortError());
        else task.resolve(value);
      },
      (error: unknown) => {
        const workerDied = this.options.isWorkerFailure?.(error) ?? false;
        if (workerDied) this.replace(slot);
        else this.release(slot);
        if (workerDied && !task.retried && !task.signal?.aborted) {
          task.retried = true;
          setTimeout(() => {
            if (this.closed) return task.reject(error);
            this.queue.unshift(task);
            this.dispatch();
          }, this.retryMs);
        } else {
          task.reject(task.signal?.aborted ? new AbortError() : error);
        }
      },
    );
  }

  private release(slot: Slot<Api>): void {
    slot.busy = false;
    if (!this.slots.includes(slot)) return;
    slot.idleTimer = setTimeout(() => this.retire(slot), this.idleMs);
    this.dispatch();
  }

  private replace(slot: Slot<Api>): void {
    this.retire(slot);
    this.dispatch();
  }

  private retire(slot: Slot<Api>): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    this.stop(slot);
  }

  private stop(slot: Slot<Api>): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.handle.terminate();
  }
}
