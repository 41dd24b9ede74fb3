import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config.js';
import type { SaveLimits, SaveOutcome } from '../db/collageSave.js';
import { limitText } from '../i18n/limitMessages.js';
import { requestLocale } from '../i18n/locale.js';
import { tooManyWaitingOrders, type OrderRefusal } from './orderAdmission.js';

/** A customer's limits on saving and ordering, from the settings. */
export function saveLimitsOf(config: ServerConfig): SaveLimits {
  return {
    collagesPerHour: config.saveQuotaCollagesPerHour,
    bytesPerHour: config.saveQuotaBytesPerHour,
    ordersWaiting: config.ordersPrintingPerCustomer,
  };
}

/** The outcomes of a save that its customer's limits kept from being written. */
export type LimitOutcome = Extract<SaveOutcome, { kind: 'save-quota' | 'too-many-orders' }>;

export function isLimitOutcome(outcome: SaveOutcome): outcome is LimitOutcome {
  return outcome.kind === 'save-quota' || outcome.kind === 'too-many-orders';
}

/**
 * The answer to a save that the customer's limits kept from being written (issue 26 item 4: one
 * account saving new collages of 500 kB, 4 at a time, grew the database by 16 MB/s). The message is
 * in the customer's language: the editor shows it, and keeps the collage as it is.
 */
export function limitRefusal(request: FastifyRequest, outcome: LimitOutcome): OrderRefusal {
  const locale = requestLocale(request);
  if (outcome.kind === 'too-many-orders') return tooManyWaitingOrders(locale, outcome.waiting);
  request.log.info({ userId: request.session?.userId }, 'save quota reached');
  return {
    status: 429,
    body: { error: limitText('save.quota', locale), key: 'save.quota' },
    retryAfter: 3600,
  };
}
