import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { Template } from '../model/catalog/types';

export type CatalogState = 'idle' | 'loading' | 'loaded' | 'failed';

export interface CatalogServices {
  /** Fetches and parses the themes list. */
  loadTemplates(): Promise<Template[]>;
  reportError(message: string): void;
}

/** The shop's templates, loaded once; screens wait on `state`. */
export class CatalogStore {
  templates: Template[] = [];
  state: CatalogState = 'idle';
  private loading: Promise<void> | null = null;

  constructor(private readonly services: CatalogServices) {
    makeObservable<CatalogStore, 'setTemplates' | 'setState'>(this, {
      templates: observableRef,
      state: observable,
      isLoaded: computed,
      setTemplates: action,
      setState: action,
    });
  }

  get isLoaded(): boolean {
    return this.state === 'loaded';
  }

  byId(id: string): Template | undefined {
    return this.templates.find((template) => template.id === id);
  }

  /** Loads the list once; a failure can be retried by calling again. */
  load(): Promise<void> {
    if (this.state === 'loaded') return Promise.resolve();
    if (this.loading) return this.loading;
    this.setState('loading');
    this.loading = this.services.loadTemplates().then(
      (templates) => {
        this.setTemplates(templates);
        this.setState('loaded');
      },
      (error: unknown) => {
        this.services.reportError(error instanceof Error ? error.message : String(error));
        this.setState('failed');
      },
    ).finally(() => {
      this.loading = null;
    });
    return this.loading;
  }

  private setTemplates(templates: Template[]): void {
    this.templates = templates;
  }

  private setState(state: CatalogState): void {
    this.state = state;
  }
}
