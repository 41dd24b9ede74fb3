/**
 * Issue 27 item 5, a CI that fails only on real regressions: a TIMED figure over its budget is
 * measured again, up to twice (bench:ci re-runs just the benchmark step that produced it), and
 * fails only if the median of its runs is still over. A single slow run on a shared machine (a
 * helper building beside it, a preempted frame) failed CI on figures nothing had changed, and
 * budgets of timed figures were raised after such runs. A ratio of two times (unit 'x': ours over
 * the alternative's, timed side by side) is timed too: the issue had ratios judged on one run, but
 * on unchanged code throttled_full_vs_canvas2d measured 0.36-0.81 and vs_jsquash 12.4-19.1 (CI's
 * check of aca4b4d: 12.4 against a minimum of 12.14), as a shared machine slows a 70 ms codec run
 * and a 1.3 s @jsquash run by different shares. Lighthouse's score is timed too: it is computed
 * from the page's simulated times (total blocking time, LCP), and on unchanged code the worst of
 * three runs on /keuze measured 0.71-0.75 in two fresh-clone CI checks against a minimum of 0.70
 * (stop 36). A count whose budget scales with the CPU (long_tasks, the tasks over 50 ms) moves with
 * the machine like a time and is measured again too: CI's run of d187659 failed on 26 long tasks
 * against 25.62 in a first visit slowed to 3061 ms of long tasks, whose re-runs, made for
 * long_tasks_ms, counted 20 and 21. So is a reading whose budget is marked `sampled`: the PSS of
 * Chromium's processes per photo moved 0.408-0.473 MB over twelve CI checks whose photo code did
 * not change (photo_scrolled_mb, budget 0.474), with the browser's own caches, whatever the code.
 * Bytes, other counts and instruction counts are judged on one run, and so is a report-only figure
 * (it never fails) and the whole run's own duration (bench_ci_minutes: no step produces it).
 *
 * The runs stop as soon as their verdict is decided: after two runs over the budget the median of
 * three is over whatever the third gives, so the third is not measured; a re-run happens only for
 * a figure over its budget, so a passing bench:ci takes no longer than before. Pure functions:
 * ci.ts runs the steps.
 */
import type { Budget, Checked } from './budgets';

/** The units of times, throughputs, ratios of times and scores of times the benchmarks measure: what the machine's load moves. */
export const TIMED_UNITS: ReadonlySet<string> = new Set(['ms', 's', 'req/s', 'x', 'score']);
/** The first run and at most two more. */
export const MOST_RUNS = 3;

/** The bound a budget sets (budgets.ts imports this module, so it is not imported from there). */
const boundOf = (budget: Budget): number | null =>
  'max' in budget ? budget.max : 'min' in budget ? budget.min : null;

/** Whether a figure is a time, a throughput, a ratio or a score of times (by its unit). */
export const isTimed = (unit: string): boolean => TIMED_UNITS.has(unit);

/**
 * Whether a figure moves between runs of the same code, the kind bench:ci measures again: a timed
 * one, one whose budget scales with the CPU, or a sampled reading.
 */
export const movesBetweenRuns = (figure: Pick<Checked, 'unit' | 'budget'>): boolean =>
  isTimed(figure.unit) ||
  figure.budget?.scales_with_cpu === true ||
  figure.budget?.sampled === true;

/**
 * The median of a figure's runs; a run that is not a number (its benchmark measured nothing)
 * counts as the worst value for the budget, so it can never make a figure pass.
 */
function exactMedian(runs: number[], budget: Budget | null): number {
  if (runs.length === 0) return NaN;
  const worst = budget && 'min' in budget ? -Infinity : Infinity;
  const sorted = runs.map((run) => (Number.isNaN(run) ? worst : run)).sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length % 2) return sorted[mid]!;
  const [low, high] = [sorted[mid - 1]!, sorted[mid]!];
  // Two infinities of opposite sign have no mean: such a pair is decided by neither.
  return low === -Infinity && high === Infinity ? worst : (low + high) / 2;
}

/**
 * The median of a figure's runs as shown, rounded past the runs' own digits (17.32 and 28.3 give
 * 22.81, not 22.810000000000002); the verdict (runsWithin) takes the exact one.
 */
export function medianOfRuns(runs: number[], budget: Budget | null): number {
  const median = exactMedian(runs, budget);
  return Number.isFinite(median) ? Number(median.toFixed(6)) : median;
}

/** Whether the median of the runs is within the budget (a budget without a bound always holds). */
export function runsWithin(runs: number[], budget: Budget): boolean {
  const bound = boundOf(budget);
  if (bound === null) return true;
  const median = exactMedian(runs, budget);
  if (Number.isNaN(median)) return false;
  return 'max' in budget ? median <= bound : median >= bound;
}

/**
 * Whether one more run could still change the verdict on these runs of a figure over its budget:
 * fewer than MOST_RUNS so far, and the runs still to come, all at their best, would pass it while
 * all at their worst would fail it (the median only moves between those two).
 */
export function anotherRunNeeded(runs: number[], budget: Budget): boolean {
  if (runs.length === 0) return true;
  if (runs.length >= MOST_RUNS || boundOf(budget) === null) return false;
  const left = MOST_RUNS - runs.length;
  const best = 'max' in budget ? -Infinity : Infinity;
  const fill = (value: number) => [...runs, ...Array<number>(left).fill(value)];
  return runsWithin(fill(best), budget) !== runsWithin(fill(-best), budget);
}

/**
 * Which steps bench:ci runs again, and for which figures: every enforced figure the machine moves
 * (movesBetweenRuns) over its budget whose benchmark is one of the steps (`benchOf` names the
 * benchmark of each figure).
 */
export function remeasurePlan(
  checked: Checked[],
  benchOf: (name: string) => string | undefined,
  steps: readonly string[],
): Map<string, string[]> {
  const plan = new Map<string, string[]>();
  for (const figure of checked) {
    const bench = benchOf(figure.name);
    if (figure.status !== 'over' || !movesBetweenRuns(figure) || !bench || !steps.includes(bench))
      continue;
    plan.set(bench, [...(plan.get(bench) ?? []), figure.name]);
  }
  return plan;
}

/**
 * Whether a re-run of a step fits the whole run's time limit: started now, after `elapsedMin`,
 * and taking as long as the step's first run (`stepMin`), it ends within `limitMin`.
 */
export const rerunFits = (elapsedMin: number, stepMin: number, limitMin: number): boolean =>
  elapsedMin + stepMin <= limitMin;

/** "1500, 1100 and 1200 ms": a figure's runs as the printed summary and the verdict show them. */
export function describeRuns(runs: number[], unit: string): string {
  const values = runs.map(String);
  const listed =
    values.length > 1 ? `${values.slice(0, -1).join(', ')} and ${values.at(-1)}` : values.join('');
  return `${listed}${unit ? ` ${unit}` : ''}`;
}

/**
 * A run measured at machine slowdown `at`, as if measured at `target` (the first run's): bench:ci
 * measures the machine's speed again before every step and re-run, and a shared machine's speed
 * moves between them. A scales_with_cpu time grows with the slowdown and a throughput shrinks;
 * every other figure is as measured.
 */
export function asIfAt(value: number, budget: Budget | null, at: number, target: number): number {
  const [from, to] = [Math.max(1, at), Math.max(1, target)];
  if (!budget?.scales_with_cpu || !Number.isFinite(value) || from === to) return value;
  return 'min' in budget ? (value * from) / to : (value * to) / from;
}
