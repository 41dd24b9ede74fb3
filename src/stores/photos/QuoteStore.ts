import { action, makeObservable, observable, observableRef } from 'mobx';
import type { QuotePhoto } from '../../api/client';
import type { QuoteServices } from '../../services/photoServices';

export type { QuoteServices } from '../../services/photoServices';

export type QuoteListState = 'idle' | 'loading' | 'loaded' | 'failed';

/** The quote images of the photo picker's 'Spreuken' tab: loaded once, the first time the tab opens. */
export class QuoteStore {
  items: readonly QuotePhoto[] = [];
  state: QuoteListState = 'idle';

  constructor(private readonly services: QuoteServices) {
    makeObservable<QuoteStore, 'settle'>(this, {
      items: observableRef,
      state: observable,
      load: action,
      settle: action,
    });
  }

  /** Starts the one load; later calls (another tab switch, the dialog opened again) do nothing. */
  load(): void {
    if (this.state !== 'idle') return;
    this.state = 'loading';
    this.services.loadQuotes().then(
      (items) => this.settle('loaded', items),
      (error: unknown) => {
        this.services.logError(error instanceof Error ? error.message : String(error));
        this.settle('failed', []);
      },
    );
  }

  private settle(state: QuoteListState, items: readonly QuotePhoto[]): void {
    this.state = state;
    this.items = items;
  }
}
