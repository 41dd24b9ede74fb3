import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PARSE_ERROR } from '../../src/model/document/collageTypes.js';
import { warningText } from '../catalog/warningTexts.js';
import { limitText } from '../i18n/limitMessages.js';
import { requestLocale, type Locale } from '../i18n/locale.js';

export interface OrderRefusal {
  status: 400 | 429;
  body: { error: string; key: string };
  /** Seconds, for a Retry-After header. */
  retryAfter?: number;
}

/** The customer's own limit: `count` of their orders wait for their print already. */
export function tooManyWaitingOrders(locale: Locale, count: number): OrderRefusal {
  return {
    status: 429,
    body: {
      error: limitText('order.tooManyPrinting', locale, { count }),
      key: 'order.tooManyPrinting',
    },
    retryAfter: 60,
  };
}

/**
 * Why an order cannot be taken, or null: too many of the customer's own orders wait for their print
 * (429; the shop's queue refuses nobody: orders wait there), or the document breaks the catalog's
 * rules (400; a size gets the spec's size warning, the same text /api/customXml answers; a child
 * size with other measures, or a document that does not read, the spec's "Couldn't parse the xml
 * data") or cannot be printed (400). The count here answers early, before the document is checked;
 * the save's own statement counts again, exactly (collageSave.ts).
 */
export async function orderRefusal(
  app: FastifyInstance,
  request: FastifyRequest,
  userId: number,
  storedXml: string,
): Promise<OrderRefusal | null> {
  const locale = requestLocale(request);
  const admission = await app.printOrders.admit(userId);
  if (!admission.ok) {
    request.log.warn({ userId, waiting: admission.count }, 'order refused: print limit');
    return tooManyWaitingOrders(locale, admission.count);
  }
  const check = await app.printOrders.check(storedXml);
  if (check.ok) return null;
  request.log.warn(
    { userId, kind: check.kind, detail: 'detail' in check ? check.detail : check.warning.key },
    'order refused: document',
  );
  if (check.kind === 'size')
    return {
      status: 400,
      body: { error: warningText(check.warning, locale), key: check.warning.key },
    };
  if (check.kind === 'material')
    return {
      status: 400,
      body: {
        error: limitText('order.materialNotOffered', locale),
        key: 'order.materialNotOffered',
      },
    };
  if (check.kind === 'unreadable')
    return { status: 400, body: { error: PARSE_ERROR, key: 'order.unreadable' } };
  // A child size with other measures: the document contradicts itself, the spec's parse error.
  if (check.kind === 'contradiction')
    return { status: 400, body: { error: PARSE_ERROR, key: 'order.sizeContradiction' } };
  return {
    status: 400,
    body: { error: limitText('order.notPrintable', locale), key: 'order.notPrintable' },
  };
}
