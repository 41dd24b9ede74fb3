import { reaction } from 'mobx';
import type { Analytics } from '../services/analytics';
import type { PhotoFactsOf } from '../model/layout/slotEdits';
import type { TextMeasurer } from '../model/text/measure';
import { NavigationStore, type NavigationServices } from './NavigationStore';
import { CatalogStore, type CatalogServices } from './CatalogStore';
import { CollageStore } from './CollageStore';
import { DesignStore } from './DesignStore';
import { StaticLayouts } from './collage/StaticLayouts';
import type { FormatServices } from './collage/formatTypes';
import type { HistoryOptions } from './HistoryStore';

export interface CollageRootServices {
  measurer: TextMeasurer;
  /** GET of a static template's definition file (catalog-relative source). */
  loadTemplateXml(source: string): Promise<string>;
  customXml: FormatServices['customXml'];
  randomSeed(): number;
  /** The photo store's facts about a photo; until photos are wired no dpi is computed. */
  photoFacts?: PhotoFactsOf;
  history?: HistoryOptions;
}

export interface RootServices {
  analytics: Analytics;
  navigation: Omit<NavigationServices, 'analytics'>;
  catalog: CatalogServices;
  collage: CollageRootServices;
}

/** Wires the domain stores together; built once in main.tsx (and per test). */
export class RootStore {
  readonly navigation: NavigationStore;
  readonly catalog: CatalogStore;
  readonly collage: CollageStore;
  readonly design: DesignStore;
  private readonly disposers: (() => void)[] = [];

  constructor(services: RootServices) {
    this.navigation = new NavigationStore({ ...services.navigation, analytics: services.analytics });
    this.catalog = new CatalogStore(services.catalog);
    const reportError = (message: string) => {
      console.warn('[collage]', message);
      services.analytics.event({ category: 'error', action: 'collage', label: message });
    };
    const catalog = this.catalog;
    const staticLayouts = new StaticLayouts({ loadTemplateXml: services.collage.loadTemplateXml, reportError });
    const format: FormatServices = {
      shapes: {
        get ready() {
          return catalog.shapesReady;
        },
        request: () => void catalog.loadShapes(),
      },
      staticLayouts,
      customXml: services.collage.customXml,
      reportError,
      randomSeed: services.collage.randomSeed,
    };
    const measurer = services.collage.measurer;
    this.collage = new CollageStore({ format, measurer, photoFacts: services.collage.photoFacts ?? (() => undefined), history: services.collage.history });
    this.design = new DesignStore({ format, measurer }, this.catalog, this.collage);
    // The navigation store's leave guard follows the collage's unsaved changes.
    this.disposers.push(
      reaction(
        () => this.collage.isDirty,
        (dirty) => (dirty ? this.navigation.markChanged() : this.navigation.markSaved()),
      ),
    );
  }

  dispose(): void {
    this.collage.dispose();
    for (const dispose of this.disposers) dispose();
  }
}
