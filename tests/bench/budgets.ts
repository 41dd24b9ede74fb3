/**
 * Performance budgets (bench/budgets.json, or the file BENCH_BUDGETS names): per figure a `max`
 * (times, sizes, counts, ratios where lower is better) or a `min` (throughput, scores), and `why`,
 * the reasoning behind the number. A figure too noisy to fail CI on (it moved more than 25 %
 * between two runs of the same code) is marked `"report_only": true`: it is measured, shown and
 * drawn against its bound (if it has one), and never fails the run. The checker tells each
 * figure's status:
 *   ok           within its budget
 *   over         past its budget: bench:ci fails (a time or throughput only when the median of
 *                its runs is: bench:ci measures such a figure again, up to twice: remeasure.ts)
 *   no budget    measured but not budgeted: reported in the output and the report, never passed
 *                silently (it does not fail the run: a new figure gets its budget from two runs)
 *   missing      budgeted but not measured (its benchmark failed or did not run): bench:ci fails
 *   report only  a report-only figure, measured or not: printed with its value, never fails
 *
 * A budget marked `"scales_with_cpu": true` is a time or throughput the host's CPU speed moves
 * directly (unthrottled frames, the screenshot, the print master, the server): the budgets are
 * for the reference machine (machineSpeed.ts), and on a machine bench:ci measured `machine_slowdown`
 * times slower (a figure of its own, at least 1) such a max is multiplied and such a min divided by
 * it. The throttled phone figures are not scaled: their throttling is (machineSpeed.ts).
 *
 * A budget may carry `"slow_faults": { "max" or "min", "why" }`: its bound on a machine of the
 * slow-page-fault class (machine_page_fault_us over SLOW_FAULTS_US: every first touch of a page
 * of memory traps to the host, 12 us a 4 KiB page against well under 1 on the machines the budgets
 * were set on; machineSpeed.ts). On such a machine a fresh Chromium's figures are 2-3 times the
 * reference class's for the same code, which neither the CPU probe nor the phone's throttling can
 * see, so that class is held to budgets set from its own runs. They are absolute: set at the
 * class's own slowdown and phone throttling, they are not scaled again.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describeRuns, medianOfRuns, runsWithin } from './remeasure';

export const DEFAULT_BUDGETS = fileURLToPath(new URL('../../bench/budgets.json', import.meta.url));

interface BudgetNote {
  why?: string;
  /** Measured and shown, never failing the run (a figure that moves too much between runs). */
  report_only?: boolean;
  /** A time (max) or throughput (min) that follows the host's CPU speed: scaled by machine_slowdown. */
  scales_with_cpu?: boolean;
  /**
   * A reading that moves between runs of the same code with no clock in it (PSS of Chromium's
   * processes: how much of its caches the browser holds when read): measured again when over, as
   * a time is (remeasure.ts), and judged by the median of its runs.
   */
  sampled?: boolean;
  /** The bound on a machine of the slow-page-fault class, which replaces max or min there. */
  slow_faults?: ({ max: number } | { min: number }) & { why: string };
}
/** The figure bench:ci measures first: this machine's CPU time over the reference machine's (machineSpeed.ts). */
export const SLOWDOWN_FIGURE = 'machine_slowdown';
/** The figure bench:ci measures with it: microseconds to fault in one 4 KiB page of fresh memory. */
export const PAGE_FAULT_FIGURE = 'machine_page_fault_us';
/** Past this a machine is of the slow-page-fault class (its budgets: `slow_faults`). */
export const SLOW_FAULTS_US = 3;
export type Budget =
  | ({ max: number } & BudgetNote)
  | ({ min: number } & BudgetNote)
  | ({ report_only: true } & BudgetNote);
export type Budgets = Record<string, Budget>;
export type Status = 'ok' | 'over' | 'no budget' | 'missing' | 'report only';

export interface Checked {
  name: string;
  /** The figure as judged: the median of its runs when it was measured again (remeasure.ts). */
  value: number | null;
  unit: string;
  /** Every run of a figure measured again, the first run first; absent when measured once. */
  runs?: number[];
  /** The budget as checked: a scales_with_cpu budget's bound already scaled by `scaledBy`. */
  budget: Budget | null;
  status: Status;
  /** The machine slowdown a scales_with_cpu budget was scaled by (absent when 1 or not scaled). */
  scaledBy?: number;
}

export function budgetsPath(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_BUDGETS || DEFAULT_BUDGETS;
}

/**
 * Reads and validates a budgets file: every entry has exactly one finite max or min, or is
 * `"report_only": true` with at most one.
 */
export function readBudgets(file: string): Budgets {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${file}: not an object of budgets`);
  for (const [name, budget] of Object.entries(parsed)) {
    const entry = budget as Record<string, unknown>;
    if ('report_only' in entry && entry.report_only !== true)
      throw new Error(`${file}: ${name}: "report_only" is true or absent`);
    for (const flag of ['scales_with_cpu', 'sampled'])
      if (flag in entry && typeof entry[flag] !== 'boolean')
        throw new Error(`${file}: ${name}: "${flag}" is true, false or absent`);
    if ('slow_faults' in entry) checkSlowFaults(file, name, entry);
    const bounds = ['max', 'min'].filter((key) => key in entry);
    const reportOnly = entry.report_only === true;
    const boundsOk =
      bounds.every((key) => Number.isFinite(entry[key])) &&
      (reportOnly ? bounds.length <= 1 : bounds.length === 1);
    if (!boundsOk)
      throw new Error(
        `${file}: ${name} needs exactly one numeric "max" or "min" (at most one when "report_only")`,
      );
  }
  return parsed as Budgets;
}

/** A slow_faults entry has a why and one bound, of the same kind (max or min) as the budget's own. */
function checkSlowFaults(file: string, name: string, entry: Record<string, unknown>): void {
  const own = entry.slow_faults as Record<string, unknown> | null;
  const kind = 'max' in entry ? 'max' : 'min' in entry ? 'min' : null;
  const ok =
    !!own &&
    typeof own === 'object' &&
    typeof own.why === 'string' &&
    kind !== null &&
    Number.isFinite(own[kind]) &&
    !((kind === 'max' ? 'min' : 'max') in own);
  if (!ok)
    throw new Error(
      `${file}: ${name}: "slow_faults" needs a "why" and a numeric bound of the budget's own kind (max or min)`,
    );
}

/** Whether the figures come from a machine of the slow-page-fault class (absent figure: no). */
export function slowFaultsOf(figures: Record<string, { value: number }>): boolean {
  const value = figures[PAGE_FAULT_FIGURE]?.value;
  return typeof value === 'number' && value > SLOW_FAULTS_US;
}

/** A budget as it holds on this class of machine: on a slow-page-fault machine its slow_faults bound, unscaled. */
export function budgetForMachine(budget: Budget, slowFaults: boolean): Budget {
  if (!slowFaults || !budget.slow_faults) return budget;
  const { why, ...bound } = budget.slow_faults;
  const note = { why, ...(budget.report_only ? { report_only: true as const } : {}) };
  return { ...note, ...bound };
}

/** The bound a budget sets, or null for a report-only figure without one. */
export function budgetBound(budget: Budget | null): number | null {
  if (budget === null) return null;
  return 'max' in budget ? budget.max : 'min' in budget ? budget.min : null;
}

export function describeBudget(budget: Budget, scaledBy?: number): string {
  const bound = 'max' in budget ? `max ${budget.max}` : 'min' in budget ? `min ${budget.min}` : '';
  const scaled = scaledBy ? ` (scaled by machine_slowdown ${scaledBy})` : '';
  return budget.report_only
    ? `report only${bound ? `, ${bound}` : ''}${scaled}`
    : `${bound}${scaled}`;
}

function within(value: number, budget: Budget): boolean {
  return 'max' in budget ? value <= budget.max : 'min' in budget ? value >= budget.min : true;
}

const SCALED_DIGITS = 2;

/** A budget as checked on a machine `slowdown` times slower than the reference: only scales_with_cpu budgets move. */
export function scaledBudget(budget: Budget, slowdown: number): Budget {
  if (!budget.scales_with_cpu || slowdown <= 1) return budget;
  const scale = (bound: number, by: number) => Number((bound * by).toFixed(SCALED_DIGITS));
  if ('max' in budget) return { ...budget, max: scale(budget.max, slowdown) };
  if ('min' in budget) return { ...budget, min: scale(budget.min, 1 / slowdown) };
  return budget;
}

/** The slowdown the figures were measured at: their machine_slowdown figure, at least 1 (1 when absent). */
export function slowdownOf(figures: Record<string, { value: number }>): number {
  const value = figures[SLOWDOWN_FIGURE]?.value;
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(1, value) : 1;
}

/** A measured figure: one value, or the runs of a figure bench:ci measured again (remeasure.ts). */
export interface Measured {
  value: number;
  unit: string;
  runs?: number[];
  /**
   * The machine slowdown bench:ci measured just before the figure's step (its runs are given as if
   * measured at it): its scales_with_cpu budget is scaled by this rather than by machine_slowdown,
   * measured once at the start, since a shared machine's speed moves in the minutes between.
   */
  slowdown?: number;
}

/**
 * Every measured figure against its budget, then every budget whose figure was not measured. A
 * figure with several runs is judged by their median (which is also its value).
 */
export function checkFigures(figures: Record<string, Measured>, budgets: Budgets): Checked[] {
  const slowdown = slowdownOf(figures);
  const slowFaults = slowFaultsOf(figures);
  const checked: Checked[] = Object.entries(figures).map(([name, figure]) => {
    const { value: first, unit, runs } = figure;
    const own = figure.slowdown ? Math.max(1, figure.slowdown) : slowdown;
    const written = budgets[name] ? budgetForMachine(budgets[name], slowFaults) : null;
    const budget = written && scaledBudget(written, own);
    const several = runs && runs.length > 1 ? runs : undefined;
    const value = several ? medianOfRuns(several, budget) : first;
    const holds = several
      ? budget !== null && runsWithin(several, budget)
      : budget !== null && Number.isFinite(value) && within(value, budget);
    const status: Status =
      budget === null ? 'no budget' : budget.report_only ? 'report only' : holds ? 'ok' : 'over';
    return {
      name,
      value,
      unit,
      ...(several ? { runs: several } : {}),
      budget,
      status,
      ...(budget !== written ? { scaledBy: own } : {}),
    };
  });
  for (const [name, written] of Object.entries(budgets)) {
    const budget = budgetForMachine(written, slowFaults);
    if (!(name in figures))
      checked.push({
        name,
        value: null,
        unit: '',
        budget,
        status: budget.report_only ? 'report only' : 'missing',
      });
  }
  return checked;
}

export const failed = (checked: Checked[]): Checked[] =>
  checked.filter((c) => c.status === 'over' || c.status === 'missing');

/** The lines bench:ci prints: each failure and each unbudgeted figure by name, value and budget. */
export function verdictLines(checked: Checked[]): string[] {
  const lines: string[] = [];
  for (const c of checked) {
    const runs = c.runs ? `, the median of ${describeRuns(c.runs, c.unit)}` : '';
    if (c.status === 'over')
      lines.push(
        `OVER BUDGET ${c.name}=${c.value} ${c.unit}${runs} (budget ${describeBudget(c.budget!, c.scaledBy)})`,
      );
    if (c.status === 'ok' && c.runs)
      lines.push(
        `MEASURED AGAIN ${c.name}=${c.value} ${c.unit}${runs} (budget ${describeBudget(c.budget!, c.scaledBy)}): within`,
      );
    if (c.status === 'missing')
      lines.push(
        `MISSING ${c.name}: not measured (budget ${describeBudget(c.budget!, c.scaledBy)})`,
      );
    if (c.status === 'no budget')
      lines.push(`NO BUDGET ${c.name}=${c.value} ${c.unit}: add it to the budgets file`);
    if (c.status === 'report only') {
      const past = c.value !== null && !within(c.value, c.budget!) ? ', past its bound' : '';
      lines.push(
        `REPORT ONLY ${c.name}=${c.value ?? 'not measured'}${c.value === null ? '' : ` ${c.unit}`} (${describeBudget(c.budget!, c.scaledBy)}${past}; not enforced)`,
      );
    }
  }
  const bad = failed(checked).length;
  lines.push(
    bad
      ? `bench:ci: ${bad} figure(s) over budget or missing`
      : `bench:ci: every budgeted figure within its budget (${checked.filter((c) => c.status === 'ok').length} checked)`,
  );
  return lines;
}
