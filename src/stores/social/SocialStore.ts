import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { SocialApi, SocialServiceInfo } from '../../api/socialClient';
import { SocialError } from '../../api/socialClient';
import type { Analytics } from '../../services/analytics';
import type { Photo } from '../photos/Photo';
import type { PhotoStore } from '../photos/PhotoStore';
import { imagesOf, readLoginMessage, type SocialPhoto } from './socialRules';

export interface SocialServices {
  api: SocialApi;
  analytics: Analytics;
  photos: PhotoStore;
  /** Provider errors and failed reads are logged (console.warn in the browser). */
  log(message: string): void;
}

/**
 * The photo picker's social tab (templates-photos-text §2, §7, §8): the service's settings, the
 * login (popup, window message, user-info call), the media list paged through `next` while the
 * customer scrolls, and a chosen photo read through the server. The access code here is the
 * login's ticket, in memory only; the service's token never leaves the server.
 */
export class SocialStore {
  service: SocialServiceInfo | null = null;
  /** The spec's access code: without it the tab shows the login prompt. */
  accessCode: string | null = null;
  username = '';
  photosList: readonly SocialPhoto[] = [];
  /** The next page's link; null before the first page and once none is left. */
  next: string | null = null;
  /** True once the first page was asked for and the last one has come. */
  exhausted = false;
  loadingPage = false;
  /** Waiting for the login window. */
  loggingIn = false;
  /** Photo ids being read through the server. */
  reading = observable.set<string>();
  private infoLoad: Promise<void> | null = null;

  constructor(private readonly services: SocialServices) {
    makeObservable<
      SocialStore,
      | 'settleInfo'
      | 'connected'
      | 'pageArrived'
      | 'signOutLocally'
      | 'setReading'
      | 'setLoadingPage'
    >(this, {
      service: observableRef,
      accessCode: observable,
      username: observable,
      photosList: observableRef,
      next: observable,
      exhausted: observable,
      loadingPage: observable,
      loggingIn: observable,
      enabled: computed,
      hasMore: computed,
      startLogin: action,
      acceptMessage: action,
      loadMore: action,
      logout: action,
      settleInfo: action,
      connected: action,
      pageArrived: action,
      signOutLocally: action,
      setReading: action,
      setLoadingPage: action,
    });
  }

  get enabled(): boolean {
    return this.service?.enabled === true;
  }

  get hasMore(): boolean {
    return this.accessCode !== null && !this.exhausted;
  }

  /** Reads the service's settings once (the tab is 'Komt binnenkort' while none is configured). */
  loadInfo(): Promise<void> {
    this.infoLoad ??= this.services.api.info().then(
      (info) => this.settleInfo(info),
      (error: unknown) => {
        this.services.log(
          `social settings could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
        this.settleInfo({ enabled: false, name: '', messageOrigin: '' });
      },
    );
    return this.infoLoad;
  }

  private settleInfo(info: SocialServiceInfo): void {
    this.service = info;
  }

  /** The customer asked to log in: the caller opens the popup at the returned path (in the same click). */
  startLogin(): string {
    this.loggingIn = true;
    this.services.analytics.event({
      category: 'social',
      action: 'login start',
      label: this.service?.name,
    });
    return this.services.api.loginPath;
  }

  /** A window message: ignored unless it is the login window's (origin and length rules). */
  acceptMessage(origin: string, data: unknown): void {
    const message = readLoginMessage(origin, data, this.service?.messageOrigin ?? '');
    if (!message) return;
    if (message.kind === 'error') {
      this.failed(new SocialError(message.message, 0, true));
      return;
    }
    const ticket = message.ticket;
    this.services.api.connect(ticket).then(
      (username) => {
        this.connected(ticket, username);
        void this.loadMore();
      },
      (error: unknown) => this.failed(error),
    );
  }

  private connected(ticket: string, username: string): void {
    this.accessCode = ticket;
    this.username = username;
    this.loggingIn = false;
    this.photosList = [];
    this.next = null;
    this.exhausted = false;
    this.services.analytics.event({
      category: 'social',
      action: 'login end',
      label: this.service?.name,
    });
  }

  /** The next page (the first when none came yet); one at a time, none after the last. */
  async loadMore(): Promise<void> {
    if (!this.hasMore || this.loadingPage) return;
    this.loadingPage = true;
    const code = this.accessCode;
    try {
      const page = await this.services.api.media(this.next);
      if (this.accessCode === code)
        this.pageArrived(imagesOf(page.data, this.service?.name ?? ''), page.next);
    } catch (error) {
      if (this.accessCode === code) this.failed(error);
    } finally {
      this.setLoadingPage(false);
    }
  }

  private setLoadingPage(loading: boolean): void {
    this.loadingPage = loading;
  }

  private pageArrived(photos: SocialPhoto[], next: string | null): void {
    const known = new Set(this.photosList.map((photo) => photo.id));
    this.photosList = [...this.photosList, ...photos.filter((photo) => !known.has(photo.id))];
    this.next = next;
    this.exhausted = next === null;
  }

  /**
   * A provider error (the spec: its message, status plus status text, or 'Server error'): logged,
   * a login-error event, and the login prompt again.
   */
  private failed(error: unknown): void {
    const message = error instanceof Error && error.message ? error.message : 'Server error';
    this.services.log(`social service: ${message}`);
    this.services.analytics.event({ category: 'social', action: 'login error', label: message });
    this.signOutLocally();
  }

  /** Sign-out: photos, access code and paging go; the server drops the token. */
  logout(): void {
    this.signOutLocally();
    this.services.api
      .logout()
      .catch((error: unknown) =>
        this.services.log(
          `social sign-out: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  }

  private signOutLocally(): void {
    this.accessCode = null;
    this.username = '';
    this.photosList = [];
    this.next = null;
    this.exhausted = false;
    this.loggingIn = false;
  }

  /**
   * Reads the chosen photo through the server and adds it as a social photo (web size 640x640).
   * A failed read adds nothing (the spec); an already added photo is chosen again.
   */
  async choose(photo: SocialPhoto): Promise<Photo | null> {
    const known = this.services.photos.photos.find(
      (candidate) => candidate.source === 'social' && candidate.name === photo.name,
    );
    if (known) return known;
    if (this.reading.has(photo.id)) return null;
    this.setReading(photo.id, true);
    try {
      const dataUrl = await this.services.api.photo(photo.mediaUrl);
      const blob = await (await fetch(dataUrl)).blob();
      return this.services.photos.addDownloaded('social', photo.name, blob);
    } catch (error) {
      if (error instanceof SocialError && error.signedOut) this.failed(error);
      else
        this.services.log(
          `social photo ${photo.id} could not be read: ${error instanceof Error ? error.message : String(error)}`,
        );
      return null;
    } finally {
      this.setReading(photo.id, false);
    }
  }

  private setReading(id: string, reading: boolean): void {
    if (reading) this.reading.add(id);
    else this.reading.delete(id);
  }

  /** The list item's thumbnail, read through the server. */
  thumbnailSrc(photo: SocialPhoto): string {
    return this.services.api.thumbnailSrc(photo.thumbnailUrl);
  }

  /** How many slots show the photo made of this list item. */
  usedCount(photo: SocialPhoto): number {
    return (
      this.services.photos.photos.find(
        (candidate) => candidate.source === 'social' && candidate.name === photo.name,
      )?.usedCount ?? 0
    );
  }
}
