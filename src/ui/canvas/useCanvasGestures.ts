import { useEffect, type RefObject } from 'react';
import type { CanvasViewStore } from '../../stores/editor/CanvasViewStore';
import { TwoFingerGesture, type TouchPoint } from './twoFingerGesture';

/** Wheel steps of a trackpad pinch (Chromium sends it as ctrl + wheel): this many pixels double the zoom. */
const WHEEL_PX_PER_DOUBLING = 200;

/**
 * Zoom and pan of the collage in the editor: two fingers on a touch screen (editor-core §4), a
 * trackpad pinch or ctrl + wheel on a computer, and the wheel pans while zoomed in. One finger
 * stays with the slots (it acts as the mouse). Native listeners, because only they may
 * preventDefault a touch move or a wheel (React's are passive).
 */
export function useCanvasGestures(box: RefObject<HTMLElement | null>, view: CanvasViewStore): void {
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const gesture = new TwoFingerGesture();
    const local = (touch: Touch): TouchPoint => {
      const origin = element.getBoundingClientRect();
      return { x: touch.clientX - origin.left, y: touch.clientY - origin.top };
    };
    const onTouchStart = (event: TouchEvent) => {
      if (event.touches.length !== 2) return;
      event.preventDefault();
      gesture.start(local(event.touches[0]!), local(event.touches[1]!));
      view.setGesturing(true);
    };
    const onTouchMove = (event: TouchEvent) => {
      if (!gesture.active || event.touches.length < 2) return;
      event.preventDefault();
      const change = gesture.move(local(event.touches[0]!), local(event.touches[1]!));
      if (change?.kind === 'zoom') view.zoomAround(change.factor, change.centre);
      else if (change?.kind === 'pan') view.panBy(change.dx, change.dy);
    };
    const onTouchEnd = (event: TouchEvent) => {
      if (!gesture.active || event.touches.length >= 2) return;
      gesture.end();
      view.setGesturing(false);
    };
    const onWheel = (event: WheelEvent) => {
      const origin = element.getBoundingClientRect();
      if (event.ctrlKey) {
        event.preventDefault();
        view.zoomAround(2 ** (-event.deltaY / WHEEL_PX_PER_DOUBLING), { x: event.clientX - origin.left, y: event.clientY - origin.top });
      } else if (view.view.zoom > 1) {
        event.preventDefault();
        view.panBy(-event.deltaX, -event.deltaY);
      }
    };
    element.addEventListener('touchstart', onTouchStart, { passive: false });
    element.addEventListener('touchmove', onTouchMove, { passive: false });
    element.addEventListener('touchend', onTouchEnd);
    element.addEventListener('touchcancel', onTouchEnd);
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => {
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onTouchEnd);
      element.removeEventListener('touchcancel', onTouchEnd);
      element.removeEventListener('wheel', onWheel);
    };
  }, [box, view]);
}
