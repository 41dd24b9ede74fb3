import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  parseBatch,
  type WireEvent,
} from '../api/analyticsWire';
import { BatchingAnalytics, type BatchTransport } from './analyticsBatcher';

function setup(options: { beaconWorks?: boolean; maxQueued?: number } = {}) {
  const sent: { how: 'beacon' | 'post'; body: string }[] = [];
  const timers: (() => void)[] = [];
  const transport: BatchTransport = {
    beacon: (body) => {
      if (options.beaconWorks === false) return false;
      sent.push({ how: 'beacon', body });
      return true;
    },
    post: (body) => void sent.push({ how: 'post', body }),
  };
  const analytics = new BatchingAnalytics(transport, {
    maxQueued: options.maxQueued ?? 200,
    setTimer: (run) => timers.push(run),
    clearTimer: () => undefined,
  });
  const events = () => sent.flatMap((item) => parseBatch(item.body)!.events);
  return { analytics, sent, timers, events };
}

describe('BatchingAnalytics', () => {
  it('waits, then posts one batch after the interval with the page view prefix', () => {
    const { analytics, sent, timers, events } = setup();
    analytics.pageView('/keuze');
    analytics.event({ category: 'file', action: 'computer', value: 3 });
    expect(sent).toEqual([]);
    expect(timers).toHaveLength(1);
    timers[0]!();
    expect(sent.map((item) => item.how)).toEqual(['post']);
    expect(events()).toEqual([
      { kind: 'pageview', path: '/htmlapp/keuze' },
      { kind: 'event', category: 'file', action: 'computer', value: 3 },
    ]);
  });

  it('sends at half the server limit without waiting, and by beacon when the page hides', () => {
    const { analytics, sent } = setup();
    for (let i = 0; i < MAX_BATCH_EVENTS / 2; i++)
      analytics.event({ category: 'c', action: `a${i}` });
    expect(sent).toHaveLength(1);
    analytics.event({ category: 'c', action: 'last' });
    analytics.flush('beacon');
    expect(sent.map((item) => item.how)).toEqual(['post', 'beacon']);
    expect(analytics.waiting).toBe(0);
  });

  it('falls back to a post when the browser refuses the beacon', () => {
    const { analytics, sent } = setup({ beaconWorks: false });
    analytics.event({ category: 'c', action: 'a' });
    analytics.flush('beacon');
    expect(sent.map((item) => item.how)).toEqual(['post']);
  });

  it('keeps at most maxQueued events, dropping the oldest', () => {
    const quiet = new BatchingAnalytics(
      { beacon: () => true, post: () => undefined },
      { maxQueued: 3, flushAt: 100, setTimer: () => 0, clearTimer: () => undefined },
    );
    for (let i = 0; i < 5; i++) quiet.event({ category: 'c', action: `a${i}` });
    expect([quiet.waiting, quiet.dropped]).toEqual([3, 2]);
  });

  it('delivers every event once, in order, in batches the server accepts', () => {
    const event = fc.record({
      category: fc.string({ minLength: 1, maxLength: 80 }),
      action: fc.string({ minLength: 1, maxLength: 80 }),
      label: fc.option(fc.string({ maxLength: 900 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(event, { maxLength: 180 }), fc.boolean(), (list, beacon) => {
        const { analytics, sent, events } = setup();
        for (const item of list) analytics.event(item);
        analytics.flush(beacon ? 'beacon' : 'post');
        for (const { body } of sent) {
          expect(body.length).toBeLessThanOrEqual(MAX_BATCH_BYTES);
          expect(parseBatch(body)).toBeDefined();
        }
        const names = events().map((wire: WireEvent) => `${wire.category}|${wire.action}`);
        expect(names).toEqual(
          list.map((item) => `${item.category.slice(0, 64)}|${item.action.slice(0, 64)}`),
        );
      }),
      { numRuns: 60 },
    );
  });
});
