/**
 * npm run bench:ci: the CI subset of the benchmarks in one run (at most 20 minutes on 2 cores),
 * one after the other (side by side they would measure each other), after measuring this machine's
 * CPU speed against the reference machine's (machineSpeed.ts: the figure machine_slowdown, handed to
 * the steps, which throttle the phone to match; scales_with_cpu budgets are scaled by it):
 *   phone               issue 13's phone visit, its trace's long tasks, Lighthouse (phone.ts)
 *   photos              24 and 48 MP baseline to 1024 px: the codec against djpeg and @jsquash (Node part)
 *   render              drag, full redraw at 4x against Canvas2D, screenshot, print master
 *   server              200 clients doing alive + save + load (PGlite; PostgreSQL too with DATABASE_URL)
 *   codec-instructions  the codec's decode of a fixed photo under callgrind, twice
 * Each writes its figures to out/bench/figures/; this checks them against bench/budgets.json (or
 * BENCH_BUDGETS=file), writes out/bench/summary.json and out/bench/report.html, prints every
 * figure over budget, missing or without a budget, and exits 1 when one is over or missing.
 *
 *   npm run bench:ci                       measure, then check
 *   npm run bench:ci -- --check            check out/bench/summary.json (or BENCH_SUMMARY=file) again, measure nothing
 *   npm run bench:ci -- --history DIR      the report draws each figure over the summaries in DIR
 *   npm run bench:ci -- --only phone,codec-instructions   some of the benchmarks (figures of the others are missing)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from './appServer';
import { budgetsPath, checkFigures, failed, readBudgets, verdictLines } from './budgets';
import { emitFigures, FIGURES_DIR, loadNow, OUT_DIR, round } from './figures';
import { measureMachineSpeed, SLOWDOWN_ENV } from './machineSpeed';
import { renderReport } from './report';
import { readFigureFiles, readHistory, summarize, type StepResult, type Summary } from './summary';

/**
 * Each step's time limit: about 1.7x its longest time in two runs at load average 10-14 (phone
 * 3.6 min, photos 3.2, render 2.7, server 2.1, codec-instructions 1.8), so a hung benchmark
 * fails its step and the whole of bench:ci stays within 24 minutes, CI within its 45.
 */
const STEPS: {
  name: string;
  script: string;
  args?: string[];
  env?: Record<string, string>;
  timeoutMin: number;
}[] = [
  { name: 'phone', script: 'phone.ts', timeoutMin: 6 },
  {
    name: 'photos',
    script: 'photos.ts',
    args: ['5'],
    env: { BENCH_PHOTOS_PREVIEW_ONLY: '1', BENCH_PHOTOS_BASELINE_ONLY: '1' },
    timeoutMin: 5,
  },
  { name: 'render', script: 'render.ts', timeoutMin: 5 },
  { name: 'server', script: 'server-load.ts', timeoutMin: 4 },
  { name: 'codec-instructions', script: 'codecInstructions.ts', timeoutMin: 4 },
];
/** The whole run's own duration is a figure too: bench:ci must stay within 20 minutes. */
const SELF = 'bench-ci';

const { values: options } = parseArgs({
  options: { check: { type: 'boolean' }, history: { type: 'string' }, only: { type: 'string' } },
});
const budgetsFile = budgetsPath();
const log = (...parts: unknown[]) => console.log('[bench:ci]', ...parts);

function printVerdict(summary: Summary): boolean {
  const measured = Object.fromEntries(
    Object.entries(summary.figures).flatMap(([name, f]) =>
      f.value === null ? [] : [[name, { value: f.value, unit: f.unit }]],
    ),
  );
  const checked = checkFigures(measured, readBudgets(budgetsFile));
  for (const line of verdictLines(checked)) console.log(line);
  return failed(checked).length === 0;
}

if (options.check) {
  const file = process.env.BENCH_SUMMARY || path.join(OUT_DIR, 'summary.json');
  if (!existsSync(file)) {
    console.error(`bench:ci --check: ${file} does not exist; run npm run bench:ci first`);
    process.exit(1);
  }
  const ok = printVerdict(JSON.parse(readFileSync(file, 'utf8')) as Summary);
  process.exit(ok ? 0 : 1);
}

// A broken budgets file or history folder fails now, not after 15 minutes of measuring.
readBudgets(budgetsFile);
if (options.history && !existsSync(options.history)) {
  console.error(`bench:ci: --history ${options.history} is not a folder of earlier summaries`);
  process.exit(1);
}
const only = options.only?.split(',');
const started = Date.now();
const loadBefore = loadNow();
rmSync(FIGURES_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
log(`load average ${loadBefore.join(' ')}; budgets ${path.relative(ROOT, budgetsFile)}`);
const speed = await measureMachineSpeed(log);
emitFigures(
  'machine',
  {
    machine_slowdown: { value: speed.slowdown, unit: 'x' },
    ...(speed.jsquashMs === null
      ? {}
      : { jsquash_24mp_ms: { value: speed.jsquashMs, unit: 'ms' } }),
  },
  loadBefore,
);

const steps: StepResult[] = [];
for (const step of STEPS.filter((s) => !only || only.includes(s.name))) {
  log(`== ${step.name}`);
  const stepStarted = Date.now();
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'tests', 'bench', step.script), ...(step.args ?? [])],
    {
      cwd: ROOT,
      env: { ...process.env, ...step.env, [SLOWDOWN_ENV]: String(speed.slowdown) },
      stdio: ['ignore', 'inherit', 'inherit'],
      timeout: step.timeoutMin * 60_000,
      killSignal: 'SIGKILL',
    },
  );
  const ok = run.status === 0;
  steps.push({ name: step.name, ok, seconds: round((Date.now() - stepStarted) / 1000) });
  log(
    `${step.name}: ${ok ? 'done' : `FAILED (${run.error?.message ?? `exit ${run.status ?? run.signal}`})`} in ${steps.at(-1)!.seconds} s`,
  );
}
const minutes = (Date.now() - started) / 60_000;
if (!only)
  emitFigures(SELF, { bench_ci_minutes: { value: round(minutes, 1), unit: 'min' } }, loadBefore);

const chromium =
  spawnSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', ['--version'], {
    encoding: 'utf8',
  }).stdout?.trim() ?? '';
const summary = summarize(readFigureFiles(), readBudgets(budgetsFile), {
  date: new Date().toISOString(),
  budgets: path.relative(ROOT, budgetsFile),
  steps,
  machine: { loadBefore, loadAfter: loadNow(), node: process.version, chromium },
});
writeFileSync(path.join(OUT_DIR, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
const history = options.history ? readHistory(options.history) : [];
writeFileSync(path.join(OUT_DIR, 'report.html'), renderReport(summary, history));
log(
  `${round(minutes, 1)} min; load average ${summary.machine.loadBefore.join(' ')} before, ${summary.machine.loadAfter.join(' ')} after; wrote out/bench/summary.json and out/bench/report.html`,
);
for (const [name, figure] of Object.entries(summary.figures))
  log(
    `${name.padEnd(28)} ${String(figure.value ?? '—').padStart(12)} ${figure.unit.padEnd(12)} ${figure.status}`,
  );
const ok = printVerdict(summary);
const stepsFailed = steps.filter((s) => !s.ok).map((s) => s.name);
if (stepsFailed.length) console.log(`bench:ci: benchmark(s) failed: ${stepsFailed.join(', ')}`);
process.exit(ok && stepsFailed.length === 0 ? 0 : 1);
