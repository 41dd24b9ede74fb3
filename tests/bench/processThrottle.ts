/**
 * Slows a whole process down by a factor, the way CPU throttling does, by duty-cycling it with
 * SIGSTOP/SIGCONT (run 20 ms of every 20·factor ms). Chromium's own throttling
 * (CDP Emulation.setCPUThrottlingRate) reaches only a page's main thread, not its workers
 * (measured in tests/bench/photos.ts), so the photo worker needs this one. Slices of 20 ms keep
 * the scheduler's wake-up delay on a busy machine small against the cycle (5 ms slices gave 2x, not 4x).
 * Linux only; the throttled process is always continued when the throttle stops.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';

const SLICE_MS = 20;

/** Runs in a child process so its precise sleeps (Atomics.wait) never block the benchmark. */
const DUTY_CYCLE = `
const [pid, runMs, stopMs] = process.argv.slice(1).map(Number);
const cell = new Int32Array(new SharedArrayBuffer(4));
for (;;) {
  try { process.kill(pid, 'SIGCONT'); } catch { process.exit(0); }
  Atomics.wait(cell, 0, 0, runMs);
  try { process.kill(pid, 'SIGSTOP'); } catch { process.exit(0); }
  Atomics.wait(cell, 0, 0, stopMs);
}
`;

export interface Throttle {
  /** Ends the duty cycle and continues the process (after the cycling child is gone). */
  stop(): Promise<void>;
}

export function throttleProcess(pid: number, factor: number): Throttle {
  if (factor <= 1) return { stop: async () => {} };
  const child: ChildProcess = spawn(
    process.execPath,
    ['-e', DUTY_CYCLE, String(pid), String(SLICE_MS), String(SLICE_MS * (factor - 1))],
    { stdio: 'ignore' },
  );
  return {
    async stop() {
      const exited =
        child.exitCode === null && child.signalCode === null
          ? once(child, 'exit')
          : Promise.resolve();
      child.kill('SIGKILL');
      await exited;
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // already gone
      }
    },
  };
}
