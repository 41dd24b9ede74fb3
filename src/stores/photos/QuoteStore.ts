import { action, makeObservable, observable, observableRef } from 'mobx';
import type { QuotePhoto } from '../../api/client';
import type { QuoteServices } from '../../services/photoServices';
import type { Photo } from './Photo';
import type { PhotoStore } from './PhotoStore';

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

/**
 * A quote joins the customer's photos as it is on the server: already loaded, its catalog image the
 * web version, its quote id the server id (the save sends the id, uploads nothing).
 */
export function addQuotePhoto(photos: PhotoStore, quote: QuotePhoto): Photo {
  return photos.addLoaded(
    'other',
    quote.text || quote.id,
    {
      src: quote.webformat.src,
      webWidth: quote.webformat.width,
      webHeight: quote.webformat.height,
      orgWidth: quote.fullformat.width,
      orgHeight: quote.fullformat.height,
    },
    quote.id,
  );
}
