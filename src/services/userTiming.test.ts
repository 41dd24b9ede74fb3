import { afterEach, describe, expect, it, vi } from 'vitest';

/** A fresh module per test: the marks made are remembered per page (per module instance). */
async function freshUserTiming() {
  vi.resetModules();
  return import('./userTiming');
}

const marksNamed = (name: string) => performance.getEntriesByName(name, 'mark');

describe('userTiming', () => {
  afterEach(() => {
    performance.clearMarks();
    vi.unstubAllGlobals();
  });

  it('marks each milestone once: the first time is the one a customer waits for', async () => {
    const { markMilestone } = await freshUserTiming();
    markMilestone('editor-drawn');
    const first = marksNamed('editor-drawn')[0]!.startTime;
    markMilestone('editor-drawn');
    markMilestone('editor-drawn');
    expect(marksNamed('editor-drawn')).toHaveLength(1);
    expect(marksNamed('editor-drawn')[0]!.startTime).toBe(first);
  });

  it('marks a painted milestone in the next animation frame, once', async () => {
    const frames: Array<() => void> = [];
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
    const { markMilestoneWhenPainted } = await freshUserTiming();
    markMilestoneWhenPainted('chooser-visible');
    expect(marksNamed('chooser-visible')).toHaveLength(0);
    frames.shift()!();
    expect(marksNamed('chooser-visible')).toHaveLength(1);
    markMilestoneWhenPainted('chooser-visible');
    expect(frames).toHaveLength(0);
  });

  it('tells a waiter when the milestone is marked, and a later waiter at once', async () => {
    const { markMilestone, milestoneReached } = await freshUserTiming();
    const reached = vi.fn();
    void milestoneReached('editor-shown').then(reached);
    markMilestone('editor-drawn');
    await Promise.resolve();
    expect(reached).not.toHaveBeenCalled();
    markMilestone('editor-shown');
    await Promise.resolve();
    expect(reached).toHaveBeenCalledTimes(1);
    await expect(milestoneReached('editor-shown')).resolves.toBeUndefined();
  });

  it('names the four milestones QA and bench:phone read', async () => {
    const { MILESTONES } = await freshUserTiming();
    expect(MILESTONES).toEqual([
      'chooser-visible',
      'editor-shown',
      'editor-drawn',
      'photo-tile-shown',
    ]);
  });
});
