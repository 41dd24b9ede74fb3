/**
 * Lighthouse 12's mobile performance score of a page (its default config: a Moto G Power class
 * phone, simulated slow 4G, 4x CPU), in Debian's Chromium started by chrome-launcher (Lighthouse's
 * own launcher). Lighthouse is a devDependency; when it cannot run, the answer says why instead of
 * failing the benchmark, and the figure is then missing from the summary (bench:ci reports a
 * budget whose figure is missing).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { OUT_DIR } from './figures';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

/**
 * Lighthouse's pages, each scored in bench:phone's LIGHTHOUSE_RUNS runs, its figure the worst:
 * issue 27's goal is 0.99 in each of three runs, on the Dutch and on the English chooser.
 */
export const LIGHTHOUSE_PAGES = [
  { figure: 'lighthouse_score', path: '/keuze' },
  { figure: 'lighthouse_score_en', path: '/selection' },
] as const;

/** The last run's full Lighthouse report (JSON; lighthouse-viewer or DevTools' Lighthouse panel opens it). */
export const LIGHTHOUSE_REPORT = `${OUT_DIR}lighthouse-keuze.json`;
/** The file of a page's last report: out/bench/lighthouse-<the path's first word>.json. */
export const lighthouseReportOf = (url: string) =>
  `${OUT_DIR}lighthouse-${new URL(url).pathname.split('/')[1] || 'root'}.json`;

export interface LighthouseResult {
  score: number | null;
  version?: string;
  metrics?: Record<string, string | undefined>;
  /** Its simulated largest contentful paint and total blocking time. */
  lcpMs?: number;
  tbtMs?: number;
  reason?: string;
}

/**
 * Lighthouse itself says to run again after its trace failures (NO_NAVSTART, NO_FCP on a loaded
 * machine); one such failure left CI's summary without the score, so a failed run is tried again
 * in a fresh Chromium, up to three runs. A page that really fails fails all three.
 */
const RUNS = 3;

/**
 * `cpuSlowdown` replaces the default config's 4x simulated CPU slowdown (machineSpeed.ts: 4x on
 * the reference machine, less on a slower one), the rest of its mobile throttling unchanged.
 */
export async function lighthouseScore(
  url: string,
  cpuSlowdown: number,
  log: (...parts: unknown[]) => void,
  runOnce: typeof lighthouseRun = lighthouseRun,
  report = LIGHTHOUSE_REPORT,
): Promise<LighthouseResult> {
  let result: LighthouseResult = { score: null, reason: 'not run' };
  for (let run = 1; run <= RUNS; run += 1) {
    result = await runOnce(url, cpuSlowdown, log, report);
    if (result.score !== null) return result;
    log(`lighthouse run ${run} of ${RUNS} gave no score: ${result.reason}`);
  }
  return result;
}

/**
 * Issue 27's goal is a score in each of several runs (Lighthouse's simulated times move from run
 * to run): `runs` scores of the page, each as lighthouseScore answers it; the report file keeps the
 * last run's.
 */
export async function lighthouseScores(
  url: string,
  runs: number,
  cpuSlowdown: number,
  log: (...parts: unknown[]) => void,
  runOnce: typeof lighthouseRun = lighthouseRun,
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  for (let run = 0; run < runs; run += 1)
    results.push(await lighthouseScore(url, cpuSlowdown, log, runOnce, lighthouseReportOf(url)));
  return results;
}

/** The worst score of several runs; null when a run gave none (its reason says why). */
export function worstScore(results: readonly LighthouseResult[]): LighthouseResult {
  const failed = results.find((result) => result.score === null);
  if (failed || results.length === 0) return failed ?? { score: null, reason: 'not run' };
  return results.reduce((worst, result) => (result.score! < worst.score! ? result : worst));
}

async function lighthouseRun(
  url: string,
  cpuSlowdown: number,
  log: (...parts: unknown[]) => void,
  report = LIGHTHOUSE_REPORT,
): Promise<LighthouseResult> {
  let chrome: { port: number; kill(): void } | undefined;
  try {
    const [{ default: lighthouse, defaultConfig }, launcher] = await Promise.all([
      import('lighthouse'),
      import('chrome-launcher'),
    ]);
    const throttling = {
      ...defaultConfig.settings?.throttling,
      cpuSlowdownMultiplier: cpuSlowdown,
    };
    chrome = await launcher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: CHROMIUM_ARGS,
      logLevel: 'error',
    });
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
      throttling,
    });
    const lhr = result?.lhr;
    if (!lhr) return { score: null, reason: 'Lighthouse returned no result' };
    if (lhr.runtimeError)
      return {
        score: null,
        version: lhr.lighthouseVersion,
        reason: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`,
      };
    const metrics = Object.fromEntries(
      [
        'first-contentful-paint',
        'largest-contentful-paint',
        'total-blocking-time',
        'speed-index',
        'total-byte-weight',
        'unused-javascript',
        'uses-text-compression',
      ].map((id) => [id, lhr.audits[id]?.displayValue]),
    );
    // The whole report, for what it flags (LCP element, render-blocking files, unused script).
    mkdirSync(OUT_DIR, { recursive: true });
    writeFileSync(report, JSON.stringify(lhr));
    const score = lhr.categories.performance?.score ?? null;
    log(
      `lighthouse ${lhr.lighthouseVersion} ${new URL(url).pathname}: performance ${score} at ${cpuSlowdown}x CPU (its benchmark index ${lhr.environment?.benchmarkIndex}) ${JSON.stringify(metrics)}`,
    );
    return {
      score,
      version: lhr.lighthouseVersion,
      metrics,
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue,
    };
  } catch (error) {
    return { score: null, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    chrome?.kill();
  }
}
