/**
 * The milestones of a visit as User Timing marks (issue 13, item 7), so that benchmarks
 * (tests/bench/phone.ts), DevTools traces and QA read the same moments:
 * - 'chooser-visible': the design chooser's cards are on screen;
 * - 'editor-shown': the editor's sheet is on screen (its stand-in picture, before CanvasKit);
 * - 'editor-drawn': CanvasKit's first frame of the collage in the editor;
 * - 'photo-tile-shown': the first picked photo's tile shows its picture.
 * Each is marked once per page: the first time is the one a customer waits for. CanvasKit's own
 * start-up stages are marked beside them (src/render/browserRenderer.ts: 'canvaskit-…').
 */
export const MILESTONES = [
  'chooser-visible',
  'editor-shown',
  'editor-drawn',
  'photo-tile-shown',
] as const;
export type Milestone = (typeof MILESTONES)[number];

const marked = new Set<Milestone>();
const waiting = new Map<Milestone, Array<() => void>>();

/** Marks the milestone now, the first time only; a browser without User Timing just skips it. */
export function markMilestone(name: Milestone): void {
  if (marked.has(name)) return;
  marked.add(name);
  globalThis.performance?.mark?.(name);
  for (const resolve of waiting.get(name)?.splice(0) ?? []) resolve();
}

/** Settles once the milestone is marked: at once if it already was this page. */
export function milestoneReached(name: Milestone): Promise<void> {
  if (marked.has(name)) return Promise.resolve();
  return new Promise((resolve) => {
    const list = waiting.get(name) ?? [];
    list.push(resolve);
    waiting.set(name, list);
  });
}

/**
 * Marks the milestone in the frame that shows what React has just committed: an effect runs after
 * the commit, the next animation frame is the one painted with it.
 */
export function markMilestoneWhenPainted(name: Milestone): void {
  if (marked.has(name)) return;
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => markMilestone(name));
  else markMilestone(name);
}
