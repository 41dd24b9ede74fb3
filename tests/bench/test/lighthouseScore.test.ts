import { describe, expect, it } from 'vitest';
import {
  lighthouseScore,
  lighthouseScores,
  worstScore,
  type LighthouseResult,
} from '../lighthouseScore';

/** A Lighthouse stand-in that answers the given results in turn and counts its runs. */
function runs(...answers: LighthouseResult[]) {
  const asked: number[] = [];
  const runOnce = async (_url: string, cpuSlowdown: number) => {
    asked.push(cpuSlowdown);
    return answers[asked.length - 1]!;
  };
  return { asked, runOnce };
}

const NO_NAVSTART = {
  score: null,
  reason: 'NO_NAVSTART: Something went wrong with recording the trace over your page load.',
};

describe('lighthouseScore', () => {
  it('runs Lighthouse again after a run without a score, and answers the first score', async () => {
    const lighthouse = runs(NO_NAVSTART, { score: 0.96 }, { score: 0.5 });
    const logged: string[] = [];
    const result = await lighthouseScore(
      'http://shop/keuze',
      2.5,
      (...parts) => logged.push(parts.join(' ')),
      lighthouse.runOnce,
    );
    expect(result.score).toBe(0.96);
    expect(lighthouse.asked).toEqual([2.5, 2.5]);
    expect(logged).toEqual([`lighthouse run 1 of 3 gave no score: ${NO_NAVSTART.reason}`]);
  });

  it('gives up after three runs without a score, with the last reason', async () => {
    const lighthouse = runs(
      NO_NAVSTART,
      NO_NAVSTART,
      { score: null, reason: 'NO_FCP' },
      { score: 0.9 },
    );
    const result = await lighthouseScore('http://shop/keuze', 4, () => {}, lighthouse.runOnce);
    expect(result).toEqual({ score: null, reason: 'NO_FCP' });
    expect(lighthouse.asked).toHaveLength(3);
  });
});

describe('worstScore', () => {
  it('answers the worst of several runs, or the reason of a run that gave no score', () => {
    expect(worstScore([{ score: 0.99 }, { score: 0.97 }, { score: 1 }]).score).toBe(0.97);
    expect(worstScore([{ score: 0.99 }, NO_NAVSTART, { score: 1 }])).toEqual(NO_NAVSTART);
    expect(worstScore([]).score).toBeNull();
  });
});

describe('lighthouseScores', () => {
  it("scores the page in each run and keeps each page's report apart", async () => {
    const reports: string[] = [];
    const runOnce = async (_url: string, _cpu: number, _log: unknown, report?: string) => {
      reports.push(report!);
      return { score: 0.99 };
    };
    const results = await lighthouseScores('http://shop/selection', 3, 2, () => {}, runOnce);
    expect(results.map((result) => result.score)).toEqual([0.99, 0.99, 0.99]);
    expect(reports.every((report) => report.endsWith('lighthouse-selection.json'))).toBe(true);
  });
});
