/**
 * Two-finger touch on the editor canvas (editor-core §4 "Dragging"): a move is a zoom when the
 * distance between the fingers changed by more than 10 px since the last zoom, otherwise a pan by
 * the fingers' midpoint. Plain state over plain points, so the rule is testable without a DOM.
 */
export const PINCH_ZOOM_THRESHOLD_PX = 10;

export interface TouchPoint {
  x: number;
  y: number;
}

export type TwoFingerEvent =
  { kind: 'zoom'; factor: number; centre: TouchPoint } | { kind: 'pan'; dx: number; dy: number };

function distance(a: TouchPoint, b: TouchPoint): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function midpoint(a: TouchPoint, b: TouchPoint): TouchPoint {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

export class TwoFingerGesture {
  /** The distance at the start or at the last zoom. */
  private zoomDistance = 0;
  private lastMid: TouchPoint | null = null;

  get active(): boolean {
    return this.lastMid !== null;
  }

  start(a: TouchPoint, b: TouchPoint): void {
    this.zoomDistance = distance(a, b);
    this.lastMid = midpoint(a, b);
  }

  move(a: TouchPoint, b: TouchPoint): TwoFingerEvent | null {
    if (!this.lastMid) return null;
    const now = distance(a, b);
    const mid = midpoint(a, b);
    const last = this.lastMid;
    this.lastMid = mid;
    if (Math.abs(now - this.zoomDistance) > PINCH_ZOOM_THRESHOLD_PX && this.zoomDistance > 0) {
      const factor = now / this.zoomDistance;
      this.zoomDistance = now;
      return { kind: 'zoom', factor, centre: mid };
    }
    const dx = mid.x - last.x;
    const dy = mid.y - last.y;
    return dx === 0 && dy === 0 ? null : { kind: 'pan', dx, dy };
  }

  end(): void {
    this.lastMid = null;
    this.zoomDistance = 0;
  }
}
