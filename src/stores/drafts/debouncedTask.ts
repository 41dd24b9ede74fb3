/**
 * Runs an async task after a quiet period (debounce) but at least every `maxWaitMs` while requests
 * keep coming, never twice at once: a request during a run starts one more run after it.
 */
export class DebouncedTask {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private firstRequestAt: number | null = null;
  private running: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly task: () => Promise<void>,
    private readonly debounceMs: number,
    private readonly maxWaitMs: number,
    private readonly now: () => number = () => Date.now(),
  ) {}

  request(): void {
    const now = this.now();
    this.firstRequestAt ??= now;
    if (this.timer) clearTimeout(this.timer);
    const wait = Math.max(0, Math.min(this.debounceMs, this.firstRequestAt + this.maxWaitMs - now));
    this.timer = setTimeout(() => void this.runNow(), wait);
  }

  /** Runs at once (or right after the run under way); resolves when that run has finished. */
  runNow(): Promise<void> {
    this.cancel();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.task().finally(() => {
      this.running = null;
      if (this.again) {
        this.again = false;
        void this.runNow();
      }
    });
    return this.running;
  }

  cancel(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.firstRequestAt = null;
  }
}
