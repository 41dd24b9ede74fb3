import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { Template } from '../../model/catalog/types';
import type { NumberShapes } from '../../model/generators/numberShapes';

export type CatalogState = 'idle' | 'loading' | 'loaded' | 'failed';

export interface CatalogServices {
  /** Fetches and parses the themes list. */
  loadTemplates(): Promise<Template[]>;
  /** Fetches and parses catalog/shapes.xml (the number designs' digits); loadNumberShapes in Node. */
  loadNumberShapes?(): Promise<NumberShapes>;
  reportError(message: string): void;
}

/** The shop's templates, loaded once; screens wait on `state`. */
export class CatalogStore {
  templates: Template[] = [];
  state: CatalogState = 'idle';
  /** The number generators are registered once the shapes file is read. */
  shapesState: CatalogState = 'idle';
  /** What the customer sees for each fontset of the number designs (A, C, D, B). */
  fontsetLabels: readonly string[] = [];
  private loading: Promise<void> | null = null;
  private shapesLoading: Promise<void> | null = null;

  constructor(private readonly services: CatalogServices) {
    makeObservable<CatalogStore, 'setTemplates' | 'setState' | 'setShapesState'>(this, {
      templates: observableRef,
      state: observable,
      shapesState: observable,
      fontsetLabels: observableRef,
      isLoaded: computed,
      shapesReady: computed,
      setTemplates: action,
      setState: action,
      setShapesState: action,
    });
  }

  get isLoaded(): boolean {
    return this.state === 'loaded';
  }

  get shapesReady(): boolean {
    return this.shapesState === 'loaded';
  }

  /** Reads the shapes file once and registers the number generators; a failure is reported and can be retried. */
  loadShapes(): Promise<void> {
    if (this.shapesState === 'loaded') return Promise.resolve();
    if (this.shapesLoading) return this.shapesLoading;
    const load = this.services.loadNumberShapes;
    if (!load) {
      this.setShapesState('failed');
      return Promise.resolve();
    }
    this.setShapesState('loading');
    // The generators come with the design screen's chunk, not with the chooser, which only lists designs.
    this.shapesLoading = Promise.all([load(), import('../../model/generators/registry')])
      .then(
        ([shapes, { registerNumberGenerators }]) => {
          registerNumberGenerators(shapes);
          this.setShapesState(
            'loaded',
            shapes.map((fontset) => fontset.label),
          );
        },
        (error: unknown) => {
          this.services.reportError(
            `shapes: ${error instanceof Error ? error.message : String(error)}`,
          );
          this.setShapesState('failed');
        },
      )
      .finally(() => {
        this.shapesLoading = null;
      });
    return this.shapesLoading;
  }

  byId(id: string): Template | undefined {
    return this.templates.find((template) => template.id === id);
  }

  /** Loads the list once; a failure can be retried by calling again. */
  load(): Promise<void> {
    if (this.state === 'loaded') return Promise.resolve();
    if (this.loading) return this.loading;
    this.setState('loading');
    this.loading = this.services
      .loadTemplates()
      .then(
        (templates) => {
          this.setTemplates(templates);
          this.setState('loaded');
        },
        (error: unknown) => {
          this.services.reportError(error instanceof Error ? error.message : String(error));
          this.setState('failed');
        },
      )
      .finally(() => {
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

  private setShapesState(state: CatalogState, fontsetLabels?: readonly string[]): void {
    this.shapesState = state;
    if (fontsetLabels) this.fontsetLabels = fontsetLabels;
  }
}
