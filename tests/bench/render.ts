/**
 * Render benchmark (`npm run bench:render`): the 150-slot collage at 1000x800 in headless Chromium
 * on CanvasKit's software surface, over 3 fresh browser launches, each at 1x and 4x CPU throttling
 * (CDP Emulation.setCPUThrottlingRate; "4x" is issue 13's phone: 4x on the reference machine,
 * scaled to this one's speed by machineSpeed.ts): the median of 30 frames after a warm-up for
 *   full     the editor's full redraw (every pixel of its backing redrawn from the renderer's
 *            caches: photo slots as sprites at the shown pixels, other layers as pictures) and the blit
 *   uncached every layer drawn straight, no caches (what print does; before issue 13 the editor's
 *            full redraw cost this)
 *   drag     the photo of one slot moved inside its slot (the compositor redraws that slot)
 *   pan      the collage moved (the compositor blits its backing)
 *   canvas2d the same scene drawn by a plain Canvas2D renderer (tests/bench/canvas2dReference.ts)
 * plus memory (JS heap, CanvasKit's WASM heap, the renderer process's resident memory), the
 * screenshot worker (handed the page's compiled CanvasKit, and loading its own) and the print master in Node (a child process).
 * Figures are the median over the launches of each launch's median.
 * Writes out/bench/render.json; the last stdout line is
 *   render drag_ms=<x> full_ms=<y> canvas2d_full_ms=<z> throttled_full_ms=<a> throttled_canvas2d_ms=<b> throttled_uncached_ms=<u> screenshot_ms=<c> print_s=<d> print_mb=<e>
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { openHarness, startHarnessServer } from '../render/browser';
import { launchChromium } from '../support/chromium';
import { emitFigures, loadNow } from './figures';
import { machineSpeed } from './machineSpeed';
import { withPrintMalloc } from '../../server/print/printMalloc';
import { bundledWorker } from '../../server/threads/workerBundle';

const root = fileURLToPath(new URL('../../', import.meta.url));
const LAUNCHES = Number(process.env.BENCH_LAUNCHES ?? 3);
const FRAMES = 30;
const WARMUP = 5;
/** Unthrottled, and issue 13's phone (its rate set once the machine's speed is known). */
const RATES = ['1x', '4x'] as const;
const MODES = ['full', 'uncached', 'drag', 'pan', 'canvas2d'] as const;
/** The screenshot worker handed the page's compiled CanvasKit and fonts, or loading its own. */
const SCREENSHOT_MODES = ['handedOver', 'ownLoad'] as const;
type Mode = (typeof MODES)[number];

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const round = (value: number, digits = 1) => Number(value.toFixed(digits));

async function rendererRssMb(browser: Browser): Promise<number> {
  const session = await browser.newBrowserCDPSession();
  try {
    const info = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: Array<{ type: string; id: number }>;
    };
    let total = 0;
    for (const process of info.processInfo.filter((p) => p.type === 'renderer')) {
      const status = readFileSync(`/proc/${process.id}/status`, 'utf8');
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    }
    return total;
  } finally {
    await session.detach();
  }
}

interface LaunchResult {
  frames: Record<string, Record<Mode, number>>;
  memory: { jsHeapMb: number; wasmHeapMb: number; rendererRssMb: number };
  screenshot: Record<
    string,
    { coldMs: number; warmMs: number; drawMs: number; encodeMs: number; bytes: number }
  >;
}

async function launch(
  serverUrl: { url: string; close(): Promise<void> },
  phoneRate: number,
): Promise<LaunchResult> {
  const browser = await launchChromium();
  try {
    const page = await openHarness(browser, serverUrl);
    const cdp = await page.context().newCDPSession(page);
    const frames: LaunchResult['frames'] = {};
    for (const label of RATES) {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: label === '1x' ? 1 : phoneRate });
      const row = {} as Record<Mode, number>;
      for (const mode of MODES) {
        await page.evaluate(([m, n]) => window.bench[m](n), [mode, WARMUP] as const);
        const times = (await page.evaluate(([m, n]) => window.bench[m](n), [
          mode,
          FRAMES,
        ] as const)) as number[];
        row[mode] = median(times);
      }
      frames[label] = row;
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const heap = await page.evaluate(() => window.bench.memory());
    const memory = {
      jsHeapMb: heap.jsHeapBytes / 2 ** 20,
      wasmHeapMb: heap.wasmHeapBytes / 2 ** 20,
      rendererRssMb: await rendererRssMb(browser),
    };
    const screenshot: LaunchResult['screenshot'] = {};
    for (const mode of SCREENSHOT_MODES) {
      const { runs } = await page.evaluate(
        (handOver) => window.bench.screenshot(handOver, 6),
        mode === 'handedOver',
      );
      const warm = runs.slice(1);
      screenshot[mode] = {
        coldMs: runs[0]!.totalMs,
        warmMs: median(warm.map((r) => r.totalMs)),
        drawMs: median(warm.map((r) => r.drawMs)),
        encodeMs: median(warm.map((r) => r.encodeMs)),
        bytes: warm[0]!.bytes,
      };
    }
    return { frames, memory, screenshot };
  } finally {
    await browser.close();
  }
}

/**
 * The print master bench in a fresh process, of the 50x40 cm collage or at `size` ('150x100'). The
 * bench runs bundled (threads/workerBundle.ts), without tsx, as the shop's print threads run their
 * code since 907481e: the loader's 25-35 MB of RSS is not the print's (a process importing the
 * print's modules: 86-98 MB through tsx, 60-62 MB bundled, 39 MB bare Node).
 */
async function printMaster(size = '50x40'): Promise<{
  firstS: number;
  warmS: number[];
  bestS: number;
  bestCpuS: number;
  peakMb: number;
  baselineMb: number;
  widthPx: number;
  heightPx: number;
  bytes: number;
}> {
  const bench = fileURLToPath(await bundledWorker(new URL('./printBench.ts', import.meta.url)));
  const run = spawnSync(
    process.execPath,
    [bench, '--size', size],
    // the allocator the server's print runs with (server/print/printMalloc.ts)
    { cwd: root, encoding: 'utf8', maxBuffer: 16 << 20, env: withPrintMalloc(process.env) },
  );
  if (run.status !== 0) throw new Error(`print bench failed: ${run.stderr}`);
  return JSON.parse(run.stdout.trim().split('\n').at(-1)!);
}

const loadBefore = loadNow();
const speed = await machineSpeed(console.log);
const server = await startHarnessServer();
const launches: LaunchResult[] = [];
try {
  for (let i = 0; i < LAUNCHES; i += 1) {
    launches.push(await launch(server, speed.phoneCpuRate));
    console.log(`launch ${i + 1}: ${JSON.stringify(launches.at(-1)!.frames)}`);
  }
} finally {
  await server.close();
}
const print = await printMaster();
// the largest sheet the shop sells (issue 27 item 4: within 12 s and 600 MB)
const largePrint = await printMaster('150x100');

const across = (pick: (l: LaunchResult) => number) => round(median(launches.map(pick)));
const frames = Object.fromEntries(
  RATES.map((label) => [
    label,
    Object.fromEntries(MODES.map((mode) => [mode, across((l) => l.frames[label]![mode])])),
  ]),
) as Record<string, Record<Mode, number>>;
const screenshot = Object.fromEntries(
  SCREENSHOT_MODES.map((mode) => [
    mode,
    {
      coldMs: across((l) => l.screenshot[mode]!.coldMs),
      warmMs: across((l) => l.screenshot[mode]!.warmMs),
      drawMs: across((l) => l.screenshot[mode]!.drawMs),
      encodeMs: across((l) => l.screenshot[mode]!.encodeMs),
      bytes: launches[0]!.screenshot[mode]!.bytes,
    },
  ]),
);
const report = {
  scene: {
    slots: 150,
    widthPx: 1000,
    heightPx: 800,
    surface: 'software',
    launches: LAUNCHES,
    frames: FRAMES,
    warmup: WARMUP,
  },
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    loadavg: loadavg().map((v) => round(v, 2)),
    speed,
  },
  frameMs: frames,
  ratios: {
    canvas2dOverFull1x: round(frames['1x']!.canvas2d / frames['1x']!.full, 2),
    canvas2dOverFull4x: round(frames['4x']!.canvas2d / frames['4x']!.full, 2),
    fullOverDrag1x: round(frames['1x']!.full / frames['1x']!.drag, 1),
  },
  targets: {
    dragAtMost16msAt1x: frames['1x']!.drag <= 16,
    dragAtMostCanvas2dFullAt4x: frames['4x']!.drag <= frames['4x']!.canvas2d,
  },
  memory: {
    jsHeapMb: across((l) => l.memory.jsHeapMb),
    wasmHeapMb: across((l) => l.memory.wasmHeapMb),
    rendererRssMb: across((l) => l.memory.rendererRssMb),
  },
  screenshot,
  printMaster: {
    ...print,
    firstS: round(print.firstS, 2),
    bestS: round(print.bestS, 2),
    peakMb: round(print.peakMb),
    baselineMb: round(print.baselineMb),
  },
  largePrintMaster: {
    ...largePrint,
    bestS: round(largePrint.bestS, 2),
    peakMb: round(largePrint.peakMb),
  },
  perLaunch: launches,
};
mkdirSync(`${root}out/bench`, { recursive: true });
writeFileSync(`${root}out/bench/render.json`, `${JSON.stringify(report, null, 2)}\n`);
// The editor hands its compiled CanvasKit to the worker (src/render/browserRenderer.ts).
const chosen = 'handedOver';
console.log(
  `screenshot worker: handed the page's CanvasKit ${screenshot.handedOver!.warmMs} ms (first ${screenshot.handedOver!.coldMs} ms), loading its own ${screenshot.ownLoad!.warmMs} ms (first ${screenshot.ownLoad!.coldMs} ms)`,
);
console.log(
  `render drag_ms=${frames['1x']!.drag} full_ms=${frames['1x']!.full} canvas2d_full_ms=${frames['1x']!.canvas2d} throttled_full_ms=${frames['4x']!.full} throttled_canvas2d_ms=${frames['4x']!.canvas2d} throttled_uncached_ms=${frames['4x']!.uncached} screenshot_ms=${screenshot[chosen]!.warmMs} print_s=${round(print.bestS, 2)} print_mb=${round(print.peakMb)} print_150x100_s=${round(largePrint.bestS, 2)} print_150x100_mb=${round(largePrint.peakMb)}`,
);
// For bench:ci: the ratios against Canvas2D (same launches, same scene) hold on a loaded machine.
const ms = (value: number) => ({ value, unit: 'ms' });
emitFigures(
  'render',
  {
    drag_ms: ms(frames['1x']!.drag),
    full_ms: ms(frames['1x']!.full),
    canvas2d_full_ms: ms(frames['1x']!.canvas2d),
    throttled_full_ms: ms(frames['4x']!.full),
    throttled_canvas2d_ms: ms(frames['4x']!.canvas2d),
    throttled_full_vs_canvas2d: {
      value: round(frames['4x']!.full / frames['4x']!.canvas2d, 2),
      unit: 'x',
    },
    drag_vs_canvas2d: { value: round(frames['1x']!.drag / frames['1x']!.canvas2d, 2), unit: 'x' },
    screenshot_ms: ms(screenshot[chosen]!.warmMs),
    // The screenshot against Canvas2D's frame of the same launches: software drawing on the same
    // machine, so the ratio holds where the host's graphics are slower than its CPU measure says.
    screenshot_vs_canvas2d: {
      value: round(screenshot[chosen]!.warmMs / frames['1x']!.canvas2d, 2),
      unit: 'x',
    },
    print_s: { value: round(print.bestS, 2), unit: 's' },
    print_mb: { value: round(print.peakMb), unit: 'MB' },
    print_150x100_s: { value: round(largePrint.bestS, 2), unit: 's' },
    print_150x100_mb: { value: round(largePrint.peakMb), unit: 'MB' },
  },
  loadBefore,
);
