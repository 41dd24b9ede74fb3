/**
 * out/bench/report.html: one self-contained page (no script, no network, charts as inline SVG):
 * the machine and its load, how long each benchmark took, and a table of every figure against its
 * budget with a bar per figure (value against the budget line) and, given earlier summaries, a
 * line of the figure over time with the budget drawn across it.
 */
import { budgetBound, describeBudget, type Budget } from './budgets';
import type { Summary, SummaryFigure } from './summary';

const COLOURS: Record<string, string> = {
  ok: '#2e7d32',
  over: '#c62828',
  'no budget': '#757575',
  missing: '#c62828',
  'report only': '#6d6d9c',
};
const STATUS_ORDER = ['over', 'missing', 'no budget', 'report only', 'ok'];

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const short = (value: number) =>
  Math.abs(value) >= 1e6 ? value.toExponential(3) : String(Number(value.toPrecision(4)));

/** The value as a bar on a scale that holds both it and the budget; the budget as a dashed line. */
export function barSvg(figure: SummaryFigure): string {
  const width = 220;
  const height = 26;
  const limit = budgetBound(figure.budget);
  if (figure.value === null)
    return `<svg width="${width}" height="${height}" role="img" aria-label="not measured"><text x="4" y="17" font-size="12" fill="#c62828">not measured</text></svg>`;
  const top = Math.max(Math.abs(figure.value), Math.abs(limit ?? 0)) * 1.15 || 1;
  const x = (v: number) => Math.max(0, Math.min(width, (Math.abs(v) / top) * width));
  const bar = `<rect x="0" y="6" width="${x(figure.value).toFixed(1)}" height="14" fill="${COLOURS[figure.status]}"/>`;
  const line =
    limit === null
      ? ''
      : `<line x1="${x(limit).toFixed(1)}" x2="${x(limit).toFixed(1)}" y1="1" y2="25" stroke="#000" stroke-dasharray="3 2"/>`;
  const label = `${figure.value} ${figure.unit}${figure.budget === null ? '' : ` against ${describeBudget(figure.budget, figure.scaledBy)}`}`;
  return `<svg width="${width}" height="${height}" role="img" aria-label="${escape(label)}"><title>${escape(label)}</title><rect x="0" y="6" width="${width}" height="14" fill="#eee"/>${bar}${line}</svg>`;
}

/** The figure over time (one point per summary, oldest left), the budget as a dashed line. */
export function lineSvg(points: { date: string; value: number }[], budget: Budget | null): string {
  const width = 320;
  const height = 110;
  const pad = { left: 52, right: 8, top: 8, bottom: 22 };
  const limit = budgetBound(budget);
  const values = [...points.map((p) => p.value), ...(limit === null ? [] : [limit])];
  let low = Math.min(...values);
  let high = Math.max(...values);
  if (high === low)
    [low, high] = [low - Math.abs(low || 1) * 0.1, high + Math.abs(high || 1) * 0.1];
  const x = (i: number) =>
    pad.left +
    (points.length === 1 ? 0.5 : i / (points.length - 1)) * (width - pad.left - pad.right);
  const y = (v: number) =>
    pad.top + (1 - (v - low) / (high - low)) * (height - pad.top - pad.bottom);
  const path = points.map((p, i) => `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
  const dots = points
    .map(
      (p, i) =>
        `<circle cx="${x(i).toFixed(1)}" cy="${y(p.value).toFixed(1)}" r="3" fill="#1565c0"><title>${escape(`${p.date.slice(0, 16)}: ${p.value}`)}</title></circle>`,
    )
    .join('');
  const budgetLine =
    limit === null
      ? ''
      : `<line x1="${pad.left}" x2="${width - pad.right}" y1="${y(limit).toFixed(1)}" y2="${y(limit).toFixed(1)}" stroke="#c62828" stroke-dasharray="4 3"><title>budget ${escape(describeBudget(budget!))}</title></line>`;
  const axis = [
    `<text x="${pad.left - 4}" y="${pad.top + 8}" text-anchor="end">${short(high)}</text>`,
    `<text x="${pad.left - 4}" y="${height - pad.bottom}" text-anchor="end">${short(low)}</text>`,
    `<text x="${pad.left}" y="${height - 6}">${escape(points[0]?.date.slice(0, 10) ?? '')}</text>`,
    `<text x="${width - pad.right}" y="${height - 6}" text-anchor="end">${escape(points.at(-1)?.date.slice(0, 10) ?? '')}</text>`,
  ].join('');
  return `<svg width="${width}" height="${height}" font-size="10" font-family="sans-serif" role="img" aria-label="over time"><rect x="${pad.left}" y="${pad.top}" width="${width - pad.left - pad.right}" height="${height - pad.top - pad.bottom}" fill="#fafafa" stroke="#ddd"/>${budgetLine}<polyline points="${path}" fill="none" stroke="#1565c0" stroke-width="1.5"/>${dots}${axis}</svg>`;
}

export function renderReport(summary: Summary, history: Summary[] = []): string {
  const series = (name: string) =>
    [...history, summary]
      .filter((s) => typeof s.figures[name]?.value === 'number')
      .map((s) => ({ date: s.date, value: s.figures[name]!.value! }));
  const order = (status: string) => STATUS_ORDER.indexOf(status);
  const names = Object.keys(summary.figures).sort(
    (a, b) =>
      order(summary.figures[a]!.status) - order(summary.figures[b]!.status) || a.localeCompare(b),
  );
  const rows = names
    .map((name) => {
      const f = summary.figures[name]!;
      const over = history.length ? `<td>${lineSvg(series(name), f.budget)}</td>` : '';
      const why = f.budget?.why ? ` title="${escape(f.budget.why)}"` : '';
      const runs = f.runs
        ? `<br><small title="measured again: the value is the median of the runs">runs ${escape(f.runs.join(' · '))}</small>`
        : '';
      return `<tr><td><code>${escape(name)}</code></td><td class="n">${f.value ?? '—'}${runs}</td><td>${escape(f.unit)}</td><td${why}>${f.budget ? escape(describeBudget(f.budget, f.scaledBy)) : '—'}</td><td style="color:${COLOURS[f.status]}"><strong>${escape(f.status)}</strong></td><td>${escape(f.bench)}</td><td>${barSvg(f)}</td>${over}</tr>`;
    })
    .join('\n');
  const steps = summary.steps
    .map(
      (s) =>
        `<tr><td>${escape(s.name)}${s.rerun ? ` again (re-run ${s.rerun.number} for ${escape(s.rerun.figures.join(', '))})` : ''}</td><td>${s.ok ? 'ok' : '<strong style="color:#c62828">failed</strong>'}</td><td class="n">${s.seconds}</td><td>${escape((s.loadBefore ?? []).join(' '))}</td><td>${escape((s.loadAfter ?? []).join(' '))}</td></tr>`,
    )
    .join('\n');
  const counts = STATUS_ORDER.map(
    (status) => `${names.filter((n) => summary.figures[n]!.status === status).length} ${status}`,
  ).join(', ');
  const m = summary.machine;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fotocollage performance ${escape(summary.date.slice(0, 16))}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin:12px 0}td,th{border-bottom:1px solid #ddd;padding:4px 8px;text-align:left;vertical-align:middle}td.n{text-align:right;font-variant-numeric:tabular-nums}code{font-size:13px}</style>
</head><body>
<h1>Fotocollage performance</h1>
<p>${escape(summary.date)} · ${m.cores} cores (${escape(m.model)}) · load average before ${escape(m.loadBefore.join(' '))}, after ${escape(m.loadAfter.join(' '))} · Node ${escape(m.node)} · ${escape(m.chromium)} · budgets from <code>${escape(summary.budgets)}</code></p>
<p><strong>${escape(counts)}</strong>. Bars: the value (green within budget, red over, grey without a budget, violet report only: too noisy to fail on, see its budget's why) against its budget (dashed). A time or throughput over its budget was measured again (its benchmark run up to twice more): its value is the median of the runs listed under it.${history.length ? ` Lines: the figure in ${history.length} earlier run(s) and this one, the budget dashed red.` : ''} The throttled editor load's DevTools trace is <a href="editor-trace.json">editor-trace.json</a> beside this page: open it in Chrome DevTools' Performance panel (Load profile).</p>
<h2>Figures</h2>
<table><thead><tr><th>figure</th><th>value</th><th>unit</th><th>budget</th><th>status</th><th>benchmark</th><th>against budget</th>${history.length ? '<th>over time</th>' : ''}</tr></thead><tbody>
${rows}
</tbody></table>
<h2>Benchmarks</h2>
<table><thead><tr><th>benchmark</th><th>result</th><th>seconds</th><th>load before</th><th>load after</th></tr></thead><tbody>
${steps}
</tbody></table>
</body></html>
`;
}
