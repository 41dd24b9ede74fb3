import { action, computed, makeObservable, observable } from 'mobx';
import { LOAD_DATA_MISSING, type ApiClient, type LoadedCollage } from '../../api/client';
import { readCollageXml } from '../../model/document/collageXml';
import type { Analytics } from '../../services/analytics';
import type { CatalogStore } from '../catalog/CatalogStore';
import type { CollageStore } from '../collage/CollageStore';
import type { NavigationStore } from '../navigation/NavigationStore';
import type { Photo } from '../photos/Photo';
import { PHOTO_LOAD_ERROR, type PhotoStore } from '../photos/PhotoStore';
import {
  dataUrlToBlob,
  isQuoteId,
  runLimited,
  SERVER_READS_AT_ONCE,
  serverPhotoFacts,
} from './serverPhotos';

/** Where a reopen is: checking the session, loading, waiting for a sign-in, open, or failed (the error screen). */
export type ReopenStatus = 'idle' | 'checking' | 'loading' | 'login' | 'open' | 'failed';

export type ReopenOutcome = 'opened' | 'draft' | 'already-open' | 'login' | 'failed';

/** The collage could not be read because the catalog did not load. */
export const CATALOG_NOT_LOADED = 'The template list could not be loaded';

export interface ReopenServices {
  session: { checkSession(): Promise<boolean> };
  api: Pick<ApiClient, 'load' | 'readServerFile'>;
  catalog: Pick<CatalogStore, 'load' | 'byId' | 'isLoaded'>;
  collage: Pick<CollageStore, 'hasDesign' | 'savedId' | 'openDocument'>;
  photos: Pick<PhotoStore, 'addFromServer' | 'addLoaded' | 'showWebVersion' | 'clear'>;
  navigation: Pick<NavigationStore, 'fail'>;
  analytics: Analytics;
  /** Not signed in: the save dialog's login-for-collage view (SaveStore.open('login_for_model')). */
  openLoginForCollage(): void;
  /** A kept draft of this saved collage: offered, and restored instead when the customer wants it. True when restored. */
  restoreDraftOf?(savedId: string): Promise<boolean>;
}

/**
 * Reopening a saved collage on edit/{savedcollageid} (editor-core §4, §6, §7, §8): the session is
 * checked with empty credentials; without a sign-in the login-for-collage dialog opens (a
 * successful login reloads the collage); signed in, /api/load gives the XML and the photos, the
 * collage is restored from the XML and the photos are read through the file service, at most 3 at
 * once. A photo that cannot be read shows its error tile; every other failure leaves for the error
 * screen with the reason.
 */
export class ReopenStore {
  status: ReopenStatus = 'idle';
  /** The saved id being reopened (or last reopened). */
  savedId: string | null = null;
  /** Photos still to be read through the file service. */
  photosToRead = 0;
  private token = 0;
  private controller: AbortController | null = null;

  constructor(private readonly services: ReopenServices) {
    makeObservable<ReopenStore, 'setStatus' | 'photoRead'>(this, {
      status: observable,
      savedId: observable,
      photosToRead: observable,
      busy: computed,
      holdsEditorRoute: computed,
      setStatus: action,
      photoRead: action,
    });
  }

  /** The editor waits (loading message) instead of sending the customer to the design list. */
  get busy(): boolean {
    return this.status === 'checking' || this.status === 'loading';
  }

  /**
   * The edit route must wait for this reopen instead of sending the customer to the design list:
   * loading (or its draft offer), or the login-for-collage dialog.
   */
  get holdsEditorRoute(): boolean {
    return this.busy || this.status === 'login';
  }

  /** The edit route with a saved id. Resolves once the collage is open and every photo read has settled. */
  async open(savedId: string): Promise<ReopenOutcome> {
    const { collage } = this.services;
    if (this.busy && this.savedId === savedId) return 'opened';
    if (collage.hasDesign) {
      if (collage.savedId === savedId) return 'already-open';
      return this.fail(`Collage ${savedId} is not the collage being edited`);
    }
    const token = ++this.token;
    this.controller?.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.setStatus('checking', savedId);

    let signedIn: boolean;
    try {
      signedIn = await this.services.session.checkSession();
    } catch (error) {
      return this.failIfCurrent(token, `The sign-in check failed: ${message(error)}`);
    }
    if (token !== this.token) return 'failed';
    if (!signedIn) {
      this.setStatus('login', savedId);
      this.services.openLoginForCollage();
      return 'login';
    }

    this.setStatus('loading', savedId);
    let loaded: LoadedCollage;
    try {
      loaded = await this.services.api.load(savedId, controller.signal);
      await this.services.catalog.load();
    } catch (error) {
      return this.failIfCurrent(token, message(error));
    }
    if (token !== this.token) return 'failed';
    if (!loaded.collagexml || !loaded.editor) return this.fail(LOAD_DATA_MISSING);
    const { catalog } = this.services;
    if (!catalog.isLoaded) return this.fail(CATALOG_NOT_LOADED);
    const read = readCollageXml(loaded.collagexml, {
      hasTemplate: (id) => catalog.byId(id) !== undefined,
    });
    if (!read.ok) return this.fail(read.error, read.detail);

    // Unsaved changes kept in this browser come first, when the customer wants them.
    if (this.services.restoreDraftOf) {
      const restored = await this.services.restoreDraftOf(savedId);
      if (token !== this.token) return 'failed';
      if (restored) {
        this.setStatus('open', savedId);
        return 'draft';
      }
    }

    const { byServerId, toRead } = this.addPhotos(loaded);
    const opened = collage.openDocument(
      read.document,
      savedId,
      (id) => catalog.byId(id),
      (serverId) => byServerId.get(serverId)?.localId ?? '',
    );
    if (!opened.ok) return this.fail(opened.error);
    this.setStatus('open', savedId);
    await runLimited(toRead, SERVER_READS_AT_ONCE, (photo) =>
      this.readPhoto(photo, controller.signal),
    );
    return 'opened';
  }

  /** Stops reading photos (the app goes away). */
  dispose(): void {
    this.token += 1;
    this.controller?.abort();
  }

  /** The load's photos in the photo store: the customer's to be read, the quotes shown from the catalog at once. */
  private addPhotos(loaded: LoadedCollage): { byServerId: Map<string, Photo>; toRead: Photo[] } {
    const byServerId = new Map<string, Photo>();
    const toRead: Photo[] = [];
    const { photos } = this.services;
    // A saved collage replaces whatever photos were there.
    photos.clear();
    for (const server of loaded.photos) {
      const facts = serverPhotoFacts(server);
      if (byServerId.has(facts.serverId)) continue;
      if (isQuoteId(facts.serverId)) {
        // As the quotes tab adds it, so choosing it there again finds this one.
        const { webWidth, webHeight, orgWidth, orgHeight } = facts;
        const image = { src: String(server.src), webWidth, webHeight, orgWidth, orgHeight };
        const name = server.text || facts.serverId;
        byServerId.set(facts.serverId, photos.addLoaded('other', name, image, facts.serverId));
        continue;
      }
      const photo = photos.addFromServer(facts);
      byServerId.set(facts.serverId, photo);
      toRead.push(photo);
    }
    this.photoRead(toRead.length);
    return { byServerId, toRead };
  }

  private async readPhoto(photo: Photo, signal: AbortSignal): Promise<void> {
    try {
      const dataUrl = await this.services.api.readServerFile(photo.serverId!, signal);
      if (signal.aborted) return;
      const web = dataUrlToBlob(dataUrl);
      this.services.photos.showWebVersion(photo, web, {
        webWidth: photo.webWidth,
        webHeight: photo.webHeight,
        orgWidth: photo.orgWidth,
        orgHeight: photo.orgHeight,
      });
    } catch (error) {
      if (signal.aborted) return;
      // The tile shows its error look; the file service's code (ERROR_NO_FILE_ACCESS, …) says why, when it gave one.
      const reason = message(error);
      photo.failed(/^ERROR_[A-Z_]+$/.test(reason) ? reason : PHOTO_LOAD_ERROR);
      this.services.analytics.event({
        category: 'error',
        action: 'photo load',
        label: `${photo.serverId}: ${reason}`,
      });
    } finally {
      this.photoRead(-1);
    }
  }

  private photoRead(delta: number): void {
    this.photosToRead = Math.max(0, this.photosToRead + delta);
  }

  private setStatus(status: ReopenStatus, savedId: string): void {
    this.status = status;
    this.savedId = savedId;
  }

  private failIfCurrent(token: number, reason: string): ReopenOutcome {
    return token === this.token ? this.fail(reason) : 'failed';
  }

  /** The error catalogue: logged, reported as a global error, and the error screen with the reason. */
  private fail(reason: string, detail?: string): ReopenOutcome {
    this.setStatus('failed', this.savedId ?? '');
    console.warn('[reopen]', reason, detail ?? '');
    this.services.analytics.event({
      category: 'error',
      action: 'global',
      label: detail ? `${reason} (${detail})` : reason,
    });
    this.services.navigation.fail(reason);
    return 'failed';
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
