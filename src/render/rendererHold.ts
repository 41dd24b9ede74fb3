/**
 * The renderer's main-thread start-up (CanvasKit's instantiation, then the font files one a turn)
 * gives way while a screen the customer has just asked for is being drawn. 'Ga aan de slag' on
 * the design screen holds it until the editor's sheet shows: the font turns yield by
 * scheduler.yield, whose continuations run before React's own tasks, so without the hold the
 * editor's first render waited for the files still to register (cold_editor_ms 540-930 ms in one
 * or two of five phone visits, against 260-290 ms otherwise; issue 27).
 */
import { nextTurn } from './nextTurn';

/** The longest a hold lasts: a screen that never shows must not keep CanvasKit from the page. */
export const HOLD_CAP_MS = 1000;

let hold: Promise<void> = Promise.resolve();

/** Holds the renderer's next steps until `until` settles (fulfilled or not), or `capMs` has passed. */
export function holdRendererStart(until: Promise<unknown>, capMs = HOLD_CAP_MS): void {
  const settled = until.then(
    () => undefined,
    () => undefined,
  );
  const capped = new Promise<void>((resolve) => setTimeout(resolve, capMs));
  const current = Promise.race([settled, capped]);
  hold = current;
  void current.then(() => {
    if (hold === current) hold = Promise.resolve();
  });
}

/** Waits for the hold, if one is on. */
export function rendererHeld(): Promise<void> {
  return hold;
}

/** One turn of the renderer's start-up: the browser's turn, then whatever hold is on by then. */
export async function rendererTurn(): Promise<void> {
  await nextTurn();
  await hold;
}
