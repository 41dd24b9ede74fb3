import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  HOLD_CAP_MS,
  holdRendererStart,
  rendererHeld,
  rendererHoldEnded,
  rendererTurn,
} from './rendererHold';

/** Whether the promise has settled after the microtasks and one macrotask queued now have run. */
async function settledSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await vi.advanceTimersByTimeAsync(0);
  return settled;
}

describe('the renderer hold', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("lets turns go on after the browser's turn when nothing holds them", async () => {
    expect(rendererHeld()).toBe(false);
    await expect(rendererTurn()).resolves.toBeUndefined();
  });

  it('without scheduler.postTask, holds the turns until the screen shows', async () => {
    vi.useFakeTimers();
    let shown = () => {};
    holdRendererStart(new Promise<void>((resolve) => (shown = resolve)));
    expect(rendererHeld()).toBe(true);
    const turn = rendererTurn();
    await vi.advanceTimersByTimeAsync(HOLD_CAP_MS / 2);
    expect(await settledSoon(turn)).toBe(false);
    shown();
    expect(await settledSoon(turn)).toBe(true);
    expect(rendererHeld()).toBe(false);
  });

  it("with scheduler.postTask, a held turn is a 'background' task; an unheld one is not", async () => {
    vi.useFakeTimers();
    const postTask = vi.fn((task: () => void) => Promise.resolve(task()));
    vi.stubGlobal('scheduler', { postTask });
    let shown = () => {};
    holdRendererStart(new Promise<void>((resolve) => (shown = resolve)));
    expect(await settledSoon(rendererTurn())).toBe(true);
    expect(postTask).toHaveBeenCalledWith(expect.any(Function), { priority: 'background' });
    shown();
    await vi.advanceTimersByTimeAsync(0);
    postTask.mockClear();
    await rendererTurn();
    expect(postTask).not.toHaveBeenCalled();
  });

  it('lets go after the cap when the screen never shows, or at once when it fails to', async () => {
    vi.useFakeTimers();
    holdRendererStart(new Promise(() => {}), 300);
    const turn = rendererTurn();
    await vi.advanceTimersByTimeAsync(299);
    expect(await settledSoon(turn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledSoon(turn)).toBe(true);
    expect(rendererHeld()).toBe(false);
    holdRendererStart(Promise.reject(new Error('no editor')));
    await vi.advanceTimersByTimeAsync(0);
    expect(rendererHeld()).toBe(false);
  });

  it('a later hold replaces an earlier one', async () => {
    vi.useFakeTimers();
    let first = () => {};
    holdRendererStart(new Promise<void>((resolve) => (first = resolve)));
    let second = () => {};
    holdRendererStart(new Promise<void>((resolve) => (second = resolve)));
    first();
    const turn = rendererTurn();
    expect(await settledSoon(turn)).toBe(false);
    second();
    expect(await settledSoon(turn)).toBe(true);
  });

  it('says when no hold is on any more, waiting for one that replaced it', async () => {
    vi.useFakeTimers();
    expect(await settledSoon(rendererHoldEnded())).toBe(true);
    let first = () => {};
    holdRendererStart(new Promise<void>((resolve) => (first = resolve)));
    const ended = rendererHoldEnded();
    let second = () => {};
    holdRendererStart(new Promise<void>((resolve) => (second = resolve)));
    first();
    expect(await settledSoon(ended)).toBe(false);
    second();
    expect(await settledSoon(ended)).toBe(true);
  });
});
