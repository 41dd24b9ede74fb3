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

/** The stores EditingStores holds, built by its steps. */
interface EditingParts {
  photos: PhotoStore;
  quotes: QuoteStore;
  social: SocialStore;
  collage: CollageStore;
  design: DesignStore;
  editor: EditorStore;
  save: SaveStore;
  reopen: ReopenStore;
}

/**
 * The stores of the design screen and the editor, with the kernels they bring (generators, the
 * collage XML): a chunk of their own, built when the chooser is idle or a route needs them
 * (RootStore.loadEditing), so the chooser's first visit does not download them (issue 13).
 */
export class EditingStores implements EditingParts {
  readonly photos: PhotoStore;
  readonly quotes: QuoteStore;
  /** The photo picker's social tab. */
  readonly social: SocialStore;
  readonly collage: CollageStore;
  readonly design: DesignStore;
  readonly editor: EditorStore;
  readonly save: SaveStore;
  readonly reopen: ReopenStore;

  private constructor(
    parts: EditingParts,
    private readonly disposers: (() => void)[],
  ) {
    this.photos = parts.photos;
    this.quotes = parts.quotes;
    this.social = parts.social;
    this.collage = parts.collage;
    this.design = parts.design;
    this.editor = parts.editor;
    this.save = parts.save;
    this.reopen = parts.reopen;
  }

  /** Every store at once (the tests, and anything that has no thread to give back). */
  static build(root: ChooserStores, services: EditingServices): EditingStores {
    const steps = EditingStores.inSteps(root, services);
    for (;;) {
      const step = steps.next();
      if (step.done) return step.value;
    }
  }

  /**
   * The stores a few at a time: at each `yield` the page may give the thread back before the next
   * ones (src/mainEditing.ts). Built at idle on the chooser, the editor's chunk and all its stores
   * were one task of 43-91 ms on an unthrottled load (Lighthouse's simulated phone: 243 ms) that a
   * tap on a card would have waited behind (issue 27 item 1).
   */
  static *inSteps(
    root: ChooserStores,
    services: EditingServices,
  ): Generator<void, EditingStores, void> {
    const { analytics, navigation, catalog, session, drafts } = root;
    const { api } = services;
    const disposers: (() => void)[] = [];
    const photos = new PhotoStore(services.photos);
    const quotes = new QuoteStore(services.quotes);
    const social = new SocialStore({
      api: api.social ?? new SocialApi(new Http()),
      analytics,
      photos,
      log: (message) => console.warn('[social]', message),
    });
    yield;
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
    const photoFacts: PhotoFactsOf = (id) => {
      const photo = photos.byLocalId(id) ?? photos.byServerId(id);
      return photo && photo.orgWidth > 0
        ? { widthPx: photo.orgWidth, heightPx: photo.orgHeight }
        : undefined;
    };
    const collage = new CollageStore({
      format,
      measurer,
      photoFacts: services.collage.photoFacts ?? photoFacts,
      history: services.collage.history,
    });
    const design = new DesignStore({ format, measurer }, catalog, collage);
    yield;
    const saveable = collageAdapter(collage, photos);
    const save = new SaveStore({
      session,
      navigation,
      analytics,
      collage: services.save.collage ?? (() => (collage.hasDesign ? saveable : null)),
      reloadCollage: services.save.reloadCollage,
      showSaved: services.save.showSaved,
      exits: services.save.exits,
      screenshot: services.save.screenshot,
      upload: (photo, signal) =>
        uploadPhoto(api, photo, session.sessionId, signal, photos.webVersion(photo)),
      save: (request, signal) => api.save(request, signal),
    });
    // The screenshot follows the collage, so a save finds a current one ready.
    const screenshots = services.save.screenshot;
    if (screenshots?.collageChanged) {
      disposers.push(
        reaction(
          () => screenshotCollage(collage, photos),
          (current) => screenshots.collageChanged?.(current),
          { fireImmediately: true },
        ),
      );
    }
    yield;
    const editor = new EditorStore({
      collage,
      navigation,
      photos,
      measurer,
      openSaveDialog: () => save.open(SaveVersion.SAVE),
      openQuitDialog: () => save.open(SaveVersion.WANT_TO_QUIT),
    });
    // The navigation store's leave guard follows the collage's unsaved changes.
    disposers.push(
      reaction(
        () => collage.isDirty,
        (dirty) => (dirty ? navigation.markChanged() : navigation.markSaved()),
      ),
      // Used counts (duplicates) follow the slots.
      reaction(
        () => collage.photoIdsInUse,
        (ids) => photos.updateUsage(ids),
        { fireImmediately: true },
      ),
    );
    yield;
    // From now on the working collage is kept as a draft, and a draft can come back into it.
    disposers.push(drafts.attach(draftEditing(collage, photos)));
    const reopen = new ReopenStore({
      session,
      api,
      catalog,
      collage,
      photos,
      navigation,
      analytics,
      openLoginForCollage: () => save.open(SaveVersion.LOGIN_FOR_MODEL),
      restoreDraftOf: (savedId) => drafts.restoreDraftOf(savedId),
    });
    return new EditingStores(
      { photos, quotes, social, collage, design, editor, save, reopen },
      disposers,
    );
  }

  dispose(): void {
    this.reopen.dispose();
    this.collage.dispose();
    this.editor.dispose();
    for (const dispose of this.disposers) dispose();
  }
}
