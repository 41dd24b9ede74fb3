/**
 * The analytics batch as the editor sends it to POST /api/analytics (navigator.sendBeacon on page
 * hide, fetch with keepalive otherwise) and as the server reads it. One definition for both sides,
 * so a limit changes in one place.
 */
export const ANALYTICS_PATH = '/api/analytics';
/** The spec's session-done call, sent by beacon with the session id when the editor's page goes away. */
export const SESSION_DONE_PATH = '/collage/ajaxDone/s/';

/** Events in one batch; a longer batch is refused whole (the editor flushes at half of it). */
export const MAX_BATCH_EVENTS = 50;
/** Longest category, action and path; a label (an error's reason) may be longer. */
export const MAX_NAME_LENGTH = 64;
export const MAX_LABEL_LENGTH = 500;
/** sendBeacon's own limit is 64 KiB; a full batch of long labels stays well under it. */
export const MAX_BATCH_BYTES = 48 * 1024;

export interface WireEvent {
  kind: 'event' | 'pageview';
  /** Events: what and where, e.g. 'save' / 'start', 'error' / 'photo load'. */
  category?: string;
  action?: string;
  label?: string;
  value?: number;
  /** Page views: the path with the spec's prefix, e.g. '/htmlapp/edit'. */
  path?: string;
}

export interface WireBatch {
  events: WireEvent[];
}

/** The name an event is counted under: 'pageview /htmlapp/edit' or 'save/start'. */
export function eventName(event: WireEvent): string {
  return event.kind === 'pageview'
    ? `pageview ${event.path ?? ''}`
    : `${event.category ?? ''}/${event.action ?? ''}`;
}

function text(value: unknown, max: number): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw new Error('not a string');
  return value.slice(0, max);
}

/**
 * Reads a batch from untrusted JSON text: undefined when it is not a batch at all; fields cut to
 * their limits (a long error label is still worth keeping); numbers that are not finite dropped.
 */
export function parseBatch(raw: unknown): WireBatch | undefined {
  let data = raw;
  if (typeof raw === 'string') {
    if (raw.length > MAX_BATCH_BYTES) return undefined;
    try {
      data = JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
  if (!data || typeof data !== 'object' || !Array.isArray((data as WireBatch).events))
    return undefined;
  const events = (data as { events: unknown[] }).events;
  if (events.length === 0 || events.length > MAX_BATCH_EVENTS) return undefined;
  try {
    return {
      events: events.map((item): WireEvent => {
        if (!item || typeof item !== 'object') throw new Error('not an object');
        const event = item as Record<string, unknown>;
        if (event.kind === 'pageview') {
          const path = text(event.path, MAX_NAME_LENGTH);
          if (!path) throw new Error('page view without a path');
          return { kind: 'pageview', path };
        }
        if (event.kind !== 'event') throw new Error('unknown kind');
        const category = text(event.category, MAX_NAME_LENGTH);
        const action = text(event.action, MAX_NAME_LENGTH);
        if (!category || !action) throw new Error('event without category and action');
        const label = text(event.label, MAX_LABEL_LENGTH);
        const value =
          typeof event.value === 'number' && Number.isFinite(event.value) ? event.value : undefined;
        return {
          kind: 'event',
          category,
          action,
          ...(label !== undefined ? { label } : {}),
          ...(value !== undefined ? { value } : {}),
        };
      }),
    };
  } catch {
    return undefined;
  }
}
