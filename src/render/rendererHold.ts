/**
 * The renderer's main-thread start-up (CanvasKit's instantiation, then the font files one a turn)
 * gives way while a screen the customer has just asked for is being drawn. 'Ga aan de slag' on
 * the design screen holds it until the editor's sheet shows: the font turns yield by
 * scheduler.yield, whose continuations run before React's own tasks, so without the hold the
 * editor's first render waited for the files still to register (cold_editor_ms 540-930 ms in one
 * or two of five phone visits, against 260-290 ms otherwise; issue 27).
 *
 * A hold lowers the start-up's turns to the 'background' priority rather than stopping them: they
 * still fill the gaps in which the editor waits (its chunks, a frame), so that CanvasKit is not
 * left to start only once the sheet shows, which made its first drawing later.
 *
 * A canvas draws no frame while a hold is on (ui/canvas/canvasEngine.ts): the design screen's
 * preview, still drawing its slices when the customer taps 'Ga aan de slag', took the main thread
 * from the editor's first render.
 */
import { nextTurn } from './nextTurn';

/** The longest a hold lasts: a screen that never shows must not slow CanvasKit for good. */
export const HOLD_CAP_MS = 1000;

let hold: Promise<void> | null = null;

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
    if (hold === current) hold = null;
  });
}

/** Whether a hold is on. */
export function rendererHeld(): boolean {
  return hold !== null;
}

/** Settles when no hold is on any more (at once when none is); a hold that replaces it is waited for too. */
export async function rendererHoldEnded(): Promise<void> {
  while (hold) await hold;
}

interface PostingScheduler {
  postTask(task: () => void, options: { priority: 'background' }): Promise<void>;
}

/**
 * One turn of the renderer's start-up: the browser's turn, or while a hold is on, a turn after
 * everything more urgent (scheduler.postTask 'background'; where there is none, until the hold ends).
 */
export async function rendererTurn(): Promise<void> {
  if (!hold) return nextTurn();
  const scheduler = (globalThis as { scheduler?: Partial<PostingScheduler> }).scheduler;
  if (typeof scheduler?.postTask === 'function')
    return scheduler.postTask(() => undefined, { priority: 'background' });
  return hold;
}
