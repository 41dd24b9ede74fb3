/**
 * out/bench/summary.json: what bench:ci measured in one run. The figures come from the files the
 * benchmarks wrote into out/bench/figures/ (figures.ts), each checked against its budget.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { checkFigures, type Budget, type Budgets, type Measured, type Status } from './budgets';
import { FIGURES_DIR, type FigureFile } from './figures';

export interface SummaryFigure {
  /** The figure as judged: the median of `runs` when it was measured again. */
  value: number | null;
  unit: string;
  /** Every run of a timed figure bench:ci measured again (remeasure.ts), the first run first. */
  runs?: number[];
  /** The budget as checked (a scales_with_cpu bound already scaled by `scaledBy`). */
  budget: Budget | null;
  status: Status;
  bench: string;
  scaledBy?: number;
}

export interface StepResult {
  name: string;
  ok: boolean;
  /** A run of the step again for the figures it names (remeasure.ts): the 1st or 2nd re-run. */
  rerun?: { number: number; figures: string[] };
  seconds: number;
  loadBefore?: number[];
  loadAfter?: number[];
}

export interface Summary {
  date: string;
  machine: {
    cores: number;
    model: string;
    loadBefore: number[];
    loadAfter: number[];
    node: string;
    chromium: string;
  };
  budgets: string;
  steps: StepResult[];
  figures: Record<string, SummaryFigure>;
}

/** The figure files the benchmarks wrote, in file-name order. */
export function readFigureFiles(dir = FIGURES_DIR): FigureFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as FigureFile);
}

/**
 * The figures of the benchmarks' files as checkFigures takes them: each with the slowdown its step
 * was measured at, and its runs when bench:ci measured it again.
 */
export function measuredFigures(
  files: FigureFile[],
  runs: Record<string, number[]> = {},
): Record<string, Measured> {
  const measured: Record<string, Measured> = {};
  for (const { figures, machine } of files)
    for (const [name, figure] of Object.entries(figures))
      measured[name] = {
        ...figure,
        ...(runs[name] ? { runs: runs[name] } : {}),
        ...(machine.slowdown ? { slowdown: machine.slowdown } : {}),
      };
  return measured;
}

/**
 * The figures of the benchmarks' files checked against the budgets; `runs` holds every run of the
 * figures bench:ci measured again (the files hold their first runs).
 */
export function summarize(
  files: FigureFile[],
  budgets: Budgets,
  meta: Omit<Summary, 'figures' | 'machine'> & {
    machine: Omit<Summary['machine'], 'cores' | 'model'>;
  },
  runs: Record<string, number[]> = {},
): Summary {
  const benchOf = new Map<string, string>();
  for (const file of files)
    for (const name of Object.keys(file.figures)) benchOf.set(name, file.bench);
  const measured = measuredFigures(files, runs);
  const figures: Record<string, SummaryFigure> = {};
  for (const checked of checkFigures(measured, budgets)) {
    figures[checked.name] = {
      value: checked.value,
      unit: checked.unit,
      ...(checked.runs ? { runs: checked.runs } : {}),
      budget: checked.budget,
      status: checked.status,
      bench: benchOf.get(checked.name) ?? '',
      ...(checked.scaledBy ? { scaledBy: checked.scaledBy } : {}),
    };
  }
  const steps = meta.steps.map((step) => {
    // A re-run's load comes with it (ci.ts); the files hold the first runs.
    const file =
      step.rerun || step.loadBefore ? undefined : files.find((f) => f.bench === step.name);
    return file
      ? { ...step, loadBefore: file.machine.loadBefore, loadAfter: file.machine.loadAfter }
      : step;
  });
  return {
    ...meta,
    steps,
    machine: { cores: cpus().length, model: cpus()[0]?.model ?? '', ...meta.machine },
    figures,
  };
}

/** Earlier summaries from a folder (any *.json with figures), oldest first. */
export function readHistory(dir: string): Summary[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Summary)
    .filter(
      (summary) =>
        summary && typeof summary.figures === 'object' && typeof summary.date === 'string',
    )
    .sort((a, b) => a.date.localeCompare(b.date));
}
