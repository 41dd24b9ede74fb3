import { action, computed, makeObservable, observable } from 'mobx';

/** The spec's save progress: uploads counted by photo and by byte. */
export class SaveProgress {
  finished = false;
  error = false;
  totalResources = 0;
  finishedResources = 0;
  errorResources = 0;
  totalBytes = 0;
  finishedBytes = 0;
  /** Milliseconds since the epoch; 0 before a save started. */
  startTime = 0;
  /**
   * Photos whose upload failed once and wait for (or run) their retry: the server or the line is
   * away, so the view says it is trying again instead of counting failures down as progress.
   */
  retrying = 0;

  constructor() {
    makeObservable(this, {
      finished: observable,
      error: observable,
      totalResources: observable,
      finishedResources: observable,
      errorResources: observable,
      totalBytes: observable,
      finishedBytes: observable,
      startTime: observable,
      retrying: observable,
      remainingResources: computed,
      uploading: computed,
      fraction: computed,
      begin: action,
      resourceDone: action,
      resourceFailed: action,
      retryStarted: action,
      finish: action,
      reset: action,
    });
  }

  /** Photos still to be sent (neither sent nor failed). */
  get remainingResources(): number {
    return Math.max(0, this.totalResources - this.finishedResources - this.errorResources);
  }

  /** Photos are still being sent; afterwards the collage itself is saved. */
  get uploading(): boolean {
    return this.remainingResources > 0;
  }

  /** 0-1 for the progress bar: bytes when known, else photos; full while the XML is posted. */
  get fraction(): number {
    if (this.totalResources === 0) return this.finished ? 1 : 0;
    if (this.totalBytes > 0) return Math.min(1, this.finishedBytes / this.totalBytes);
    return (this.finishedResources + this.errorResources) / this.totalResources;
  }

  begin(totalResources: number, totalBytes: number, startTime: number): void {
    this.reset();
    this.totalResources = totalResources;
    this.totalBytes = totalBytes;
    this.startTime = startTime;
  }

  /** `retried`: the photo was waiting for its retry (it no longer is). */
  resourceDone(bytes: number, retried = false): void {
    this.finishedResources += 1;
    this.finishedBytes += bytes;
    if (retried) this.retrying = Math.max(0, this.retrying - 1);
  }

  /** A photo's first upload failed; its retry follows. */
  retryStarted(): void {
    this.retrying += 1;
  }

  /** A failed photo's bytes count as handled, so the bar still reaches its end. */
  resourceFailed(bytes: number, retried = false): void {
    if (retried) this.retrying = Math.max(0, this.retrying - 1);
    this.errorResources += 1;
    this.error = true;
    this.finishedBytes += bytes;
  }

  finish(): void {
    this.finished = true;
  }

  reset(): void {
    this.finished = false;
    this.error = false;
    this.totalResources = 0;
    this.finishedResources = 0;
    this.errorResources = 0;
    this.totalBytes = 0;
    this.finishedBytes = 0;
    this.startTime = 0;
    this.retrying = 0;
  }
}
