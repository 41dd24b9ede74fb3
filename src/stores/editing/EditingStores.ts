import { reaction } from 'mobx';
import type { ApiClient } from '../../api/client';
import type { Analytics } from '../../services/analytics';
import type { PhotoFactsOf } from '../../model/layout/slotEdits';
import type { TextMeasurer } from '../../model/text/measure';
import type { NavigationStore } from '../navigation/NavigationStore';
import type { CatalogStore } from '../catalog/CatalogStore';
import type { SessionStore } from '../session/SessionStore';
import type { DraftStore } from '../drafts/DraftStore';
import { draftEditing } from '../drafts/draftEditing';
import { PhotoStore, type PhotoStoreServices } from '../photos/PhotoStore';
import { QuoteStore, type QuoteServices } from '../photos/QuoteStore';
import { SocialStore } from '../social/SocialStore';
import { SocialApi } from '../../api/socialClient';
import { Http } from '../../api/http';
import { CollageStore } from '../collage/CollageStore';
import { DesignStore } from '../design/DesignStore';
import { StaticLayouts } from '../collage/StaticLayouts';
import type { FormatServices } from '../collage/formatTypes';
import type { HistoryOptions } from '../history/HistoryStore';
import { EditorStore } from '../editor/EditorStore';
import { SaveStore, SaveVersion, type SaveExits } from '../saving/SaveStore';
import { uploadPhoto } from '../saving/uploadPhoto';
import type { SaveableCollage } from '../saving/types';
import type { ScreenshotSource } from '../../services/screenshotTypes';
import { collageAdapter } from '../saving/collageAdapter';
import { screenshotCollage } from '../saving/screenshotCollage';
import { ReopenStore } from '../reopen/ReopenStore';

export interface CollageRootServices {
  measurer: TextMeasurer;
  /** GET of a static template's definition file (catalog-relative source). */
  loadTemplateXml(source: string): Promise<string>;
  customXml: FormatServices['customXml'];
  randomSeed(): number;
  /** The photos' facts for dpi; by default from the PhotoStore. */
  photoFacts?: PhotoFactsOf;
  history?: HistoryOptions;
}

export interface SaveWiring {
  exits: SaveExits;
  /** Loads the saved collage again after a sign-in from login-for-collage. */
  reloadCollage(): void;
  /** After a save: the editor's address names the saved collage (edit/{id}). */
  showSaved?(collageId: string): void;
  /** The collage being edited; by default the collage and photo stores (collageAdapter). */
  collage?: () => SaveableCollage | null;
  /**
   * The screenshot worker's latest screenshot; absent, collages are saved without one. A source
   * with `collageChanged` is told of every change of the collage (src/services/screenshotService).
   */
  screenshot?: ScreenshotSource;
}

export interface EditingServices {
  collage: CollageRootServices;
  api: Pick<
    ApiClient,
    'alive' | 'isAuthenticated' | 'register' | 'upload' | 'save' | 'load' | 'readServerFile'
  > &
    Partial<Pick<ApiClient, 'social'>>;
  save: SaveWiring;
  photos: PhotoStoreServices;
  quotes: QuoteServices;
}

/** The stores the chooser has built already (RootStore), which the editor's stores work with. */
export interface ChooserStores {
  readonly analytics: Analytics;
  readonly navigation: NavigationStore;
  readonly catalog: CatalogStore;
  readonly session: SessionStore;
  readonly drafts: DraftStore;
}

/**
 * The stores of the design screen and the editor, with the kernels they bring (generators, the
 * collage XML): a chunk of their own, built when the chooser is idle or a route needs them
 * (RootStore.loadEditing), so the chooser's first visit does not download them (issue 13).
 */
export class EditingStores {
  readonly photos: PhotoStore;
  readonly quotes: QuoteStore;
  /** The photo picker's social tab. */
  readonly social: SocialStore;
  readonly collage: CollageStore;
  readonly design: DesignStore;
  readonly editor: EditorStore;
  readonly save: SaveStore;
  readonly reopen: ReopenStore;
  private readonly disposers: (() => void)[] = [];

  constructor(root: ChooserStores, services: EditingServices) {
    const { analytics, navigation, catalog, session, drafts } = root;
    const { api } = services;
    this.photos = new PhotoStore(services.photos);
    this.quotes = new QuoteStore(services.quotes);
    this.social = new SocialStore({
      api: api.social ?? new SocialApi(new Http()),
      analytics,
      photos: this.photos,
      log: (message) => console.warn('[social]', message),
    });
    const reportError = (message: string) => {
      console.warn('[collage]', message);
      analytics.event({ category: 'error', action: 'collage', label: message });
    };
    const staticLayouts = new StaticLayouts({
      loadTemplateXml: services.collage.loadTemplateXml,
      reportError,
    });
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
    // The photos' original sizes give the dpi. No suggestedRotation: the photo worker's web image is
    // already upright, so a newly placed photo starts at 0 (the suggestion is for the server's original).
    const photos = this.photos;
    const photoFacts: PhotoFactsOf = (id) => {
      const photo = photos.byLocalId(id) ?? photos.byServerId(id);
      return photo && photo.orgWidth > 0
        ? { widthPx: photo.orgWidth, heightPx: photo.orgHeight }
        : undefined;
    };
    this.collage = new CollageStore({
      format,
      measurer,
      photoFacts: services.collage.photoFacts ?? photoFacts,
      history: services.collage.history,
    });
    this.design = new DesignStore({ format, measurer }, catalog, this.collage);
    this.editor = new EditorStore({
      collage: this.collage,
      navigation,
      photos: this.photos,
      measurer,
      openSaveDialog: () => this.save.open(SaveVersion.SAVE),
      openQuitDialog: () => this.save.open(SaveVersion.WANT_TO_QUIT),
    });
    // The navigation store's leave guard follows the collage's unsaved changes.
    this.disposers.push(
      reaction(
        () => this.collage.isDirty,
        (dirty) => (dirty ? navigation.markChanged() : navigation.markSaved()),
      ),
      // Used counts (duplicates) follow the slots.
      reaction(
        () => this.collage.photoIdsInUse,
        (ids) => this.photos.updateUsage(ids),
        { fireImmediately: true },
      ),
    );
    const saveable = collageAdapter(this.collage, this.photos);
    this.save = new SaveStore({
      session,
      navigation,
      analytics,
      collage: services.save.collage ?? (() => (this.collage.hasDesign ? saveable : null)),
      reloadCollage: services.save.reloadCollage,
      showSaved: services.save.showSaved,
      exits: services.save.exits,
      screenshot: services.save.screenshot,
      upload: (photo, signal) =>
        uploadPhoto(api, photo, session.sessionId, signal, this.photos.webVersion(photo)),
      save: (request, signal) => api.save(request, signal),
    });
    // The screenshot follows the collage, so a save finds a current one ready.
    const screenshots = services.save.screenshot;
    if (screenshots?.collageChanged) {
      this.disposers.push(
        reaction(
          () => screenshotCollage(this.collage, this.photos),
          (collage) => screenshots.collageChanged?.(collage),
          { fireImmediately: true },
        ),
      );
    }
    // From now on the working collage is kept as a draft, and a draft can come back into it.
    this.disposers.push(drafts.attach(draftEditing(this.collage, this.photos)));
    this.reopen = new ReopenStore({
      session,
      api,
      catalog,
      collage: this.collage,
      photos: this.photos,
      navigation,
      analytics,
      openLoginForCollage: () => this.save.open(SaveVersion.LOGIN_FOR_MODEL),
      restoreDraftOf: (savedId) => drafts.restoreDraftOf(savedId),
    });
  }

  dispose(): void {
    this.reopen.dispose();
    this.collage.dispose();
    this.editor.dispose();
    for (const dispose of this.disposers) dispose();
  }
}
