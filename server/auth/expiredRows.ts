/**
 * Expired sessions, used-up password links and quota rows older than their hour are deleted on a
 * schedule (issue 17: they were never deleted, and every cookie-less heartbeat left a row). Every instance runs it; the deletes are
 * idempotent, so several instances on one database only repeat a cheap indexed delete.
 */
import type { FastifyInstance } from 'fastify';
import { deleteOldResets } from '../db/passwordResets.js';
import { deleteOldQuotaUsage } from '../db/quotas.js';
import { deleteExpiredSessions } from './sessions.js';

export const CLEANUP_INTERVAL_MS = 15 * 60 * 1000;

export async function deleteExpiredRows(app: FastifyInstance): Promise<void> {
  try {
    const sessions = await deleteExpiredSessions(app.db);
    const resets = await deleteOldResets(app.db);
    const quotaRows = await deleteOldQuotaUsage(app.db);
    if (sessions + resets + quotaRows > 0)
      app.log.info({ sessions, resets, quotaRows }, 'expired rows deleted');
  } catch (error) {
    app.log.warn(error, 'deleting expired rows failed; trying again at the next interval');
  }
}

/** Runs the cleanup once the server is ready and then every `intervalMs`, until it closes. */
export function scheduleExpiredRowCleanup(
  app: FastifyInstance,
  intervalMs = CLEANUP_INTERVAL_MS,
): void {
  let timer: NodeJS.Timeout | null = null;
  app.addHook('onReady', async () => {
    void deleteExpiredRows(app);
    timer = setInterval(() => void deleteExpiredRows(app), intervalMs);
    timer.unref();
  });
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
  });
}
