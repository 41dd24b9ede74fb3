import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { PINCH_ZOOM_THRESHOLD_PX, TwoFingerGesture } from './twoFingerGesture';

describe('the two-finger gesture', () => {
  it('pans by the midpoint while the fingers keep their distance', () => {
    const gesture = new TwoFingerGesture();
    gesture.start({ x: 100, y: 100 }, { x: 200, y: 100 });
    expect(gesture.move({ x: 110, y: 95 }, { x: 210, y: 95 })).toEqual({
      kind: 'pan',
      dx: 10,
      dy: -5,
    });
    expect(gesture.move({ x: 110, y: 95 }, { x: 210, y: 95 })).toBeNull();
  });

  it('zooms once the distance changed by more than 10 px, by the ratio of the distances', () => {
    const gesture = new TwoFingerGesture();
    gesture.start({ x: 100, y: 100 }, { x: 200, y: 100 });
    // 8 px wider, the midpoint where it was: neither a zoom nor a pan.
    expect(gesture.move({ x: 96, y: 100 }, { x: 204, y: 100 })).toBeNull();
    const zoom = gesture.move({ x: 94, y: 100 }, { x: 206, y: 100 });
    expect(zoom).toEqual({ kind: 'zoom', factor: 112 / 100, centre: { x: 150, y: 100 } });
    // The next zoom counts from the last zoom's distance.
    expect(gesture.move({ x: 90, y: 100 }, { x: 210, y: 100 })).toBeNull();
    expect(gesture.move({ x: 84, y: 100 }, { x: 216, y: 100 })).toEqual({
      kind: 'zoom',
      factor: 132 / 112,
      centre: { x: 150, y: 100 },
    });
  });

  it('over any path, the zoom factors multiply to the final distance over the start when the last move zoomed', () => {
    const steps = fc.array(
      fc.tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 })),
      { minLength: 1, maxLength: 30 },
    );
    fc.assert(
      fc.property(steps, (moves) => {
        const gesture = new TwoFingerGesture();
        let a = { x: 300, y: 300 };
        let b = { x: 500, y: 300 };
        gesture.start(a, b);
        let scale = 1;
        let lastZoomDistance = 200;
        for (const [spread, shift] of moves) {
          a = { x: a.x - spread / 2 + shift, y: a.y };
          b = { x: Math.max(a.x + 1, b.x + spread / 2 + shift), y: b.y };
          const event = gesture.move(a, b);
          const now = Math.hypot(b.x - a.x, b.y - a.y);
          if (event?.kind === 'zoom') {
            expect(Math.abs(now - lastZoomDistance)).toBeGreaterThan(PINCH_ZOOM_THRESHOLD_PX);
            scale *= event.factor;
            lastZoomDistance = now;
          } else {
            expect(Math.abs(now - lastZoomDistance)).toBeLessThanOrEqual(PINCH_ZOOM_THRESHOLD_PX);
          }
        }
        expect(scale).toBeCloseTo(lastZoomDistance / 200, 9);
      }),
    );
  });

  it('does nothing before a start or after the end', () => {
    const gesture = new TwoFingerGesture();
    expect(gesture.move({ x: 0, y: 0 }, { x: 50, y: 0 })).toBeNull();
    gesture.start({ x: 0, y: 0 }, { x: 50, y: 0 });
    gesture.end();
    expect(gesture.active).toBe(false);
    expect(gesture.move({ x: 10, y: 0 }, { x: 90, y: 0 })).toBeNull();
  });
});
