import type { SocialMediaItem, SocialMediaPage } from '../../src/api/socialClient.js';

const TOKEN_PARAMETERS = ['access_token'];

/** A URL with every token parameter removed: a service's paging.next may carry the token (Instagram's does). */
export function withoutToken(url: string): string {
  const parsed = new URL(url);
  for (const name of TOKEN_PARAMETERS) parsed.searchParams.delete(name);
  return parsed.href;
}

function optionalUrl(value: unknown): string | undefined {
  return typeof value === 'string' && value ? withoutToken(value) : undefined;
}

/**
 * The service's 'timestamp' as an ISO date the browser reads everywhere. Instagram writes the zone
 * as +0000 (no colon), which not every Date parser takes; anything unreadable is left out.
 */
export function timestampOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > 40) return undefined;
  const time = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isFinite(time) ? new Date(time).toISOString() : undefined;
}

/** The service's answer ({ data, paging.next }) reduced to the editor's wire shape (src/api/socialClient.ts); anything malformed is left out. */
export function mediaPageOf(body: unknown): SocialMediaPage {
  const answer = (body ?? {}) as { data?: unknown; paging?: { next?: unknown } };
  const items = Array.isArray(answer.data) ? answer.data : [];
  const data: SocialMediaItem[] = [];
  for (const raw of items) {
    if (!raw || typeof raw !== 'object') continue;
    const item = raw as Record<string, unknown>;
    if (typeof item.id !== 'string' && typeof item.id !== 'number') continue;
    if (typeof item.media_type !== 'string') continue;
    data.push({
      id: String(item.id),
      media_type: item.media_type,
      media_url: optionalUrl(item.media_url),
      thumbnail_url: optionalUrl(item.thumbnail_url),
      ...(timestampOf(item.timestamp) ? { timestamp: timestampOf(item.timestamp) } : {}),
    });
  }
  const next =
    typeof answer.paging?.next === 'string' && answer.paging.next
      ? withoutToken(answer.paging.next)
      : null;
  return { data, next };
}
