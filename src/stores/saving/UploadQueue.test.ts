import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isFileReadable,
  sleep,
  UPLOAD_RETRY_MAX_MS,
  UPLOAD_RETRY_MIN_MS,
  UploadQueue,
} from './UploadQueue';

describe('UploadQueue', () => {
  it('picks every retry delay within 10 to 20 seconds', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (random) => {
        const queue = new UploadQueue({
          upload: async () => 0,
          fileOf: () => null,
          onUploaded: () => {},
          onFailed: () => {},
          random: () => random,
        });
        const delay = queue.retryDelayMs();
        return delay >= UPLOAD_RETRY_MIN_MS && delay <= UPLOAD_RETRY_MAX_MS;
      }),
    );
  });

  it('never runs more uploads at once than allowed, and each item once when all succeed', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 5 }),
        async (count, concurrency) => {
          let inFlight = 0;
          let most = 0;
          const done: number[] = [];
          const queue = new UploadQueue<number, number>({
            concurrency,
            fileOf: () => new Blob(['x']),
            upload: async (item) => {
              inFlight += 1;
              most = Math.max(most, inFlight);
              await new Promise((resolve) => setTimeout(resolve, 1));
              inFlight -= 1;
              return item;
            },
            onUploaded: (item) => done.push(item),
            onFailed: () => {
              throw new Error('no failure expected');
            },
          });
          await queue.run(
            Array.from({ length: count }, (_, index) => index),
            new AbortController().signal,
          );
          expect(done.sort((a, b) => a - b)).toEqual(
            Array.from({ length: count }, (_, index) => index),
          );
          expect(most).toBeLessThanOrEqual(concurrency);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('an item without a file fails at once as not found on disk', async () => {
    const failures: string[] = [];
    const queue = new UploadQueue<string, string>({
      fileOf: () => null,
      upload: async () => 'never',
      onUploaded: () => {},
      onFailed: (_item, message) => failures.push(message),
    });
    await queue.run(['a'], new AbortController().signal);
    expect(failures).toEqual(['Could not find file on disk']);
  });

  it('reads a file to prove it readable; a file whose read fails is not', async () => {
    await expect(isFileReadable(new Blob(['abc']))).resolves.toBe(true);
    const vanished = {
      slice: () => ({
        arrayBuffer: () => Promise.reject(new DOMException('gone', 'NotFoundError')),
      }),
    } as unknown as Blob;
    await expect(isFileReadable(vanished)).resolves.toBe(false);
  });

  it('sleep ends early with false when aborted', async () => {
    const controller = new AbortController();
    const slept = sleep(60_000, controller.signal);
    controller.abort();
    await expect(slept).resolves.toBe(false);
  });
});
