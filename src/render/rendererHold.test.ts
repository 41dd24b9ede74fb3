import { afterEach, describe, expect, it, vi } from 'vitest';
import { HOLD_CAP_MS, holdRendererStart, rendererHeld, rendererTurn } from './rendererHold';

/** Whether the promise has settled after the microtasks and one macrotask queued now have run. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('the renderer hold', () => {
  afterEach(() => vi.useRealTimers());

  it('lets turns go on at once when nothing holds them', async () => {
    vi.useFakeTimers();
    expect(await settledSoon(rendererHeld())).toBe(true);
    expect(await settledSoon(rendererTurn())).toBe(true);
  });

  it('holds the turns until the screen shows, then lets them go on', async () => {
    vi.useFakeTimers();
    let shown = () => {};
    holdRendererStart(new Promise<void>((resolve) => (shown = resolve)));
    const turn = rendererTurn();
    expect(await settledSoon(turn)).toBe(false);
    await vi.advanceTimersByTimeAsync(HOLD_CAP_MS / 2);
    expect(await settledSoon(turn)).toBe(false);
    shown();
    expect(await settledSoon(turn)).toBe(true);
    expect(await settledSoon(rendererTurn())).toBe(true);
  });

  it('lets go after the cap when the screen never shows, or fails to', async () => {
    vi.useFakeTimers();
    holdRendererStart(new Promise(() => {}), 300);
    const held = rendererHeld();
    await vi.advanceTimersByTimeAsync(299);
    expect(await settledSoon(held)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledSoon(held)).toBe(true);
    holdRendererStart(Promise.reject(new Error('no editor')));
    expect(await settledSoon(rendererHeld())).toBe(true);
  });

  it('a later hold replaces an earlier one', async () => {
    vi.useFakeTimers();
    let first = () => {};
    holdRendererStart(new Promise<void>((resolve) => (first = resolve)));
    let second = () => {};
    holdRendererStart(new Promise<void>((resolve) => (second = resolve)));
    first();
    const held = rendererHeld();
    expect(await settledSoon(held)).toBe(false);
    second();
    expect(await settledSoon(held)).toBe(true);
  });
});
