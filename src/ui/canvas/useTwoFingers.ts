import { useEffect, useRef, type RefObject } from 'react';
import { TwoFingerGesture, type TouchPoint } from './twoFingerGesture';

export interface TwoFingerHandlers {
  onZoom(factor: number, centre: TouchPoint): void;
  onPan(dx: number, dy: number): void;
  /** Two fingers came down (true) or lifted (false). */
  onGesture?(active: boolean): void;
}

/**
 * Two-finger pan and pinch on an element (editor-core §4): native touch listeners, because only
 * those may preventDefault a touch move (React's are passive); points relative to the element.
 */
export function useTwoFingers(
  target: RefObject<HTMLElement | SVGElement | null>,
  handlers: TwoFingerHandlers,
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const gesture = new TwoFingerGesture();
    const local = (touch: Touch): TouchPoint => {
      const origin = element.getBoundingClientRect();
      return { x: touch.clientX - origin.left, y: touch.clientY - origin.top };
    };
    const onStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      event.preventDefault();
      gesture.start(local(event.touches[0]!), local(event.touches[1]!));
      latest.current.onGesture?.(true);
    };
    const onMove = (event: TouchEvent) => {
      if (!gesture.active || event.touches.length < 2) return;
      event.preventDefault();
      const change = gesture.move(local(event.touches[0]!), local(event.touches[1]!));
      if (change?.kind === 'zoom') latest.current.onZoom(change.factor, change.centre);
      else if (change?.kind === 'pan') latest.current.onPan(change.dx, change.dy);
    };
    const onEnd = (event: TouchEvent) => {
      if (!gesture.active || event.touches.length >= 2) return;
      gesture.end();
      latest.current.onGesture?.(false);
    };
    const listeners: Array<[string, (event: TouchEvent) => void, AddEventListenerOptions]> = [
      ['touchstart', onStart, { passive: false }],
      ['touchmove', onMove, { passive: false }],
      ['touchend', onEnd, {}],
      ['touchcancel', onEnd, {}],
    ];
    for (const [type, listener, options] of listeners)
      element.addEventListener(type, listener as EventListener, options);
    return () => {
      for (const [type, listener] of listeners)
        element.removeEventListener(type, listener as EventListener);
    };
  }, [target]);
}
