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
 * peak_mb = the renderer's peak resident memory above the idle page while the pipeline ran).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
  static async open(browser: Browser, browserCdp: CDPSession, server: HarnessServer, files: string[]): Promise<Session> {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (error) => log('page error:', error.message));
    await page.goto(`${server.url}/bench.html`);
    await page.waitForFunction(() => document.title === 'bench ready');
    await page.locator('#files').setInputFiles(files);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const pid = await rendererOf(page, browserCdp);
    return new Session(page, cdp, pid, memoryOf(pid).now, () => context.close());
  }

  run<T>(fn: (bench: BenchWindow['bench'], arg: unknown) => T | Promise<T>, arg?: unknown): Promise<T> {
    return this.page.evaluate(([source, value]) => {
      const call = new Function('bench', 'arg', `return (${source})(bench, arg);`) as (bench: unknown, arg: unknown) => unknown;
      return call((window as unknown as BenchWindow).bench, value);
    }, [fn.toString(), arg] as const) as Promise<T>;
  }

  /** CPU seconds the renderer (page, workers, decoders) has used so far. */
  async cpuSeconds(browserCdp: CDPSession): Promise<number> {
    const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as { processInfo: { id: number; cpuTime: number }[] };
    return processInfo.find((process) => process.id === this.pid)?.cpuTime ?? 0;
  }

  async jsHeapUsed(): Promise<number> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  }

  close(): Promise<void> {
    return this.closeContext();
  }
}

/** The renderer process of a page: the one whose CPU time grows while the page spins. */
async function rendererOf(page: Page, browserCdp: CDPSession): Promise<number> {
  const cpu = async () => new Map(((await browserCdp.send('SystemInfo.getProcessInfo')).processInfo as { type: string; id: number; cpuTime: number }[]).filter((p) => p.type === 'renderer').map((p) => [p.id, p.cpuTime]));
  const before = await cpu();
  await page.evaluate(() => (window as unknown as BenchWindow).bench.spinPage(4e7));
  const after = await cpu();
  let best = 0;
  let pid = 0;
  for (const [id, time] of after) {
    const grown = time - (before.get(id) ?? 0);
    if (grown > best) [best, pid] = [grown, id];
  }
  if (!pid) throw new Error('could not find the renderer process');
  return pid;
}

interface Measured {
  firstMs: number;
  wallMs: number[];
  medianMs: number;
  /** Renderer CPU time per file (all its threads): steadier than wall time on a shared machine. */
  cpuMs: number[];
  medianCpuMs: number;
  minMs: number;
  peakRssMb: number;
  idleRssMb: number;
  peakGrowthMb: number;
  pageJsHeapMb: number;
  codecWasmMb?: number;
  output: { width: number; height: number; bytes: number };
}

async function measure(open: () => Promise<Session>, browserCdp: CDPSession, mode: 'pipeline' | 'alternative', index: number, throttle: number): Promise<Measured> {
  const session = await open();
  try {
    const call = () =>
      mode === 'pipeline'
        ? session.run((bench, i) => bench.pipeline(i as number), index)
        : session.run((bench, i) => bench.alternative(i as number, 1024, 683), index);
    const first = await call(); // cold: worker start, WASM compile, first decode
    const throttling = throttleProcess(session.pid, throttle);
    const wallMs: number[] = [];
    const cpuMs: number[] = [];
    let output = first;
    try {
      for (let run = 0; run < RUNS; run++) {
        const cpuBefore = await session.cpuSeconds(browserCdp);
        output = await call();
        cpuMs.push((await session.cpuSeconds(browserCdp)) - cpuBefore);
        wallMs.push(output.ms);
      }
    } finally {
      await throttling.stop();
    }
    const memory = memoryOf(session.pid);
    const stats = mode === 'pipeline' ? await session.run((bench) => bench.stats()) : null;
    return {
      firstMs: round(first.ms),
      wallMs: wallMs.map((ms) => round(ms)),
      medianMs: round(median(wallMs)),
      minMs: round(Math.min(...wallMs)),
      cpuMs: cpuMs.map((seconds) => round(seconds * 1000)),
      medianCpuMs: round(median(cpuMs) * 1000),
      peakRssMb: mb(memory.peak),
      idleRssMb: mb(session.idleRss),
      peakGrowthMb: mb(memory.peak - session.idleRss),
      pageJsHeapMb: mb(await session.jsHeapUsed()),
      ...(stats ? { codecWasmMb: mb(stats.codecMemoryBytes) } : {}),
      output: { width: output.width, height: output.height, bytes: output.bytes },
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
  const browserCdp = await browser.newBrowserCDPSession();
  const open = () => Session.open(browser, browserCdp, server, files);

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

  const results: Record<string, Record<string, Measured>> = {};
  const plan: [string, number, number][] = [
    ['baseline', 0, 1],
    ...(large.progressive ? ([['progressive', 1, 1]] as [string, number, number][]) : []),
    ['baseline', 0, THROTTLE],
  ];
  for (const [kind, index, throttle] of plan) {
    const label = `${kind} ${throttle}x`;
    results[label] = {};
    for (const mode of ['pipeline', 'alternative'] as const) {
      results[label][mode] = await measure(open, browserCdp, mode, index, throttle);
      log(label, mode, JSON.stringify({ median: results[label][mode].medianMs, cpu: results[label][mode].medianCpuMs, first: results[label][mode].firstMs, peakGrowthMb: results[label][mode].peakGrowthMb }));
    }
  }

  const base = results['baseline 1x']!;
  const throttled = results[`baseline ${THROTTLE}x`]!;
  const report = {
    date: new Date().toISOString(),
    machine: { cores: cpus().length, loadAverage: loadavg().map((l) => round(l, 2)), hardwareConcurrency, poolSize: Math.max(1, hardwareConcurrency - 1) },
    input: { file: large.baseline.replace(root, ''), width: large.width, height: large.height, bytes: large.bytes, box: BOX, runs: RUNS },
    throttleReach: reach,
    throttleMethod: `renderer process duty cycle ${THROTTLE}x (SIGSTOP/SIGCONT); CDP Emulation.setCPUThrottlingRate does not reach workers`,
    encoderChoice,
    results,
    ratios: {
      altOverPipeline1x: round(base.alternative!.medianMs / base.pipeline!.medianMs, 2),
      altOverPipelineCpu1x: round(base.alternative!.medianCpuMs / base.pipeline!.medianCpuMs, 2),
      altOverPipelineThrottled: round(throttled.alternative!.medianMs / throttled.pipeline!.medianMs, 2),
      throttledOverPlain: round(throttled.pipeline!.medianMs / base.pipeline!.medianMs, 2),
      altPeakOverPipelinePeak: round(base.alternative!.peakGrowthMb / Math.max(1, base.pipeline!.peakGrowthMb), 2),
    },
  };
  mkdirSync(`${root}out/bench`, { recursive: true });
  writeFileSync(`${root}out/bench/photos.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(JSON.stringify({ encoderChoice, ratios: report.ratios }, null, 2));
  console.log(
    `photos file_ms=${base.pipeline!.medianMs} alt_ms=${base.alternative!.medianMs} ratio=${report.ratios.altOverPipeline1x} throttled_ms=${throttled.pipeline!.medianMs} peak_mb=${base.pipeline!.peakGrowthMb}`,
  );
} finally {
  await browser.close();
  await server.close();
}
