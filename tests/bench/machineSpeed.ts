/**
 * How much slower this machine's CPU is than the machine the budgets were set on, so that a
 * benchmark on a slower machine of the same kind emulates the same phone and is held to the same
 * budgets.
 *
 * Why: machines "of this kind" differ. On the machine of the session of 2026-11-27, idle, every
 * throttled phone figure of unchanged code was 1.6-5x its budget (cold_editor_ms 942 against 385,
 * longest_task_ms 1003 against 469, Lighthouse 0.77 against 0.79): at 4x throttling a slower host
 * emulates a slower phone, and long tasks grow past the moments the visit's clicks come in. DevTools
 * answers the same problem by calibrating its CPU throttling presets to the host (its
 * CalibrationController, which times Lighthouse's BenchmarkIndex loop).
 *
 * The measure: the CPU time (user + system, so the load average moves it little) of @jsquash's
 * 24 MP preview (MozJPEG's full decode and a Lanczos resize to 1024 px, both WebAssembly, pinned
 * by package-lock: code of ours never moves it) of the bench photo (makeLargeJpeg.ts: the same
 * bytes on every machine), median of 5 after a warm-up, against REFERENCE_JSQUASH_MS. WebAssembly
 * over large buffers slows down with the host the way the browser's work does: on that machine it
 * took 2.18x the reference's time, CanvasKit's Canvas2D frame 2.0x and the print master 2.3x,
 * while native djpeg took only 1.65x (a phone throttled by djpeg's ratio still missed its budgets
 * by 1.4-2.5x). The slowdown used is never below 1: a faster machine keeps 4x and the budgets
 * as they are, so budgets only ever loosen by what was measured.
 *
 *   phone and render throttle the page by PHONE_CPU_SLOWDOWN / slowdown (bench:phone's visits,
 *   Lighthouse's simulated CPU, bench:render's 4x frames), the same phone on any host;
 *   budgets marked "scales_with_cpu" (max x slowdown; min / slowdown) are checked against the
 *   measured slowdown (budgets.ts): the unthrottled times, and the throttled phone and render
 *   figures as well, because throttling slows only the page's main thread (its raster and
 *   compositor threads, the workers and the server keep the host's speed: at 1.78x on that
 *   machine cold_canvas_ms was still 1.45x the reference machine's, long_tasks_ms 1.6x and
 *   longest_task_ms 2.2x; bench/history/2026-11-27T04-12-slow-machine-calibrated.json).
 *
 * bench:ci measures it once, before its steps, and hands it to them in BENCH_MACHINE_SLOWDOWN;
 * a benchmark run alone measures it itself (about 10 s, plus making the photo once).
 */
import { makeLargeJpeg } from './makeLargeJpeg';
import { median, round, SLOWDOWN_ENV } from './figures';
import { loadJsquash } from './jsquashPreview';
import { BOX, timed } from './previewEngines';
import { readFileSync } from 'node:fs';

/** @jsquash's preview of the 24 MP bench photo, median CPU ms, on the machine of CI's run of 2026-11-27 (issues ci: 1008.5). */
export const REFERENCE_JSQUASH_MS = 1008.5;
/** DevTools' 4x CPU slowdown of issue 13's phone, on the reference machine. */
export const PHONE_CPU_SLOWDOWN = 4;
const RUNS = 5;
export { SLOWDOWN_ENV } from './figures';

export interface MachineSpeed {
  /** @jsquash's median CPU ms on this machine, or null when the slowdown was handed over. */
  jsquashMs: number | null;
  referenceMs: number;
  /** This machine's CPU time over the reference machine's, at least 1. */
  slowdown: number;
  /** The CDP CPU throttling rate that emulates issue 13's phone on this machine. */
  phoneCpuRate: number;
}

/** The slowdown as measured (or handed over), never below 1. */
export function slowdownFrom(jsquashMs: number, referenceMs = REFERENCE_JSQUASH_MS): number {
  return Math.max(1, round(jsquashMs / referenceMs, 2));
}

/** DevTools' throttling rate for the phone on a host `slowdown` times slower than the reference (at least 1: no throttling). */
export function phoneCpuRate(slowdown: number): number {
  return Math.max(1, round(PHONE_CPU_SLOWDOWN / Math.max(1, slowdown), 2));
}

function speedOf(slowdown: number, jsquashMs: number | null): MachineSpeed {
  return {
    jsquashMs,
    referenceMs: REFERENCE_JSQUASH_MS,
    slowdown,
    phoneCpuRate: phoneCpuRate(slowdown),
  };
}

/** Measures now (never reads the environment): bench:ci's first step. */
export async function measureMachineSpeed(
  log: (...parts: unknown[]) => void,
): Promise<MachineSpeed> {
  const photo = new Uint8Array(readFileSync((await makeLargeJpeg(24)).baseline));
  const jsquash = await loadJsquash();
  await jsquash.preview(photo, BOX);
  const cpuMs: number[] = [];
  for (let run = 0; run < RUNS; run += 1)
    cpuMs.push((await timed(() => jsquash.preview(photo, BOX))).cpuMs);
  const jsquashMs = round(median(cpuMs), 1);
  const speed = speedOf(slowdownFrom(jsquashMs), jsquashMs);
  log(
    `machine speed: @jsquash's 24 MP preview ${jsquashMs} ms CPU (reference ${REFERENCE_JSQUASH_MS}): slowdown ${speed.slowdown}, phone CPU throttling ${speed.phoneCpuRate}x`,
  );
  return speed;
}

/**
 * Microseconds to fault in one 4 KiB page of fresh memory (a 128 MB buffer written once a page,
 * median of 5): the machine's class for the budgets (budgets.ts SLOW_FAULTS_US). The CPU probe
 * above runs on memory it has touched already and cannot see this. Measured 11-16 us on the
 * machines of 2026-11-29 (a guest whose first touch of a page traps to its host: Linux
 * 6.18.44-fc with pvm_no_zero_page; Python's mmap loop gives the same), where an ordinary kernel
 * takes well under 1 us: there a fresh Chromium's phone figures were 2-3 times the budgets'
 * for unchanged code at every CPU throttling (1x included), though the CPU probe read 1.43-1.51.
 */
export function measurePageFaultUs(): number {
  const bytes = 128 << 20;
  const perPage: number[] = [];
  for (let run = 0; run < 5; run += 1) {
    const start = process.hrtime.bigint();
    const fresh = new Uint8Array(new ArrayBuffer(bytes));
    for (let offset = 0; offset < bytes; offset += 4096) fresh[offset] = 1;
    perPage.push(Number(process.hrtime.bigint() - start) / 1e3 / (bytes / 4096));
  }
  return round(median(perPage), 2);
}

/** The slowdown bench:ci handed over in BENCH_MACHINE_SLOWDOWN, else measured now. */
export async function machineSpeed(
  log: (...parts: unknown[]) => void,
  env: NodeJS.ProcessEnv = process.env,
): Promise<MachineSpeed> {
  const handed = Number(env[SLOWDOWN_ENV]);
  if (env[SLOWDOWN_ENV] && Number.isFinite(handed) && handed > 0)
    return speedOf(Math.max(1, handed), null);
  return measureMachineSpeed(log);
}
