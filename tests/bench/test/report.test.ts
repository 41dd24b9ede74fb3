import { describe, expect, it } from 'vitest';
import { barSvg, lineSvg, renderReport } from '../report';
import type { Summary } from '../summary';

const summary = (date: string, drag: number): Summary => ({
  date,
  machine: {
    cores: 2,
    model: 'test cpu',
    loadBefore: [1.5, 1, 1],
    loadAfter: [2, 1, 1],
    node: 'v20.20.2',
    chromium: 'Chromium 156',
  },
  budgets: 'bench/budgets.json',
  steps: [{ name: 'render', ok: true, seconds: 120 }],
  figures: {
    drag_ms: {
      value: drag,
      unit: 'ms',
      budget: { max: 12 },
      status: drag <= 12 ? 'ok' : 'over',
      bench: 'render',
    },
    rps: { value: 450, unit: 'req/s', budget: { min: 300 }, status: 'ok', bench: 'server' },
    new_ms: { value: 3, unit: 'ms', budget: null, status: 'no budget', bench: 'render' },
    codec_instructions: { value: null, unit: '', budget: { max: 1 }, status: 'missing', bench: '' },
    warm_editor_ms: {
      value: 5117,
      unit: 'ms',
      budget: { max: 600, report_only: true, why: 'moved 10x between runs' },
      status: 'report only',
      bench: 'phone',
    },
  },
});

describe('renderReport', () => {
  it('is one page with no script or outside resource, a row and an inline SVG bar for every figure', () => {
    const html = renderReport(summary('2026-11-25T08:00:00Z', 13));
    expect(html).not.toMatch(/<script|<link|src=|https?:\/\//);
    for (const name of ['drag_ms', 'rps', 'new_ms', 'codec_instructions', 'warm_editor_ms'])
      expect(html).toContain(`<code>${name}</code>`);
    expect(html.match(/<svg /g)).toHaveLength(5);
    expect(html).toContain('1 over, 1 missing, 1 no budget, 1 report only, 1 ok');
    expect(html).toContain('title="moved 10x between runs">report only, max 600<');
    expect(html).not.toContain('polyline');
  });

  it('given earlier summaries, draws each figure as a line through every run', () => {
    const html = renderReport(summary('2026-11-25T08:00:00Z', 9), [
      summary('2026-11-20T08:00:00Z', 11),
      summary('2026-11-22T08:00:00Z', 10),
    ]);
    expect(html.match(/<polyline/g)).toHaveLength(5);
    const drag = /<code>drag_ms<\/code>.*?<polyline points="([^"]+)"/.exec(html)![1]!;
    expect(drag.split(' ')).toHaveLength(3);
  });
});

describe('charts', () => {
  it('a bar past its max budget line is drawn red, one within it green', () => {
    const figure = {
      value: 20,
      unit: 'ms',
      budget: { max: 10 },
      status: 'over' as const,
      bench: 'x',
    };
    expect(barSvg(figure)).toContain('fill="#c62828"');
    expect(barSvg({ ...figure, value: 5, status: 'ok' })).toContain('fill="#2e7d32"');
  });

  it('a lower value is drawn higher up only when it is larger: the y axis grows upwards', () => {
    const svg = lineSvg(
      [
        { date: '2026-11-01', value: 1 },
        { date: '2026-11-02', value: 3 },
      ],
      null,
    );
    const [first, second] = /points="([^"]+)"/
      .exec(svg)![1]!
      .split(' ')
      .map((p) => Number(p.split(',')[1]));
    expect(second).toBeLessThan(first!);
  });
});
