import { reaction } from 'mobx';
import type { ApiClient } from '../api/client';
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
import { isEditorState } from './navigationStates';
import { SaveStore, SaveVersion, type SaveExits } from './SaveStore';
import { saveableCollage } from './editor/saveableCollage';
import { SessionStore } from './SessionStore';
import { uploadPhoto } from './saving/uploadPhoto';
import type { SaveableCollage, ScreenshotSource } from './saving/types';

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

export interface SaveWiring {
  exits: SaveExits;
  /** Loads the saved collage again after a sign-in from login-for-collage. */
  reloadCollage(): void;
  /** The collage being edited (CollageStore), once there is one. */
  collage?: () => SaveableCollage | null;
  /** The screenshot worker's latest screenshot; absent, collages are saved without one. */
  screenshot?: ScreenshotSource;
}

export interface RootServices {
  analytics: Analytics;
  navigation: Omit<NavigationServices, 'analytics'>;
  catalog: CatalogServices;
  collage: CollageRootServices;
  /** The customer's photos: the photo worker pool and object URLs (tests that add only loaded photos leave it out). */
  photos?: PhotoStoreServices;
  api: Pick<ApiClient, 'alive' | 'isAuthenticated' | 'register' | 'upload' | 'save'>;
  save: SaveWiring;
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
  readonly session: SessionStore;
  readonly save: SaveStore;

  constructor(services: RootServices) {
    const { analytics, api } = services;
    this.navigation = new NavigationStore({ ...services.navigation, analytics });
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
      openSaveDialog: () => this.save.open(SaveVersion.SAVE),
      openQuitDialog: () => this.save.open(SaveVersion.WANT_TO_QUIT),
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
    this.session = new SessionStore({ api, analytics });
    this.save = new SaveStore({
      session: this.session,
      navigation: this.navigation,
      analytics,
      collage: services.save.collage ?? (() => saveableCollage(this.collage, this.photos)),
      reloadCollage: services.save.reloadCollage,
      exits: services.save.exits,
      screenshot: services.save.screenshot,
      upload: (photo, signal) => uploadPhoto(api, photo, this.session.sessionId, signal),
      save: (request, signal) => api.save(request, signal),
    });
    // The heartbeat keeps the session alive while the editor is open.
    this.disposers.push(
      reaction(
        () => isEditorState(this.navigation.state),
        (inEditor) => (inEditor ? this.session.startHeartbeat() : this.session.stopHeartbeat()),
        { fireImmediately: true },
      ),
    );
  }

  dispose(): void {
    this.collage.dispose();
    this.editor.dispose();
    for (const dispose of this.disposers) dispose();
    this.session.stopHeartbeat();
  }
}
