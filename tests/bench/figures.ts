/**
 * The common summary's input: each benchmark writes the figures it measured, by the names issue 14
 * gives them, to out/bench/figures/<bench>.json; `npm run bench:ci` collects them, checks them
 * against bench/budgets.json and draws the report.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const OUT_DIR = fileURLToPath(new URL('../../out/bench/', import.meta.url));
export const FIGURES_DIR = path.join(OUT_DIR, 'figures');

export interface Figure {
  value: number;
  unit: string;
}

export interface FigureFile {
  bench: string;
  date: string;
  /** `slowdown`: the machine slowdown bench:ci measured just before this step and handed to it. */
  machine: { cores: number; loadBefore: number[]; loadAfter: number[]; slowdown?: number };
  figures: Record<string, Figure>;
}

export const median = (values: number[]): number => {
  const sorted = [...values].filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

/** The load average now, rounded: benchmarks note it before and after they measure. */
export const loadNow = (): number[] => loadavg().map((l) => round(l, 2));

/** Writes out/bench/figures/<bench>.json for bench:ci. */
export function emitFigures(
  bench: string,
  figures: Record<string, Figure>,
  loadBefore: number[],
): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file: FigureFile = {
    bench,
    date: new Date().toISOString(),
    machine: { cores: cpus().length, loadBefore, loadAfter: loadNow(), ...handedSlowdown() },
    figures,
  };
  writeFileSync(path.join(FIGURES_DIR, `${bench}.json`), `${JSON.stringify(file, null, 2)}\n`);
}

/** Where bench:ci hands each step the machine slowdown it measured just before it (machineSpeed.ts). */
export const SLOWDOWN_ENV = 'BENCH_MACHINE_SLOWDOWN';

/** The slowdown bench:ci handed this step, if any. */
function handedSlowdown(): { slowdown?: number } {
  const handed = Number(process.env[SLOWDOWN_ENV]);
  return Number.isFinite(handed) && handed > 0 ? { slowdown: handed } : {};
}
