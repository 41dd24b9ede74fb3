import { useEffect, useState, type RefObject } from 'react';

/**
 * The element's inner size in CSS pixels, kept current by a ResizeObserver. Its first report
 * gives the first size: the observer reports after the browser's own layout, before the frame is
 * painted. Measuring in the effect instead laid the new screen out inside React's commit, a forced
 * layout of 20-40 ms on a phone (4x CPU) in the editor's longest task (issue 27).
 */
export function useElementSize(element: RefObject<HTMLElement | null>): {
  width: number;
  height: number;
} {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const observer = new ResizeObserver(() =>
      setSize({ width: target.clientWidth, height: target.clientHeight }),
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return size;
}
