/**
 * The collage's 500x500 screenshot (editor-core §7, §9), kept current in the background so a save
 * finds it ready: RootStore tells the service of every change of the collage; after a short quiet
 * period it builds the print scene, gathers small copies of the used photos (the photo worker
 * decodes each web JPEG at the size its slot needs, with the slot's effect, exactly as the print
 * master applies effects) and the layout's artwork, and asks the screenshot worker. `screenshot()`
 * answers only a picture of the latest change; a change makes earlier work stale (aborted or
 * ignored). A failure is reported and never thrown: the save then waits for the next picture and
 * at worst saves without one (saving/waitForScreenshot).
 */
import { artworkUrls } from '../model/layout/artwork';
import type { RgbaPixels } from '../render/cache';
import { SCREENSHOT_SIZE } from '../render/screenshot';
import { sceneFromSlots } from '../render/slotScene';
import type { ScreenshotCollage, ScreenshotSource } from './screenshotTypes';
import type { CanvasPixelLoader } from './canvasPixels';
import type { ScreenshotRequest, ScreenshotResult } from '../../workers/screenshot.worker';
import { photoCacheKey, photoNeeds, type PhotoNeed } from './screenshotPhotos';

/** The quiet period after a change: a drag or typing makes many changes, one picture follows. */
export const SCREENSHOT_DEBOUNCE_MS = 300;

export interface ScreenshotServiceDeps {
  /** The screenshot worker (workers/screenshotClient); the request's pixel buffers are transferred. */
  screenshot(request: ScreenshotRequest, signal: AbortSignal): Promise<ScreenshotResult>;
  /**
   * The editor canvas's pixel loader (src/services/canvasPixels): a photo's web image decoded by
   * the photo worker to fit a box with its effect; catalog artwork by the browser's decoder.
   */
  pixels: CanvasPixelLoader;
  /** Failures go to analytics. */
  reportError(message: string): void;
  debounceMs?: number;
  now?(): number;
}

/** One screenshot made, for the benchmark figures and the e2e hooks. */
export interface ScreenshotRun {
  /** From the last change of the collage until the picture was ready (debounce included). */
  sinceChangeMs: number;
  /** Gathering the photos' and artwork's pixels (decodes that were cached cost nothing). */
  pixelsMs: number;
  /** The worker's call: transfer, draw, encode. */
  workerMs: number;
  drawMs: number;
  encodeMs: number;
  bytes: number;
  photos: number;
}

const KEPT_RUNS = 20;

export class ScreenshotService implements ScreenshotSource {
  private collage: ScreenshotCollage | null = null;
  /** Counts changes; a picture is current when it was drawn for the latest. */
  private generation = 0;
  private latest: { generation: number; base64: string } | null = null;
  private changedAt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: AbortController | null = null;
  private disposed = false;
  private readonly photoPixels = new Map<string, Promise<RgbaPixels | null>>();
  private readonly artworkPixels = new Map<string, Promise<RgbaPixels | null>>();
  private readonly reported = new Set<string>();
  private readonly now: () => number;
  readonly runs: ScreenshotRun[] = [];

  constructor(private readonly deps: ScreenshotServiceDeps) {
    this.now = deps.now ?? (() => performance.now());
  }

  screenshot(): string | null {
    if (this.latest && this.latest.generation === this.generation) return this.latest.base64;
    // A save is waiting for it: draw now instead of at the end of the quiet period.
    if (this.timer) this.drawNow();
    return null;
  }

  collageChanged(collage: ScreenshotCollage | null): void {
    if (this.disposed || sameCollage(collage, this.collage)) return;
    this.collage = collage;
    this.generation += 1;
    this.changedAt = this.now();
    this.running?.abort();
    this.running = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.drawNow(), this.deps.debounceMs ?? SCREENSHOT_DEBOUNCE_MS);
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running?.abort();
  }

  private drawNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    void this.draw(this.generation);
  }

  private async draw(generation: number): Promise<void> {
    const collage = this.collage;
    // A photo still loading would show as a black slot: its loaded image is a change of its own.
    if (!collage || collage.photos.some((photo) => photo.state === 'LOADING')) return;
    const controller = new AbortController();
    this.running = controller;
    const stale = () => controller.signal.aborted || generation !== this.generation;
    try {
      const started = this.now();
      const request = await this.request(collage);
      if (stale()) return;
      const gathered = this.now();
      const result = await this.deps.screenshot(request, controller.signal);
      if (stale()) return;
      this.latest = { generation, base64: result.base64 };
      const done = this.now();
      this.runs.push({
        sinceChangeMs: done - this.changedAt,
        pixelsMs: gathered - started,
        workerMs: done - gathered,
        drawMs: result.drawMs,
        encodeMs: result.encodeMs,
        bytes: result.bytes,
        photos: request.photos.length,
      });
      if (this.runs.length > KEPT_RUNS) this.runs.shift();
      this.forgetPhotosBut(new Set(photoNeeds(collage, request.scene).map(photoCacheKey)));
    } catch (error) {
      if (stale()) return;
      this.deps.reportError(`Screenshot failed: ${messageOf(error)}`);
    } finally {
      if (this.running === controller) this.running = null;
    }
  }

  private async request(collage: ScreenshotCollage): Promise<ScreenshotRequest> {
    const scene = sceneFromSlots(collage.layout, collage.slots, {
      backgroundColor: collage.backgroundColor,
      purpose: 'print',
    });
    const needs = photoNeeds(collage, scene);
    const urls = artworkUrls(collage.layout);
    const [photos, artwork] = await Promise.all([
      Promise.all(needs.map((need) => this.pixelsOf(need))),
      Promise.all(urls.map((url) => this.artworkOf(url))),
    ]);
    // The worker takes the buffers (transfer): it gets copies, the cache keeps its own.
    return {
      scene,
      photos: needs.flatMap((need, index) =>
        photos[index]
          ? [{ key: need.photo.id, effect: need.effect, pixels: copyOf(photos[index]) }]
          : [],
      ),
      artwork: Object.fromEntries(
        urls.flatMap((url, index) => (artwork[index] ? [[url, copyOf(artwork[index])]] : [])),
      ),
    };
  }

  /**
   * A photo's pixels, decoded once per image, effect and level. One that cannot be decoded is drawn
   * as the slot's photo background this time and tried again on the next change (reported once).
   */
  private pixelsOf(need: PhotoNeed): Promise<RgbaPixels | null> {
    const key = photoCacheKey(need);
    const known = this.photoPixels.get(key);
    if (known) return known;
    const { photo } = need;
    const pixels: Promise<RgbaPixels | null> = this.deps.pixels
      .photo(photo.src, need.effect, need.box)
      .catch((error: unknown) => {
        if (this.photoPixels.get(key) === pixels) this.photoPixels.delete(key);
        this.reportOnce(
          `photo ${photo.id} ${photo.src}`,
          `Screenshot photo ${photo.id} could not be decoded: ${messageOf(error)}`,
        );
        return null;
      });
    this.photoPixels.set(key, pixels);
    return pixels;
  }

  /** Catalog artwork, kept for the session; one that fails is drawn without and tried again on the next change (reported once). */
  private artworkOf(url: string): Promise<RgbaPixels | null> {
    const known = this.artworkPixels.get(url);
    if (known) return known;
    const pixels: Promise<RgbaPixels | null> = this.deps.pixels
      .artwork(url, SCREENSHOT_SIZE)
      .catch((error: unknown) => {
        if (this.artworkPixels.get(url) === pixels) this.artworkPixels.delete(url);
        this.reportOnce(
          `artwork ${url}`,
          `Screenshot artwork ${url} could not be loaded: ${messageOf(error)}`,
        );
        return null;
      });
    this.artworkPixels.set(url, pixels);
    return pixels;
  }

  /** Drops decoded photos the current picture does not use (removed photos, old images, other levels). */
  private forgetPhotosBut(used: Set<string>): void {
    for (const key of [...this.photoPixels.keys()])
      if (!used.has(key)) this.photoPixels.delete(key);
  }

  private reportOnce(what: string, message: string): void {
    if (this.reported.has(what)) return;
    this.reported.add(what);
    this.deps.reportError(message);
  }
}

/** The same picture: the same layout, slots and background (immutable, compared by identity) and the same photo images. */
function sameCollage(a: ScreenshotCollage | null, b: ScreenshotCollage | null): boolean {
  if (!a || !b) return a === b;
  if (
    a.layout !== b.layout ||
    a.slots !== b.slots ||
    a.backgroundColor !== b.backgroundColor ||
    a.photos.length !== b.photos.length
  )
    return false;
  return a.photos.every((photo, index) => {
    const other = b.photos[index]!;
    return (
      photo.id === other.id &&
      photo.state === other.state &&
      photo.src === other.src &&
      photo.width === other.width &&
      photo.height === other.height
    );
  });
}

function copyOf(pixels: RgbaPixels): RgbaPixels {
  return { width: pixels.width, height: pixels.height, rgba: pixels.rgba.slice() };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
