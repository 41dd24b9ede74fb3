import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkFigures, readBudgets, scaledBudget, verdictLines } from '../budgets';
import type { Summary } from '../summary';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

const summary = (figures: Record<string, number>): Summary => ({
  date: '2026-11-25T08:00:00.000Z',
  machine: {
    cores: 2,
    model: 'test',
    loadBefore: [1, 1, 1],
    loadAfter: [1, 1, 1],
    node: 'v20',
    chromium: 'Chromium 156',
  },
  budgets: 'bench/budgets.json',
  steps: [],
  figures: Object.fromEntries(
    Object.entries(figures).map(([name, value]) => [
      name,
      { value, unit: 'ms', budget: null, status: 'no budget', bench: 'test' },
    ]),
  ),
});

/** `npm run bench:ci -- --check` on a summary and a budgets file of the test's own. */
function check(figures: Record<string, number>, budgets: object) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-check-'));
  writeFileSync(path.join(dir, 'summary.json'), JSON.stringify(summary(figures)));
  writeFileSync(path.join(dir, 'budgets.json'), JSON.stringify(budgets));
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/ci.ts', '--check'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: {
      ...process.env,
      BENCH_SUMMARY: path.join(dir, 'summary.json'),
      BENCH_BUDGETS: path.join(dir, 'budgets.json'),
    },
  });
  return { status: run.status, output: run.stdout + run.stderr };
}

describe('bench:ci --check', () => {
  it('exits 1 on a budget file no figure can meet and names each figure with its value and budget', () => {
    const { status, output } = check(
      { drag_ms: 9.5, rps: 450, lighthouse_score: 0.64 },
      { drag_ms: { max: 0 }, rps: { min: 1e9 }, lighthouse_score: { min: 2 } },
    );
    expect(status).toBe(1);
    expect(output).toContain('OVER BUDGET drag_ms=9.5 ms (budget max 0)');
    expect(output).toContain('OVER BUDGET rps=450 ms (budget min 1000000000)');
    expect(output).toContain('OVER BUDGET lighthouse_score=0.64 ms (budget min 2)');
  });

  it('exits 0 when every figure is within its budget', () => {
    const { status, output } = check(
      { drag_ms: 9.5, rps: 450 },
      { drag_ms: { max: 10 }, rps: { min: 400 } },
    );
    expect(output).toContain('every budgeted figure within its budget (2 checked)');
    expect(status).toBe(0);
  });

  it('reports a figure that has no budget instead of passing it silently', () => {
    const { status, output } = check({ drag_ms: 9.5, new_figure_ms: 12 }, { drag_ms: { max: 10 } });
    expect(output).toContain('NO BUDGET new_figure_ms=12 ms');
    expect(status).toBe(0);
  });

  it('never fails on a report-only figure, past its bound or not measured, and prints it', () => {
    const { status, output } = check(
      { drag_ms: 9.5, warm_editor_ms: 5117 },
      {
        drag_ms: { max: 10 },
        warm_editor_ms: { max: 600, report_only: true, why: 'noisy' },
        lighthouse_score: { report_only: true, why: 'needs the lighthouse package' },
      },
    );
    expect(output).toContain(
      'REPORT ONLY warm_editor_ms=5117 ms (report only, max 600, past its bound; not enforced)',
    );
    expect(output).toContain(
      'REPORT ONLY lighthouse_score=not measured (report only; not enforced)',
    );
    expect(output).toContain('every budgeted figure within its budget (1 checked)');
    expect(status).toBe(0);
  });

  it("scales a scales_with_cpu budget by the summary's machine_slowdown, and no other budget", () => {
    const budgets = {
      print_s: { max: 5, scales_with_cpu: true },
      rps: { min: 900, scales_with_cpu: true },
      cold_editor_ms: { max: 385 },
    };
    const slow = check(
      { machine_slowdown: 1.6, print_s: 7.9, rps: 570, cold_editor_ms: 385 },
      budgets,
    );
    expect(slow.output).toContain('every budgeted figure within its budget (3 checked)');
    expect(slow.status).toBe(0);
    const slower = check(
      { machine_slowdown: 1.6, print_s: 8.1, rps: 560, cold_editor_ms: 386 },
      budgets,
    );
    expect(slower.output).toContain(
      'OVER BUDGET print_s=8.1 ms (budget max 8 (scaled by machine_slowdown 1.6))',
    );
    expect(slower.output).toContain(
      'OVER BUDGET rps=560 ms (budget min 562.5 (scaled by machine_slowdown 1.6))',
    );
    expect(slower.output).toContain('OVER BUDGET cold_editor_ms=386 ms (budget max 385)');
    expect(slower.status).toBe(1);
    // Without the figure (an older summary) the budgets are the reference machine's.
    expect(check({ print_s: 7.9 }, budgets).output).toContain(
      'OVER BUDGET print_s=7.9 ms (budget max 5)',
    );
  });

  it("holds a slow-page-fault machine to a budget's slow_faults bound, unscaled, and any other to its own", () => {
    const budgets = {
      cold_canvas_ms: {
        max: 1000,
        scales_with_cpu: true,
        slow_faults: { max: 2500, why: 'that class' },
      },
      lighthouse_score: { min: 0.9, slow_faults: { min: 0.7, why: 'that class' } },
      cold_mb: { max: 3.6 },
    };
    const onClass = { machine_slowdown: 1.5, machine_page_fault_us: 12 };
    const within = check(
      { ...onClass, cold_canvas_ms: 2500, lighthouse_score: 0.7, cold_mb: 3.6 },
      budgets,
    );
    expect(within.output).toContain('every budgeted figure within its budget (3 checked)');
    expect(within.status).toBe(0);
    // the class's bound is absolute: not multiplied by the slowdown, and the others still hold
    const past = check(
      { ...onClass, cold_canvas_ms: 2501, lighthouse_score: 0.69, cold_mb: 3.61 },
      budgets,
    );
    expect(past.output).toContain('OVER BUDGET cold_canvas_ms=2501 ms (budget max 2500)');
    expect(past.output).toContain('OVER BUDGET lighthouse_score=0.69 ms (budget min 0.7)');
    expect(past.output).toContain('OVER BUDGET cold_mb=3.61 ms (budget max 3.6)');
    // at or below SLOW_FAULTS_US, or without the figure, the budgets are the reference class's
    for (const machine of [{ machine_page_fault_us: 3 }, {}] as Record<string, number>[])
      expect(
        check({ machine_slowdown: 1.5, ...machine, cold_canvas_ms: 1600 }, budgets).output,
      ).toContain(
        'OVER BUDGET cold_canvas_ms=1600 ms (budget max 1500 (scaled by machine_slowdown 1.5))',
      );
  });

  it('fails when a budgeted figure was not measured', () => {
    const { status, output } = check(
      { drag_ms: 9.5 },
      { drag_ms: { max: 10 }, codec_instructions: { max: 100 } },
    );
    expect(output).toContain('MISSING codec_instructions: not measured (budget max 100)');
    expect(status).toBe(1);
  });
});

describe('checkFigures', () => {
  it('a max budget holds at its bound and fails just past it; a min budget the other way round', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.double({ min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true }),
        (bound, past) => {
          const at = checkFigures(
            { a: { value: bound, unit: '' }, b: { value: bound, unit: '' } },
            { a: { max: bound }, b: { min: bound } },
          );
          expect(at.map((c) => c.status)).toEqual(['ok', 'ok']);
          if (past > 0 && bound + past !== bound && bound - past !== bound) {
            const beyond = checkFigures(
              { a: { value: bound + past, unit: '' }, b: { value: bound - past, unit: '' } },
              { a: { max: bound }, b: { min: bound } },
            );
            expect(beyond.map((c) => c.status)).toEqual(['over', 'over']);
          }
        },
      ),
    );
  });

  it('a report-only figure has its own status whatever its value', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: false }),
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        (value, bound) => {
          expect(
            checkFigures({ a: { value, unit: '' } }, { a: { max: bound, report_only: true } })[0]!
              .status,
          ).toBe('report only');
        },
      ),
    );
  });

  it('a scaled budget is never tighter than the written one, and only scales_with_cpu budgets move', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1e6, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.boolean(),
        (bound, slowdown, scales) => {
          const max = scaledBudget({ max: bound, scales_with_cpu: scales }, slowdown) as {
            max: number;
          };
          const min = scaledBudget({ min: bound, scales_with_cpu: scales }, slowdown) as {
            min: number;
          };
          if (!scales || slowdown <= 1) {
            expect([max.max, min.min]).toEqual([bound, bound]);
          } else {
            expect(max.max).toBeCloseTo(bound * slowdown, 1);
            expect(min.min).toBeCloseTo(bound / slowdown, 1);
            expect(max.max).toBeGreaterThanOrEqual(bound - 0.005);
            expect(min.min).toBeLessThanOrEqual(bound + 0.005);
          }
        },
      ),
    );
  });

  it('a machine faster than the reference (slowdown below 1) leaves every budget as written', () => {
    const checked = checkFigures(
      { machine_slowdown: { value: 0.7, unit: 'x' }, a: { value: 5.1, unit: 's' } },
      { a: { max: 5, scales_with_cpu: true } },
    );
    expect(checked.find((c) => c.name === 'a')!.status).toBe('over');
  });

  it('a figure that is not a number is over its budget', () => {
    expect(checkFigures({ a: { value: NaN, unit: '' } }, { a: { max: 1 } })[0]!.status).toBe(
      'over',
    );
  });

  it('the verdict names failures first and counts them', () => {
    const lines = verdictLines(checkFigures({ a: { value: 2, unit: 'ms' } }, { a: { max: 1 } }));
    expect(lines).toEqual([
      'OVER BUDGET a=2 ms (budget max 1)',
      'bench:ci: 1 figure(s) over budget or missing',
    ]);
  });
});

describe('readBudgets', () => {
  it('refuses an entry without exactly one numeric max or min', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-budgets-'));
    for (const bad of [
      { a: {} },
      { a: { max: 1, min: 0 } },
      { a: { max: '1' } },
      { a: { report_only: true, max: 1, min: 0 } },
    ]) {
      writeFileSync(path.join(dir, 'b.json'), JSON.stringify(bad));
      expect(() => readBudgets(path.join(dir, 'b.json'))).toThrow(/exactly one numeric/);
    }
    writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ a: { max: 1, report_only: 'yes' } }));
    expect(() => readBudgets(path.join(dir, 'b.json'))).toThrow(/report_only/);
    writeFileSync(
      path.join(dir, 'b.json'),
      JSON.stringify({ a: { max: 1, scales_with_cpu: 'yes' } }),
    );
    expect(() => readBudgets(path.join(dir, 'b.json'))).toThrow(/scales_with_cpu/);
    writeFileSync(path.join(dir, 'b.json'), JSON.stringify({ a: { max: 1, sampled: 1 } }));
    expect(() => readBudgets(path.join(dir, 'b.json'))).toThrow(/sampled/);
    for (const slowFaults of [
      { max: 2 },
      { min: 2, why: 'the other kind' },
      { max: 2, min: 1, why: 'both' },
      { max: 'two', why: 'not a number' },
      'two',
    ]) {
      writeFileSync(
        path.join(dir, 'b.json'),
        JSON.stringify({ a: { max: 1, why: 'w', slow_faults: slowFaults } }),
      );
      expect(() => readBudgets(path.join(dir, 'b.json'))).toThrow(/slow_faults/);
    }
  });

  it('reads the project budgets file, where every budget says why', () => {
    const budgets = readBudgets(path.join(ROOT, 'bench', 'budgets.json'));
    expect(Object.keys(budgets).length).toBeGreaterThan(10);
    const unexplained = Object.entries(budgets)
      .filter(([, budget]) => !(budget.why ?? '').trim())
      .map(([name]) => name);
    expect(unexplained).toEqual([]);
  });
});
