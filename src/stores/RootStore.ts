import { reaction } from 'mobx';
import type { ApiClient } from '../api/client';
import type { Analytics } from '../services/analytics';
import { NavigationStore, type NavigationServices } from './NavigationStore';
import { CatalogStore, type CatalogServices } from './CatalogStore';
import { isEditorState } from './navigationStates';
import { SaveStore, type SaveExits } from './SaveStore';
import { SessionStore } from './SessionStore';
import { uploadPhoto } from './saving/uploadPhoto';
import type { SaveableCollage, ScreenshotSource } from './saving/types';

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
  api: Pick<ApiClient, 'alive' | 'isAuthenticated' | 'register' | 'upload' | 'save'>;
  save: SaveWiring;
}

/** Wires the domain stores together; built once in main.tsx (and per test). */
export class RootStore {
  readonly navigation: NavigationStore;
  readonly catalog: CatalogStore;
  readonly session: SessionStore;
  readonly save: SaveStore;

  constructor(services: RootServices) {
    const { analytics, api } = services;
    this.navigation = new NavigationStore({ ...services.navigation, analytics });
    this.catalog = new CatalogStore(services.catalog);
    this.session = new SessionStore({ api, analytics });
    this.save = new SaveStore({
      session: this.session,
      navigation: this.navigation,
      analytics,
      collage: services.save.collage ?? (() => null),
      reloadCollage: services.save.reloadCollage,
      exits: services.save.exits,
      screenshot: services.save.screenshot,
      upload: (photo, signal) => uploadPhoto(api, photo, this.session.sessionId, signal),
      save: (request, signal) => api.save(request, signal),
    });
    // The heartbeat keeps the session alive while the editor is open.
    reaction(
      () => isEditorState(this.navigation.state),
      (inEditor) => (inEditor ? this.session.startHeartbeat() : this.session.stopHeartbeat()),
      { fireImmediately: true },
    );
  }
}
