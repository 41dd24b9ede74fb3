import { action, makeObservable, observableRef, reaction } from 'mobx';
import type { ApiClient } from '../api/client';
import type { Analytics } from '../services/analytics';
import { NavigationStore, type NavigationServices } from './navigation/NavigationStore';
import { CatalogStore, type CatalogServices } from './catalog/CatalogStore';
import { isEditorState } from './navigation/navigationStates';
import { SessionStore } from './session/SessionStore';
import { DraftStore } from './drafts/DraftStore';
import { MemoryDraftDb, type DraftDb } from '../services/draftDb';
import { savedIdOfPath } from '../i18n/routeWords';
import type { EditingStores } from './editing/EditingStores';
import type { CollageStore } from './collage/CollageStore';
import type { DesignStore } from './design/DesignStore';
import type { EditorStore } from './editor/EditorStore';
import type { PhotoStore } from './photos/PhotoStore';
import type { QuoteStore } from './photos/QuoteStore';
import type { ReopenStore } from './reopen/ReopenStore';
import type { SaveStore } from './saving/SaveStore';
import type { SocialStore } from './social/SocialStore';

export type { CollageRootServices, SaveWiring } from './editing/EditingStores';

export interface DraftWiring {
  /** IndexedDB in the browser (src/services/draftDb); memory when absent. */
  db: DraftDb;
  /** Opens the editor on a restored draft: edit/{savedcollageid} for a saved collage's draft. */
  openEditor(savedId: string | null): void;
}

export interface RootServices {
  analytics: Analytics;
  navigation: Omit<NavigationServices, 'analytics'>;
  catalog: CatalogServices;
  api: Pick<ApiClient, 'alive' | 'isAuthenticated' | 'register' | 'readServerFile'>;
  drafts?: DraftWiring;
  /**
   * Builds the editor's stores (EditingStores) on the stores built here. main.tsx imports them
   * lazily (src/mainEditing.ts), so the chooser's script holds none of them; tests build them at once.
   */
  loadEditing(root: RootStore): EditingStores | Promise<EditingStores>;
}

/**
 * Wires the domain stores together; built once in main.tsx (and per test). The chooser's stores
 * (navigation, catalog, session, the draft offer) are built at once; the design screen's and the
 * editor's (EditingStores) when first needed, through loadEditing: the chooser asks for them once
 * it has painted, a route or a restore that needs them waits for them. Until then their getters throw.
 */
export class RootStore {
  /** What the screens report themselves (file tab switches, photos added from the computer). */
  readonly analytics: Analytics;
  readonly navigation: NavigationStore;
  readonly catalog: CatalogStore;
  readonly session: SessionStore;
  readonly drafts: DraftStore;
  /** The editor's stores once built. */
  editing: EditingStores | null = null;
  private editingLoad: Promise<EditingStores> | null = null;
  private readonly disposers: (() => void)[] = [];

  constructor(private readonly services: RootServices) {
    makeObservable<RootStore, 'attachEditing'>(this, {
      editing: observableRef,
      attachEditing: action,
    });
    const { analytics, api } = services;
    this.analytics = analytics;
    this.navigation = new NavigationStore({ ...services.navigation, analytics });
    this.catalog = new CatalogStore(services.catalog);
    this.session = new SessionStore({ api, analytics });
    this.drafts = new DraftStore({
      db: services.drafts?.db ?? new MemoryDraftDb(),
      loadEditing: () => this.loadEditing(),
      catalog: this.catalog,
      readServerFile: (serverId) => api.readServerFile(serverId),
      openEditor: (savedId) => services.drafts?.openEditor(savedId),
      reportError: (message) => {
        console.warn('[collage]', message);
        analytics.event({ category: 'error', action: 'collage', label: message });
      },
    });
    // The first route starts the draft check; edit/{savedcollageid} reopens that collage.
    let started = false;
    this.disposers.push(
      reaction(
        () => this.navigation.pathname,
        (pathname) => {
          const savedId = savedIdOfPath(pathname);
          if (!started) {
            started = true;
            void this.drafts.start(savedId);
          }
          if (savedId === undefined) return;
          if (this.editing) void this.editing.reopen.open(savedId);
          else
            void this.loadEditing().then(
              (editing) => editing.reopen.open(savedId),
              (error: unknown) => this.navigation.fail(String(error)),
            );
        },
      ),
    );
    // The heartbeat keeps the session alive while the editor is open.
    this.disposers.push(
      reaction(
        () => isEditorState(this.navigation.state),
        (inEditor) => (inEditor ? this.session.startHeartbeat() : this.session.stopHeartbeat()),
        { fireImmediately: true },
      ),
    );
  }

  /** Builds the editor's stores once; a failed load (the chunk did not arrive) is tried again on the next call. */
  loadEditing(): Promise<EditingStores> {
    if (this.editing) return Promise.resolve(this.editing);
    if (!this.editingLoad) {
      const built = this.services.loadEditing(this);
      if (!(built instanceof Promise)) {
        this.attachEditing(built);
        return Promise.resolve(built);
      }
      this.editingLoad = built.then(
        (editing) => {
          this.attachEditing(editing);
          return editing;
        },
        (error: unknown) => {
          this.editingLoad = null;
          throw error;
        },
      );
    }
    return this.editingLoad;
  }

  get photos(): PhotoStore {
    return this.built().photos;
  }
  get quotes(): QuoteStore {
    return this.built().quotes;
  }
  get social(): SocialStore {
    return this.built().social;
  }
  get collage(): CollageStore {
    return this.built().collage;
  }
  get design(): DesignStore {
    return this.built().design;
  }
  get editor(): EditorStore {
    return this.built().editor;
  }
  get save(): SaveStore {
    return this.built().save;
  }
  get reopen(): ReopenStore {
    return this.built().reopen;
  }

  dispose(): void {
    this.drafts.dispose();
    this.editing?.dispose();
    for (const dispose of this.disposers) dispose();
    this.session.stopHeartbeat();
  }

  private attachEditing(editing: EditingStores): void {
    this.editing = editing;
  }

  /** The editor's stores, which the screens after the chooser are shown only with (src/ui/routing/lazyScreens.tsx). */
  private built(): EditingStores {
    if (!this.editing)
      throw new Error("the editor's stores are not built yet: await RootStore.loadEditing()");
    return this.editing;
  }
}
