import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PARSE_ERROR } from '../../src/model/document/collageTypes.js';
import { warningText } from '../catalog/warningTexts.js';
import { limitText } from '../i18n/limitMessages.js';
import { requestLocale } from '../i18n/locale.js';

export interface OrderRefusal {
  status: 400 | 429 | 503;
  body: { error: string; key: string };
  /** Seconds, for a Retry-After header. */
  retryAfter?: number;
}

/**
 * Why an order cannot be taken, or null: too many of the customer's orders, or of everyone's, wait
 * for their print (429, 503), or the document breaks the catalog's rules (400; a size gets the
 * spec's size warning, the same text /api/customXml answers; a child size with other measures, or
 * a document that does not read, the spec's "Couldn't parse the xml data") or cannot be printed (400).
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
    request.log.warn(
      { userId, reason: admission.reason, waiting: admission.count },
      'order refused: print limit',
    );
    if (admission.reason === 'customer')
      return {
        status: 429,
        body: {
          error: limitText('order.tooManyPrinting', locale, { count: admission.count }),
          key: 'order.tooManyPrinting',
        },
        retryAfter: 60,
      };
    return {
      status: 503,
      body: { error: limitText('order.queueFull', locale), key: 'order.queueFull' },
      retryAfter: 120,
    };
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
