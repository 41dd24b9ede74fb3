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
import { PhotoStore, type PhotoStoreServices } from './PhotoStore';
import { EditorStore } from './editor/EditorStore';
import { NavState } from './navigationStates';

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
  /** The customer's photos: the photo worker pool and object URLs (tests that add only loaded photos leave it out). */
  photos?: PhotoStoreServices;
}

/** Photo services where no local file is ever processed: a file is refused with the photo read error. */
function withoutPhotoProcessing(analytics: Analytics): PhotoStoreServices {
  return {
    processor: { process: () => Promise.reject(new Error('No photo processor in this environment')) },
    objectUrl: (blob) => URL.createObjectURL(blob),
    revokeObjectUrl: (url) => URL.revokeObjectURL(url),
    reportLoadError: (message) => analytics.event({ category: 'error', action: 'photo', label: message }),
  };
}

/** Wires the domain stores together; built once in main.tsx (and per test). */
export class RootStore {
  readonly navigation: NavigationStore;
  readonly catalog: CatalogStore;
  readonly collage: CollageStore;
  readonly design: DesignStore;
  readonly photos: PhotoStore;
  readonly editor: EditorStore;
  private readonly disposers: (() => void)[] = [];

  constructor(services: RootServices) {
    this.navigation = new NavigationStore({ ...services.navigation, analytics: services.analytics });
    this.catalog = new CatalogStore(services.catalog);
    this.photos = new PhotoStore(services.photos ?? withoutPhotoProcessing(services.analytics));
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
    // A photo's facts for its dpi: its original pixels once it has loaded. The photo worker makes
    // the web image upright and gives the upright original size, so no suggested rotation is passed
    // on: turning the slot by it as well would turn the photo twice.
    const photoFacts = services.collage.photoFacts ?? ((id: string) => {
      const photo = this.photos.byLocalId(id);
      return photo && photo.tileLook === 2 ? { widthPx: photo.orgWidth, heightPx: photo.orgHeight } : undefined;
    });
    this.collage = new CollageStore({ format, measurer, photoFacts, history: services.collage.history });
    this.design = new DesignStore({ format, measurer }, this.catalog, this.collage);
    this.editor = new EditorStore({
      collage: this.collage,
      navigation: this.navigation,
      photos: this.photos,
      measurer,
      // The save flow's dialog takes over here (SaveStore.open('save')) once it is wired.
      openSaveDialog: () => this.navigation.setState(NavState.EditorSave),
    });
    // The navigation store's leave guard follows the collage's unsaved changes.
    this.disposers.push(
      reaction(
        () => this.collage.isDirty,
        (dirty) => (dirty ? this.navigation.markChanged() : this.navigation.markSaved()),
      ),
      // Used counts (duplicates) follow the slots.
      reaction(
        () => this.collage.photoIdsInUse,
        (ids) => this.photos.updateUsage(ids),
        { fireImmediately: true },
      ),
    );
  }

  dispose(): void {
    this.collage.dispose();
    this.editor.dispose();
    for (const dispose of this.disposers) dispose();
  }
}
