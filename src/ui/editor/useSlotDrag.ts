import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
} from 'react';
import type { Layout } from '../../model/layout/types';
import { slotAtCm } from '../../render/hitTest';
import { isDragMove } from '../../stores/editor/editorRules';

export interface DragState {
  from: string;
  /** The photo slot under the pointer; null outside the canvas (the spec's drag-leave at -1,-1). */
  over: string | null;
}

interface Pending {
  slot: string;
  pointerId: number;
  startX: number;
  startY: number;
  startTime: number;
  active: boolean;
  /** Only filled slots can be dragged; every press is checked for the tap tolerance. */
  draggable: boolean;
  touch: boolean;
}

/** A touch that moved further than this is not a tap (editor-core §4). */
export const TAP_TOLERANCE_PX = 10;

/**
 * Dragging a photo onto another slot. A press becomes a drag once it moved 15 px or lasted
 * 300 ms (shorter, smaller moves are ignored); the drop swaps the two slots. A drag that ends on
 * its own slot, or outside the canvas, changes nothing. After a drag the click that follows
 * the pointer-up is swallowed, so the context menu does not open. So is the click of a touch that
 * moved more than the tap tolerance, and any press that became a two-finger gesture (`gesturing`).
 */
export function useSlotDrag(
  sheet: RefObject<HTMLElement | null>,
  layout: Layout,
  pxPerCm: number,
  onSwap: (from: string, to: string) => void,
  gesturing = false,
) {
  const pending = useRef<Pending | null>(null);
  const swallowClick = useRef(false);
  const [drag, setDrag] = useState<DragState | null>(null);

  const slotUnder = useCallback(
    (clientX: number, clientY: number): string | null => {
      const box = sheet.current?.getBoundingClientRect();
      if (
        !box ||
        clientX < box.left ||
        clientY < box.top ||
        clientX > box.right ||
        clientY > box.bottom
      )
        return null;
      const hit = slotAtCm(
        layout,
        { x: (clientX - box.left) / pxPerCm, y: (clientY - box.top) / pxPerCm },
        ['photo'],
      );
      return hit?.slot ?? null;
    },
    [sheet, layout, pxPerCm],
  );

  useEffect(() => {
    const move = (event: PointerEvent) => {
      const press = pending.current;
      if (!press || event.pointerId !== press.pointerId) return;
      if (!press.active) {
        if (!press.draggable) return;
        if (
          !isDragMove(
            event.timeStamp - press.startTime,
            event.clientX - press.startX,
            event.clientY - press.startY,
          )
        )
          return;
        press.active = true;
      }
      event.preventDefault();
      setDrag({ from: press.slot, over: slotUnder(event.clientX, event.clientY) });
    };
    const end = (event: PointerEvent) => {
      const press = pending.current;
      if (!press || event.pointerId !== press.pointerId) return;
      pending.current = null;
      setDrag(null);
      if (
        press.touch &&
        !press.active &&
        Math.hypot(event.clientX - press.startX, event.clientY - press.startY) > TAP_TOLERANCE_PX
      )
        swallowClick.current = true;
      if (!press.active || event.type === 'pointercancel') return;
      const target = slotUnder(event.clientX, event.clientY);
      if (target === press.slot) return;
      swallowClick.current = true;
      if (target) onSwap(press.slot, target);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    return () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
    };
  }, [slotUnder, onSwap]);

  // A second finger turns the press into a pan or zoom of the collage: no drag, no tap.
  useEffect(() => {
    if (!gesturing) return;
    pending.current = null;
    setDrag(null);
    swallowClick.current = true;
  }, [gesturing]);

  /** Pointer down on a photo slot (`draggable` when it holds a photo). */
  const start = useCallback(
    (slot: string, event: ReactPointerEvent, draggable: boolean) => {
      if (event.button !== 0 || !event.isPrimary || gesturing) return;
      swallowClick.current = false;
      pending.current = {
        slot,
        pointerId: event.pointerId,
        startX: event.clientX,
        startY: event.clientY,
        startTime: event.timeStamp,
        active: false,
        draggable,
        touch: event.pointerType === 'touch',
      };
    },
    [gesturing],
  );

  /** True once for the click that ends a drag. */
  const takeSwallowedClick = useCallback(() => {
    const swallow = swallowClick.current;
    swallowClick.current = false;
    return swallow;
  }, []);

  return { drag, start, takeSwallowedClick };
}
