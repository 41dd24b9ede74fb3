import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AbortError, WorkerPool, defaultPoolSize, crashGuard, WorkerCrashed } from './bridge';

class Crash extends Error {}

interface FakeApi {
  id: number;
  work(ms: number): Promise<number>;
}

function fakeWorkers() {
  const started: number[] = [];
  const terminated: number[] = [];
  let next = 0;
  const create = () => {
    const id = ++next;
    started.push(id);
    const api: FakeApi = {
      id,
      work: (ms) => new Promise((resolve) => setTimeout(() => resolve(id), ms)),
    };
    return { api, terminate: () => terminated.push(id) };
  };
  return { create, started, terminated };
}

describe('WorkerPool', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sizes to hardware threads minus one, at least one', () => {
    expect(defaultPoolSize(8)).toBe(7);
    expect(defaultPoolSize(2)).toBe(1);
    expect(defaultPoolSize(1)).toBe(1);
  });

  it('never runs more tasks at once than workers, and queues the rest', async () => {
    const workers = fakeWorkers();
    const pool = new WorkerPool<FakeApi>({ create: workers.create, size: 2 });
    const results = [1, 2, 3, 4, 5].map(() => pool.run((api) => api.work(100)));
    expect(pool.workerCount).toBe(2);
    expect(pool.queued).toBe(3);
    await vi.advanceTimersByTimeAsync(100);
    expect(pool.queued).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(await Promise.all(results)).toEqual([1, 2, 1, 2, 1]);
    expect(workers.started).toEqual([1, 2]);
  });

  it('rejects an aborted queued task without running it', async () => {
    const workers = fakeWorkers();
    const pool = new WorkerPool<FakeApi>({ create: workers.create, size: 1 });
    const ran = vi.fn((api: FakeApi) => api.work(10));
    void pool.run((api) => api.work(100));
    const controller = new AbortController();
    const queued = pool.run(ran, controller.signal);
    controller.abort();
    await expect(queued).rejects.toBeInstanceOf(AbortError);
    await vi.advanceTimersByTimeAsync(200);
    expect(ran).not.toHaveBeenCalled();
    await expect(pool.run(ran, controller.signal)).rejects.toBeInstanceOf(AbortError);
  });

  it('shuts idle workers down and starts new ones on demand', async () => {
    const workers = fakeWorkers();
    const pool = new WorkerPool<FakeApi>({ create: workers.create, size: 1, idleMs: 1000 });
    const first = pool.run((api) => api.work(10));
    await vi.advanceTimersByTimeAsync(10);
    await first;
    await vi.advanceTimersByTimeAsync(999);
    expect(workers.terminated).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(workers.terminated).toEqual([1]);
    expect(pool.workerCount).toBe(0);
    const second = pool.run((api) => api.work(10));
    await vi.advanceTimersByTimeAsync(10);
    expect(await second).toBe(2);
  });

  it('retries a task once after 500 ms on a fresh worker when its worker dies', async () => {
    const workers = fakeWorkers();
    const pool = new WorkerPool<FakeApi>({
      create: workers.create,
      size: 1,
      isWorkerFailure: (error) => error instanceof Crash,
    });
    let calls = 0;
    const result = pool.run(async (api) => {
      calls++;
      if (api.id === 1) throw new Crash('trap');
      return api.id;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toBe(1);
    expect(workers.terminated).toEqual([1]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBe(2);
    expect(calls).toBe(2);
  });

  it('rejects at once on a task error and keeps the worker for the next file', async () => {
    const workers = fakeWorkers();
    const pool = new WorkerPool<FakeApi>({
      create: workers.create,
      size: 1,
      isWorkerFailure: (error) => error instanceof Crash,
    });
    await expect(
      pool.run(async () => Promise.reject(new Error('Could not load photo'))),
    ).rejects.toThrow('Could not load photo');
    const next = pool.run((api) => api.work(5));
    await vi.advanceTimersByTimeAsync(5);
    expect(await next).toBe(1);
    expect(workers.terminated).toEqual([]);
  });

  it('gives up after one retry', async () => {
    const workers = fakeWorkers();
    const pool = new WorkerPool<FakeApi>({
      create: workers.create,
      size: 1,
      isWorkerFailure: () => true,
    });
    const result = pool.run(async () => Promise.reject(new Crash('trap')));
    const settled = expect(result).rejects.toBeInstanceOf(Crash);
    await vi.advanceTimersByTimeAsync(500);
    await settled;
    expect(workers.started).toEqual([1, 2]);
  });

  it('close terminates workers and rejects what waits', async () => {
    const workers = fakeWorkers();
    const pool = new WorkerPool<FakeApi>({ create: workers.create, size: 1 });
    void pool.run((api) => api.work(100)).catch(() => undefined);
    const waiting = pool.run((api) => api.work(100));
    pool.close();
    await expect(waiting).rejects.toThrow('closed');
    expect(workers.terminated).toEqual([1]);
    await expect(pool.run((api) => api.work(1))).rejects.toThrow('closed');
  });
});

describe('crashGuard', () => {
  it('passes answers through, fails the calls in flight when the worker crashes, and every call after', async () => {
    let crash: (error: Error) => void = () => undefined;
    const guarded = crashGuard((listener) => (crash = listener));
    const echo = guarded(async (value: number) => value * 2);
    await expect(echo(21)).resolves.toBe(42);
    const never = guarded(() => new Promise<number>(() => undefined));
    const pending = never();
    crash(new WorkerCrashed('screenshot worker failed'));
    await expect(pending).rejects.toThrow('screenshot worker failed');
    await expect(echo(1)).rejects.toBeInstanceOf(WorkerCrashed);
  });
});
