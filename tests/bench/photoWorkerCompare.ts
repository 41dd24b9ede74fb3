/**
 * Part of npm run bench:photos (tests/bench/photos.ts), in headless Chromium: per-file time from a
 * File to the web JPEG (≤ 1024 px, quality 80) for the generated 24 MP camera-like JPEG (baseline
 * and progressive), through
 *   - pipeline:     the product's PhotoWorkerClient (worker pool, WASM codec with DCT scaling,
 *                   EXIF, MD5 key, structure check, OffscreenCanvas encode), and
 *   - alternative:  what a developer would write instead, in a worker too: createImageBitmap
 *                   with resizeWidth/resizeHeight + OffscreenCanvas.convertToBlob,
 * side by side at 1x and 4x CPU throttling, with the renderer's peak memory (VmHWM of its
 * process: page, workers and WASM together), the page's JS heap (CDP Performance.getMetrics)
 * and the codec's WASM memory; plus the JPEG encoder choice (OffscreenCanvas vs CanvasKit).
 * Medians of `runs` runs after a cold first run (reported apart).
 */
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { HarnessServer } from '../harness/harness';
import { median } from './codecEngines';
import { throttleProcess } from './processThrottle';
import { cpuMsOf, memoryOf, rendererOf, resetPeak } from './rendererProcess';

const THROTTLE = 4;

const round = (value: number, digits = 1) => Number(value.toFixed(digits));
const mb = (bytes: number) => round(bytes / 2 ** 20);
const log = (...parts: unknown[]) => console.error('[bench:photos]', ...parts);

interface BenchWindow {
  bench: {
    pipeline(
      index: number,
      box?: number,
    ): Promise<{ ms: number; width: number; height: number; bytes: number; key: string }>;
    alternative(
      index: number,
      width: number,
      height: number,
    ): Promise<{ ms: number; width: number; height: number; bytes: number }>;
    encoders(
      index: number,
      runs: number,
    ): Promise<{
      width: number;
      height: number;
      offscreenCanvas: { ms: number[]; bytes: number };
      canvasKit: { ms: number[]; bytes: number; loadMs: number; wasmBytes: number };
    }>;
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

  run<T>(
    fn: (bench: BenchWindow['bench'], arg: unknown) => T | Promise<T>,
    arg?: unknown,
  ): Promise<T> {
    return this.page.evaluate(
      ([source, value]) => {
        const call = new Function('bench', 'arg', `return (${source})(bench, arg);`) as (
          bench: unknown,
          arg: unknown,
        ) => unknown;
        return call((window as unknown as BenchWindow).bench, value);
      },
      [fn.toString(), arg] as const,
    ) as Promise<T>;
  }

  async jsHeapUsed(): Promise<number> {
    const { metrics } = await this.cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  }

  close(): Promise<void> {
    return this.closeContext();
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
async function timeSideBySide(
  open: () => Promise<Session>,
  index: number,
  throttle: number,
  runs: number,
): Promise<Record<Mode, Timing>> {
  const session = await open();
  try {
    const first = {
      pipeline: await call(session, 'pipeline', index),
      alternative: await call(session, 'alternative', index),
    };
    const samples = {
      pipeline: { wall: [] as number[], cpu: [] as number[] },
      alternative: { wall: [] as number[], cpu: [] as number[] },
    };
    const output = { ...first };
    const throttling = throttleProcess(session.pid, throttle);
    try {
      for (let run = 0; run < runs; run++) {
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
async function peakMemory(
  open: () => Promise<Session>,
  mode: Mode,
  index: number,
  runs: number,
): Promise<Memory> {
  const session = await open();
  try {
    await call(session, mode, index);
    const cold = memoryOf(session.pid);
    const peakReset = resetPeak(session.pid);
    for (let run = 0; run < runs; run++) await call(session, mode, index);
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
async function throttleReach(
  open: () => Promise<Session>,
): Promise<Record<string, { page: number; worker: number }>> {
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
    const factor = (value: { page: number; worker: number }) => ({
      page: round(value.page / plain.page, 2),
      worker: round(value.worker / plain.worker, 2),
    });
    return { cdpSetCPUThrottlingRate: factor(devtools), processDutyCycle: factor(process) };
  } finally {
    await session.close();
  }
}

/** The comparison on the 24 MP files (baseline first, progressive when there is one), `runs` >= 5. */
export async function compareWithCreateImageBitmap(
  browser: Browser,
  server: HarnessServer,
  files: string[],
  runs: number,
) {
  const open = () => Session.open(browser, server, files);

  const reach = await throttleReach(open);
  log('throttle reach (slow-down factors):', JSON.stringify(reach));

  const encoderSession = await open();
  const encoders = await encoderSession.run(
    (bench, count) => bench.encoders(0, count as number),
    runs,
  );
  const hardwareConcurrency = await encoderSession.run((bench) => bench.hardwareConcurrency());
  await encoderSession.close();
  const encoderChoice = {
    size: `${encoders.width}x${encoders.height}`,
    offscreenCanvas: {
      medianMs: round(median(encoders.offscreenCanvas.ms)),
      bytes: encoders.offscreenCanvas.bytes,
    },
    canvasKit: {
      medianMs: round(median(encoders.canvasKit.ms)),
      bytes: encoders.canvasKit.bytes,
      loadMs: round(encoders.canvasKit.loadMs),
      wasmMb: mb(encoders.canvasKit.wasmBytes),
    },
  };
  log('encoders:', JSON.stringify(encoderChoice));

  const kinds: [string, number][] = [
    ['baseline', 0],
    ...(files.length > 1 ? ([['progressive', 1]] as [string, number][]) : []),
  ];
  const timings: Record<string, Record<Mode, Timing>> = {};
  for (const [kind, index] of kinds)
    timings[`${kind} 1x`] = await timeSideBySide(open, index, 1, runs);
  timings[`baseline ${THROTTLE}x`] = await timeSideBySide(open, 0, THROTTLE, runs);
  for (const [label, timing] of Object.entries(timings)) {
    for (const mode of MODES)
      log(
        'time',
        label,
        mode,
        JSON.stringify({
          medianMs: timing[mode].medianMs,
          cpuMs: timing[mode].medianCpuMs,
          firstMs: timing[mode].firstMs,
        }),
      );
  }
  const memory: Record<string, Record<Mode, Memory>> = {};
  for (const [kind, index] of kinds) {
    memory[kind] = {
      pipeline: await peakMemory(open, 'pipeline', index, runs),
      alternative: await peakMemory(open, 'alternative', index, runs),
    };
    for (const mode of MODES) log('memory', kind, mode, JSON.stringify(memory[kind][mode]));
  }

  const base = timings['baseline 1x']!;
  const throttled = timings[`baseline ${THROTTLE}x`]!;
  const baseMemory = memory.baseline!;
  return {
    hardwareConcurrency,
    poolSize: Math.max(1, hardwareConcurrency - 1),
    throttleReach: reach,
    throttleMethod: `renderer process duty cycle ${THROTTLE}x (SIGSTOP/SIGCONT); CDP Emulation.setCPUThrottlingRate does not reach workers`,
    encoderChoice,
    timings,
    memory,
    ratios: {
      altOverPipeline1x: round(base.alternative.medianMs / base.pipeline.medianMs, 2),
      altOverPipelineCpu1x: round(base.alternative.medianCpuMs / base.pipeline.medianCpuMs, 2),
      altOverPipelineThrottled: round(
        throttled.alternative.medianMs / throttled.pipeline.medianMs,
        2,
      ),
      throttledOverPlain: round(throttled.pipeline.medianMs / base.pipeline.medianMs, 2),
      altPeakOverPipelinePeak: round(
        baseMemory.alternative.peakGrowthMb / Math.max(1, baseMemory.pipeline.peakGrowthMb),
        2,
      ),
    },
  };
}
