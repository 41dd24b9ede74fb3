/**
 * Test-only fakes of the save flow's services: an upload endpoint with a script per photo, a save
 * endpoint that records what it got. Imported by tests, never by the app.
 */
import type { SavedCollage, SaveRequest, UploadedPhoto } from '../../../src/api/client';
import { ApiError } from '../../../src/api/http';
import type { Photo } from '../../../src/stores/photos/Photo';

/** What one upload attempt of a photo does: succeed, fail with a message, or hang until aborted. */
export type UploadStep = 'ok' | 'hang' | { fail: string } | { delayMs: number };

function abortError(): Error {
  return new DOMException('The operation was aborted.', 'AbortError');
}

export class FakeUploads {
  readonly calls: Array<{ name: string; at: number; sessionId?: string }> = [];
  inFlight = 0;
  maxInFlight = 0;
  private nextId = 500;
  private readonly scripts = new Map<string, UploadStep[]>();

  /** The steps of the photo's next attempts, in order; attempts beyond the script succeed. */
  script(name: string, ...steps: UploadStep[]): this {
    this.scripts.set(name, steps);
    return this;
  }

  attempts(name: string): number[] {
    return this.calls.filter((call) => call.name === name).map((call) => call.at);
  }

  upload = async (photo: Photo, signal: AbortSignal): Promise<UploadedPhoto> => {
    this.calls.push({ name: photo.name, at: Date.now() });
    const step = this.scripts.get(photo.name)?.shift() ?? 'ok';
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const delayMs =
        step === 'hang'
          ? Infinity
          : typeof step === 'object' && 'delayMs' in step
            ? step.delayMs
            : 10;
      await new Promise<void>((resolve, reject) => {
        if (signal.aborted) return reject(abortError());
        const timer = Number.isFinite(delayMs) ? setTimeout(resolve, delayMs) : undefined;
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(abortError());
        });
      });
      if (typeof step === 'object' && 'fail' in step) throw new ApiError(step.fail, 500);
      const id = String(this.nextId++);
      return {
        id,
        src: `/api/photo/${id}`,
        orgWidth: photo.orgWidth,
        orgHeight: photo.orgHeight,
        webWidth: photo.webWidth,
        webHeight: photo.webHeight,
        key: photo.key,
        rotation: 0,
      };
    } finally {
      this.inFlight -= 1;
    }
  };
}

export class FakeSaveEndpoint {
  readonly requests: SaveRequest[] = [];
  /** Failures to answer before the next successes: a message (a 400 without a body) or the error itself. */
  failures: Array<string | Error> = [];
  private nextId = 7001;

  /** Answer alreadyordered=true to orders (the server's answer to an unchanged collage ordered again). */
  alreadyOrdered = false;

  save = async (request: SaveRequest, signal: AbortSignal): Promise<SavedCollage> => {
    if (signal.aborted) throw abortError();
    this.requests.push(request);
    await Promise.resolve();
    const failure = this.failures.shift();
    if (typeof failure === 'string') throw new ApiError(failure, 400);
    if (failure) throw failure;
    return {
      collageId: request.collageId ?? String(this.nextId++),
      alreadyOrdered: this.alreadyOrdered && request.forOrder,
    };
  };
}
