import { useEffect, useRef, useState } from 'react';
import { LOADING_STEP_MS, NARROW_WINDOW_PX } from './tileRules';

/**
 * Runs `callback` once `delayMs` after the last call (the spec's 200 ms click debounce): a double
 * click selects once. Pending calls are dropped when the component goes away.
 */
export function useDebounced<Args extends unknown[]>(
  callback: (...args: Args) => void,
  delayMs: number,
): (...args: Args) => void {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    latest.current = callback;
  }, [callback]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const debounced = useRef((...args: Args) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      timer.current = null;
      latest.current(...args);
    }, delayMs);
  });
  return debounced.current;
}

/** True while the window is narrower than 600 px (smaller previews). */
export function useNarrowWindow(): boolean {
  const query = `(max-width: ${NARROW_WINDOW_PX - 0.02}px)`;
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setNarrow(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return narrow;
}

/** A step counter that advances every 750 ms while `running`. */
export function useLoadingStep(running: boolean): number {
  const [step, setStep] = useState(0);
  useEffect(() => {
    if (!running) return;
    const interval = setInterval(() => setStep((n) => n + 1), LOADING_STEP_MS);
    return () => clearInterval(interval);
  }, [running]);
  return step;
}
