import { action, computed, makeObservable, observableRef } from 'mobx';

export interface HistoryOptions {
  /** Steps kept to undo (the oldest fall off). */
  limit?: number;
  /** Edits with the same burst key closer together than this merge into one step (a drag, typing). */
  coalesceMs?: number;
  /** Milliseconds clock, injected for tests. */
  now?: () => number;
}

export const HISTORY_LIMIT = 100;
export const COALESCE_MS = 1000;

/**
 * Undo and redo over immutable snapshots of the collage. The store records the state after each
 * edit; undo hands back the state before it. Snapshots share their unchanged parts, so a hundred
 * steps cost little. A burst (the same key within `coalesceMs` of the previous edit, no seal in
 * between) updates the last step instead of adding one: a drag or a typed word is one step.
 */
export class HistoryStore<T> {
  past: readonly T[] = [];
  present: T | null = null;
  future: readonly T[] = [];
  private burstKey: string | null = null;
  private lastEditAt = -Infinity;
  private readonly limit: number;
  private readonly coalesceMs: number;
  private readonly now: () => number;

  constructor(options: HistoryOptions = {}) {
    this.limit = Math.max(1, options.limit ?? HISTORY_LIMIT);
    this.coalesceMs = options.coalesceMs ?? COALESCE_MS;
    this.now = options.now ?? (() => Date.now());
    makeObservable(this, {
      past: observableRef,
      present: observableRef,
      future: observableRef,
      canUndo: computed,
      canRedo: computed,
      reset: action,
      record: action,
      replacePresent: action,
      undo: action,
      redo: action,
      seal: action,
    });
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  /** A new starting point (a new or reopened collage): nothing to undo or redo. */
  reset(present: T): void {
    this.past = [];
    this.future = [];
    this.present = present;
    this.seal();
  }

  /** The state after an edit. With a burst key equal to the running burst's, it replaces the last step. */
  record(next: T, burstKey?: string): void {
    const at = this.now();
    const coalesce =
      burstKey !== undefined &&
      burstKey === this.burstKey &&
      at - this.lastEditAt <= this.coalesceMs &&
      this.past.length > 0;
    if (!coalesce && this.present !== null) {
      const past = [...this.past, this.present];
      this.past = past.length > this.limit ? past.slice(past.length - this.limit) : past;
    }
    this.present = next;
    this.future = [];
    this.burstKey = burstKey ?? null;
    this.lastEditAt = at;
  }

  /** The same step, brought up to date without an edit of the customer's (a layout that finished loading). */
  replacePresent(next: T): void {
    this.present = next;
  }

  /** The state before the last step, or undefined when there is none. */
  undo(): T | undefined {
    const previous = this.past[this.past.length - 1];
    if (previous === undefined || this.present === null) return undefined;
    this.future = [this.present, ...this.future];
    this.past = this.past.slice(0, -1);
    this.present = previous;
    this.seal();
    return previous;
  }

  redo(): T | undefined {
    const next = this.future[0];
    if (next === undefined || this.present === null) return undefined;
    this.past = [...this.past, this.present];
    this.future = this.future.slice(1);
    this.present = next;
    this.seal();
    return next;
  }

  /** Ends a burst: the next edit is a step of its own (pointer up, leaving a text field). */
  seal(): void {
    this.burstKey = null;
  }
}
