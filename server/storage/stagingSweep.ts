/**
 * Staging files (`.incoming/*.part`) are removed on a timer, not only at start (issue 26: a server
 * killed during an upload left its 26 MB `.part` until the next start). A file not written for
 * UPLOAD_STAGING_MAX_AGE_SECONDS belongs to no upload in progress: a staged file is written as its
 * bytes arrive and kept only while its photo waits for a decode (seconds). Every instance sharing
 * PHOTO_DIR sweeps it; removing a file twice is harmless.
 */
import type { FastifyInstance } from 'fastify';
import type { FilePhotoStore } from './photoStore.js';

/** How often the folder is looked at: a sixtieth of the age bound, between 1 s and 10 minutes. */
export function stagingSweepIntervalMs(maxAgeMs: number): number {
  return Math.min(10 * 60_000, Math.max(1000, Math.round(maxAgeMs / 60)));
}

export async function sweepStaging(app: FastifyInstance, store: FilePhotoStore, maxAgeMs: number) {
  try {
    const removed = await store.sweepIncoming(maxAgeMs);
    if (removed > 0) app.log.info({ removed }, 'stale staging files removed');
  } catch (error) {
    app.log.warn(error, 'sweeping the staging folder failed; trying again at the next interval');
  }
}

/** Sweeps once the server is ready and then every stagingSweepIntervalMs, until it closes. */
export function scheduleStagingSweep(
  app: FastifyInstance,
  store: FilePhotoStore,
  maxAgeMs: number,
) {
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    timer = setInterval(
      () => void sweepStaging(app, store, maxAgeMs),
      stagingSweepIntervalMs(maxAgeMs),
    );
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}
