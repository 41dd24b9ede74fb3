import { action, computed, makeObservable, observable, observableRef } from 'mobx';
import type { PhotoSource, PhotoState, TileLook } from '../../model/photos/photoTypes';
import type { LoadFailureReason } from '../../../workers/ops/loadFailure';

let nextLocalId = 1;

/** One photo the customer brought: local file, server copy or quote, with its loading state. */
export class Photo {
  readonly localId: string;
  state: PhotoState = 'LOADING';
  errorMessage = '';
  /**
   * Set when the photo itself could not be read (not when an upload failed): the tile names the
   * reason (null: unknown), and a photo not on the server leaves the slots that show it.
   */
  loadFailure: { reason: LoadFailureReason | null } | null = null;
  /** The web-size image to draw (object URL or server URL). */
  src = '';
  webWidth = 0;
  webHeight = 0;
  orgWidth = 0;
  orgHeight = 0;
  key = '';
  suggestedRotation = 0;
  /** Degrees, steps of 90, modulo 360. */
  rotation = 0;
  /** Set once the server has the original. */
  serverId: string | null = null;
  /** How many slots show this photo. */
  usedCount = 0;

  constructor(
    readonly source: PhotoSource,
    readonly name: string,
    /** The local file, while the browser still has it; server and quote photos have none. */
    readonly file: Blob | null,
  ) {
    this.localId = `p${nextLocalId++}`;
    makeObservable(this, {
      state: observable,
      errorMessage: observable,
      loadFailure: observableRef,
      src: observable,
      webWidth: observable,
      webHeight: observable,
      orgWidth: observable,
      orgHeight: observable,
      key: observable,
      rotation: observable,
      serverId: observable,
      usedCount: observable,
      tileLook: computed,
      isDuplicate: computed,
      onServer: computed,
      loaded: action,
      failed: action,
      failedToLoad: action,
      rotate: action,
      uploaded: action,
      setUsedCount: action,
    });
  }

  get tileLook(): TileLook {
    return this.state === 'LOADING' ? 0 : this.state === 'ERROR' ? 1 : 2;
  }

  get isDuplicate(): boolean {
    return this.usedCount > 1;
  }

  get onServer(): boolean {
    return this.serverId !== null;
  }

  /** A scaled-down image (ratio over 1.01) with a local file is reloaded at a higher resolution. */
  needsHigherResolutionFor(box: number): boolean {
    if (!this.file || this.state !== 'IMAGE') return false;
    const wanted =
      Math.min(box / Math.max(this.orgWidth, this.orgHeight), 1) *
      Math.max(this.orgWidth, this.orgHeight);
    return wanted / Math.max(this.webWidth, this.webHeight) > 1.01;
  }

  loaded(image: {
    src: string;
    webWidth: number;
    webHeight: number;
    orgWidth: number;
    orgHeight: number;
    key?: string;
    suggestedRotation?: number;
  }): void {
    this.src = image.src;
    this.webWidth = image.webWidth;
    this.webHeight = image.webHeight;
    this.orgWidth = image.orgWidth;
    this.orgHeight = image.orgHeight;
    if (image.key) this.key = image.key;
    // The web image comes upright (the photo worker applies the EXIF orientation), so the editor's
    // rotation starts at 0; suggestedRotation goes to the server, which stores the original as shot.
    if (image.suggestedRotation !== undefined) this.suggestedRotation = image.suggestedRotation;
    this.state = 'IMAGE';
    this.errorMessage = '';
    this.loadFailure = null;
  }

  failed(message: string): void {
    this.state = 'ERROR';
    this.errorMessage = message;
  }

  /** The file could not be read: ERROR with the spec's message code and the reason the customer is told. */
  failedToLoad(message: string, reason: LoadFailureReason | null): void {
    this.failed(message);
    this.loadFailure = { reason };
  }

  rotate(degrees: number): void {
    this.rotation = (((this.rotation + degrees) % 360) + 360) % 360;
  }

  uploaded(serverId: string): void {
    this.serverId = serverId;
  }

  setUsedCount(count: number): void {
    this.usedCount = count;
  }
}
