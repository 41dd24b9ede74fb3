import { useEffect, type RefObject } from 'react';
import type { CanvasViewStore } from '../../stores/editor/CanvasViewStore';
import { useTwoFingers } from './useTwoFingers';

/** Wheel steps of a trackpad pinch (Chromium sends it as ctrl + wheel): this many pixels double the zoom. */
const WHEEL_PX_PER_DOUBLING = 200;

/**
 * Zoom and pan of the collage in the editor: two fingers on a touch screen (editor-core §4), a
 * trackpad pinch or ctrl + wheel on a computer, and the wheel pans while zoomed in. One finger
 * stays with the slots (it acts as the mouse).
 */
export function useCanvasGestures(box: RefObject<HTMLElement | null>, view: CanvasViewStore): void {
  useTwoFingers(box, {
    onZoom: (factor, centre) => view.zoomAround(factor, centre),
    onPan: (dx, dy) => view.panBy(dx, dy),
    onGesture: (active) => view.setGesturing(active),
  });
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      const origin = element.getBoundingClientRect();
      if (event.ctrlKey) {
        event.preventDefault();
        view.zoomAround(2 ** (-event.deltaY / WHEEL_PX_PER_DOUBLING), {
          x: event.clientX - origin.left,
          y: event.clientY - origin.top,
        });
      } else if (view.view.zoom > 1) {
        event.preventDefault();
        view.panBy(-event.deltaX, -event.deltaY);
      }
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [box, view]);
}
