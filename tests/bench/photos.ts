/**
 * Photo benchmark in headless Chromium: per-file time from a File to the web JPEG (≤ 1024 px,
 * quality 80) for a generated 24 MP camera-like JPEG (baseline and progressive), through
 *   - pipeline:     the product's PhotoWorkerClient (worker pool, WASM codec with DCT scaling,
 *                   EXIF, MD5 key, structure check, OffscreenCanvas encode), and
 *   - alternative:  what a developer would write instead, in a worker too: createImageBitmap
 *                   with resizeWidth/resizeHeight + OffscreenCanvas.convertToBlob,
 * side by side at 1x and 4x CPU throttling, with the renderer's peak memory (VmHWM of its
 * process: page, workers and WASM together), the page's JS heap (CDP Performance.getMetrics)
 * and the codec's WASM memory; plus the JPEG encoder choice (OffscreenCanvas vs CanvasKit).
 * Medians of RUNS runs after a cold first run (reported apart).
 *
 *   npm run bench:photos [-- runs=7]
 * Writes out/bench/photos.json; the last stdout line is
 *   photos file_ms=<x> alt_ms=<y> ratio=<r> throttled_ms=<z> peak_mb=<m>
 * (24 MP baseline, wall medians at 1x; ratio = alt_ms / file_ms; throttled_ms = pipeline at 4x;
 * peak_mb = the renderer's peak resident memory while the pipeline ran, above its warm resident size).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from 'playwright-core';
import { buildHarness, startHarnessServer, type HarnessServer } from '../harness/harness';
import { makeLargeJpeg } from './makeLargeJpeg';
import { throttleProcess } from './processThrottle';

const root = fileURLToPath(new URL('../../', import.meta.url));
const RUNS = Math.max(5, Number(process.argv[2] ?? 7));
const THROTTLE = 4;
const BOX = 1024;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const mb = (bytes: number) => round(bytes / 2 ** 20);
const log = (...parts: unknown[]) => console.error('[bench:photos]', ...parts);

/** VmHWM (peak) and VmRSS (now) of a process, in bytes. */
function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { peak: field('VmHWM'), now: field('VmRSS') };
}

interface BenchWindow {
  bench: {
    pipeline(index: number, box?: number): Promise<{ ms: number; width: number; height: number; bytes: number; key: string }>;
    alternative(index: number, width: number, height: number): Promise<{ ms: number; width: number; height: number; bytes: number }>;
    encoders(index: number, runs: number): Promise<{ width: number; height: number; offscreenCanvas: { ms: number[]; bytes: number }; canvasKit: { ms: number[]; bytes: number; loadMs: number; wasmBytes: number } }>;
    stats(): Promise<{ codecMemoryBytes: number; codecRestarts: number }>;
    spinWorker(iterations: number): Promise<{ ms: number }>;
    spinPage(iterations: number): { ms: number };
    hardwareConcurrency(): number;
  };
}

class Session {
  private constructor(
    readonly page: Page,
    readonly cdp: CDPSession,
    readonly pid: number,
    readonly idleRss: number,
    private readonly closeContext: () => Promise<void>,
  ) {}

  /** A fresh browser context (its own renderer process, so its peak memory is this session's alone). */
  static async open(browser: Browser, server: HarnessServer, files: string[]): Promise<Session> {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (error) => log('page error:', error.message));
    await page.goto(`${server.url}/bench.html`);
    await page.waitForFunction(() => document.title === 'bench ready');
    await page.locator('#files').setInputFiles(files);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const pid = await rendererOf(page);
    return new Session(page, cdp, pid, memoryOf(pid).now, () => context.close());
  }

  run<T>(fn: (bench: BenchWindow['bench'], arg: unknown) => T | Promise<T>, arg?: unknown): Promise<T> {
    return this.page.evaluate(([source, value]) => {
      const call = new Function('bench', 'arg', `return (${source})(bench, arg);`) as (bench: unknown, arg: unknown) => unknown;
      return call((window as unknown as BenchWindow).bench, value);
    }, [fn.toString(), arg] as const) as Promise<T>;
  }

  async jsHeapUsed(): Promise<number> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  }

  close(): Promise<void> {
    return this.closeContext();
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

function descendsFrom(pid: number, ancestor: number): boolean {
  for (let current = pid, depth = 0; current > 1 && depth < 16; current = parentOf(current), depth++) {
    if (current === ancestor) return true;
  }
  return false;
}

/**
 * Renderer processes of the Chromium this script started (Linux /proc: the cmdline says
 * --type=renderer, not a browser-UI one, and this process is an ancestor; other people's browsers
 * on the machine are not).
 */
function rendererPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        // Each new context also starts a browser-UI renderer (--top-chrome-webui) that is busy at first.
        return cmdline.includes('--type=renderer') && !cmdline.includes('--top-chrome-webui') && descendsFrom(Number(pid), process.pid);
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** CPU time (user + system, all threads) of a process in ms, from /proc/<pid>/stat (10 ms ticks). */
function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
  } catch {
    return 0;
  }
}

/** The renderer process of a page: the one whose CPU time grows while the page's main thread spins. */
async function rendererOf(page: Page): Promise<number> {
  const candidates = rendererPids();
  const before = new Map(candidates.map((pid) => [pid, cpuMsOf(pid)]));
  await page.evaluate(() => (window as unknown as BenchWindow).bench.spinPage(1e8));
  let best = 0;
  let found = 0;
  for (const pid of candidates) {
    const grown = cpuMsOf(pid) - before.get(pid)!;
    if (grown > best) [best, found] = [grown, pid];
  }
  if (!found) throw new Error('could not find the renderer process');
  return found;
}

/** Resets the process's peak resident set (VmHWM) to its current size (Linux, needs root or the same user). */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

type Mode = 'pipeline' | 'alternative';
const MODES: readonly Mode[] = ['pipeline', 'alternative'];

interface Timing {
  /** Cold first run (worker start, WASM compile), not in the median. */
  firstMs: number;
  wallMs: number[];
  medianMs: number;
  minMs: number;
  /** Renderer CPU time per file (all its threads): steadier than wall time on a shared machine. */
  cpuMs: number[];
  medianCpuMs: number;
  output: { width: number; height: number; bytes: number };
}

interface Memory {
  /** The renderer's resident memory with the page loaded, before the first photo. */
  idleRssMb: number;
  /** Its peak through the cold first run (worker start, WASM compile). */
  coldPeakRssMb: number;
  /** Resident after the cold run, and the peak while the measured runs ran (VmHWM reset in between). */
  warmRssMb: number;
  peakRssMb: number;
  /** What one more photo costs at peak: peakRssMb - warmRssMb. */
  peakGrowthMb: number;
  pageJsHeapMb: number;
  codecWasmMb?: number;
}

function call(session: Session, mode: Mode, index: number) {
  return mode === 'pipeline'
    ? session.run((bench, i) => bench.pipeline(i as number), index)
    : session.run((bench, i) => bench.alternative(i as number, 1024, 683), index);
}

/** Both ways in one page, by turns, so a busy machine slows both alike; throttled when asked. */
async function timeSideBySide(open: () => Promise<Session>, index: number, throttle: number): Promise<Record<Mode, Timing>> {
  const session = await open();
  try {
    const first = { pipeline: await call(session, 'pipeline', index), alternative: await call(session, 'alternative', index) };
    const samples = { pipeline: { wall: [] as number[], cpu: [] as number[] }, alternative: { wall: [] as number[], cpu: [] as number[] } };
    const output = { ...first };
    const throttling = throttleProcess(session.pid, throttle);
    try {
      for (let run = 0; run < RUNS; run++) {
        for (const mode of run % 2 ? [...MODES].reverse() : MODES) {
          const cpuBefore = cpuMsOf(session.pid);
          output[mode] = await call(session, mode, index);
          samples[mode].cpu.push(cpuMsOf(session.pid) - cpuBefore);
          samples[mode].wall.push(output[mode].ms);
        }
      }
    } finally {
      await throttling.stop();
    }
    const timing = (mode: Mode): Timing => ({
      firstMs: round(first[mode].ms),
      wallMs: samples[mode].wall.map((ms) => round(ms)),
      medianMs: round(median(samples[mode].wall)),
      minMs: round(Math.min(...samples[mode].wall)),
      cpuMs: samples[mode].cpu,
      medianCpuMs: round(median(samples[mode].cpu)),
      output: { width: output[mode].width, height: output[mode].height, bytes: output[mode].bytes },
    });
    return { pipeline: timing('pipeline'), alternative: timing('alternative') };
  } finally {
    await session.close();
  }
}

/** One way alone in its own renderer process, so the peak is its own. */
async function peakMemory(open: () => Promise<Session>, mode: Mode, index: number): Promise<Memory> {
  const session = await open();
  try {
    await call(session, mode, index);
    const cold = memoryOf(session.pid);
    const peakReset = resetPeak(session.pid);
    for (let run = 0; run < RUNS; run++) await call(session, mode, index);
    const memory = memoryOf(session.pid);
    const stats = mode === 'pipeline' ? await session.run((bench) => bench.stats()) : null;
    return {
      idleRssMb: mb(session.idleRss),
      coldPeakRssMb: mb(cold.peak),
      warmRssMb: mb(cold.now),
      peakRssMb: mb(memory.peak),
      peakGrowthMb: peakReset ? mb(memory.peak - cold.now) : NaN,
      pageJsHeapMb: mb(await session.jsHeapUsed()),
      ...(stats ? { codecWasmMb: mb(stats.codecMemoryBytes) } : {}),
    };
  } finally {
    await session.close();
  }
}

/** Whether a throttle reaches the page's main thread and its workers: a fixed loop, slowed by how much. */
async function throttleReach(open: () => Promise<Session>): Promise<Record<string, { page: number; worker: number }>> {
  const session = await open();
  const spins = async () => {
    const page: number[] = [];
    const worker: number[] = [];
    for (let run = 0; run < 5; run++) {
      page.push((await session.run((bench) => bench.spinPage(2e7))).ms);
      worker.push((await session.run((bench) => bench.spinWorker(2e7))).ms);
    }
    return { page: median(page), worker: median(worker) };
  };
  try {
    const plain = await spins();
    await session.cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const devtools = await spins();
    await session.cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const throttling = throttleProcess(session.pid, THROTTLE);
    const process = await spins();
    await throttling.stop();
    const factor = (value: { page: number; worker: number }) => ({ page: round(value.page / plain.page, 2), worker: round(value.worker / plain.worker, 2) });
    return { cdpSetCPUThrottlingRate: factor(devtools), processDutyCycle: factor(process) };
  } finally {
    await session.close();
  }
}

const large = await makeLargeJpeg(24);
const files = [large.baseline, ...(large.progressive ? [large.progressive] : [])];
log(`${RUNS} runs; ${cpus().length} cores; load ${loadavg().map((l) => l.toFixed(1)).join(' ')}; ${large.width}x${large.height}, ${mb(large.bytes)} MB`);
await buildHarness();
const server = await startHarnessServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
});
try {
  const open = () => Session.open(browser, server, files);

  const reach = await throttleReach(open);
  log('throttle reach (slow-down factors):', JSON.stringify(reach));

  const encoderSession = await open();
  const encoders = await encoderSession.run((bench, runs) => bench.encoders(0, runs as number), RUNS);
  const hardwareConcurrency = await encoderSession.run((bench) => bench.hardwareConcurrency());
  await encoderSession.close();
  const encoderChoice = {
    size: `${encoders.width}x${encoders.height}`,
    offscreenCanvas: { medianMs: round(median(encoders.offscreenCanvas.ms)), bytes: encoders.offscreenCanvas.bytes },
    canvasKit: { medianMs: round(median(encoders.canvasKit.ms)), bytes: encoders.canvasKit.bytes, loadMs: round(encoders.canvasKit.loadMs), wasmMb: mb(encoders.canvasKit.wasmBytes) },
  };
  log('encoders:', JSON.stringify(encoderChoice));

  const kinds: [string, number][] = [['baseline', 0], ...(large.progressive ? ([['progressive', 1]] as [string, number][]) : [])];
  const timings: Record<string, Record<Mode, Timing>> = {};
  for (const [kind, index] of kinds) timings[`${kind} 1x`] = await timeSideBySide(open, index, 1);
  timings[`baseline ${THROTTLE}x`] = await timeSideBySide(open, 0, THROTTLE);
  for (const [label, timing] of Object.entries(timings)) {
    for (const mode of MODES) log('time', label, mode, JSON.stringify({ medianMs: timing[mode].medianMs, cpuMs: timing[mode].medianCpuMs, firstMs: timing[mode].firstMs }));
  }
  const memory: Record<string, Record<Mode, Memory>> = {};
  for (const [kind, index] of kinds) {
    memory[kind] = { pipeline: await peakMemory(open, 'pipeline', index), alternative: await peakMemory(open, 'alternative', index) };
    for (const mode of MODES) log('memory', kind, mode, JSON.stringify(memory[kind][mode]));
  }

  const base = timings['baseline 1x']!;
  const throttled = timings[`baseline ${THROTTLE}x`]!;
  const baseMemory = memory.baseline!;
  const report = {
    date: new Date().toISOString(),
    machine: { cores: cpus().length, loadAverage: loadavg().map((l) => round(l, 2)), hardwareConcurrency, poolSize: Math.max(1, hardwareConcurrency - 1) },
    input: { file: large.baseline.replace(root, ''), width: large.width, height: large.height, bytes: large.bytes, box: BOX, runs: RUNS },
    throttleReach: reach,
    throttleMethod: `renderer process duty cycle ${THROTTLE}x (SIGSTOP/SIGCONT); CDP Emulation.setCPUThrottlingRate does not reach workers`,
    encoderChoice,
    timings,
    memory,
    ratios: {
      altOverPipeline1x: round(base.alternative.medianMs / base.pipeline.medianMs, 2),
      altOverPipelineCpu1x: round(base.alternative.medianCpuMs / base.pipeline.medianCpuMs, 2),
      altOverPipelineThrottled: round(throttled.alternative.medianMs / throttled.pipeline.medianMs, 2),
      throttledOverPlain: round(throttled.pipeline.medianMs / base.pipeline.medianMs, 2),
      altPeakOverPipelinePeak: round(baseMemory.alternative.peakGrowthMb / Math.max(1, baseMemory.pipeline.peakGrowthMb), 2),
    },
  };
  mkdirSync(`${root}out/bench`, { recursive: true });
  writeFileSync(`${root}out/bench/photos.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify({ encoderChoice, ratios: report.ratios }, null, 2));
  console.log(
    `photos file_ms=${base.pipeline.medianMs} alt_ms=${base.alternative.medianMs} ratio=${report.ratios.altOverPipeline1x} throttled_ms=${throttled.pipeline.medianMs} peak_mb=${baseMemory.pipeline.peakGrowthMb}`,
  );
} finally {
  await browser.close();
  await server.close();
}
