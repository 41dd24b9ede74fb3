import { useEffect, useState, type RefObject } from 'react';

/** How far outside its scrolling box an element counts as near: about two rows of tiles. */
export const NEAR_VIEW_MARGIN_PX = 300;

type Listener = (near: boolean) => void;

/**
 * One IntersectionObserver per scrolling box (a dialog of 150 tiles asks 150 times), each element
 * with its listener.
 */
const observers = new WeakMap<
  Element | Document,
  { observer: IntersectionObserver; listeners: Map<Element, Listener> }
>();

/** The nearest ancestor that scrolls (the margin must apply to it: the viewport's would not reach inside it). */
export function scrollingAncestor(element: Element): Element | null {
  for (let parent = element.parentElement; parent; parent = parent.parentElement) {
    const overflow = getComputedStyle(parent).overflowY;
    if (overflow === 'auto' || overflow === 'scroll') return parent;
  }
  return null;
}

function observe(element: Element, listener: Listener): () => void {
  const root = scrollingAncestor(element);
  const key = root ?? document;
  let shared = observers.get(key);
  if (!shared) {
    const listeners = new Map<Element, Listener>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
      },
      { root, rootMargin: `${NEAR_VIEW_MARGIN_PX}px 0px` },
    );
    shared = { observer, listeners };
    observers.set(key, shared);
  }
  const { observer, listeners } = shared;
  listeners.set(element, listener);
  observer.observe(element);
  return () => {
    observer.unobserve(element);
    listeners.delete(element);
  };
}

/**
 * Whether the element is on screen or within NEAR_VIEW_MARGIN_PX of it in its scrolling box: a tile
 * decodes its picture only then, and lets it go when it moves further away. Without
 * IntersectionObserver (very old browsers) everything counts as near. Null until first known.
 */
export function useNearView(ref: RefObject<Element | null>): boolean | null {
  // null until the observer has answered once.
  const [near, setNear] = useState<boolean | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    return observe(element, setNear);
  }, [ref]);
  return near;
}
