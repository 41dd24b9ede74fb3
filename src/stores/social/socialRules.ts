/** The social tab's plain rules (templates-photos-text §2, §7; editor-core §5). */
import type { SocialMediaItem } from '../../api/socialClient';

/** The login popup's size. */
export const LOGIN_POPUP = { width: 400, height: 530 } as const;
/** The list's height is the window's minus the list's top offset minus this. */
export const LIST_BOTTOM_MARGIN = 65;
/** The login window's message: a ticket after this prefix, or the service's error after the other. */
export const MESSAGE_PREFIX = 'fotocollage-social:';
export const ERROR_PREFIX = 'fotocollage-social-error:';

export type LoginMessage =
  { kind: 'ticket'; ticket: string } | { kind: 'error'; message: string } | null;

/** The serialised origin of a URL or origin text; null for an opaque origin ('null') or no URL at all. */
function originOf(text: string): string | null {
  try {
    const origin = new URL(text).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * A window message counts only when it comes from the configured origin and its data is a text
 * longer than 20 characters; what it says follows from its prefix. The spec says the origin must
 * start with the configured one; compared so, `https://shop.example.com.evil.net` and
 * `https://shop.example.com:8443` passed as `https://shop.example.com` (issue 26 item 12), so the
 * origins are compared exactly. The browser serialises `event.origin`; the configured origin is
 * serialised the same way (a trailing slash, a default port, capitals), and nothing opaque matches.
 */
export function readLoginMessage(
  origin: string,
  data: unknown,
  configuredOrigin: string,
): LoginMessage {
  const expected = originOf(configuredOrigin);
  if (expected === null || origin !== expected) return null;
  if (typeof data !== 'string' || data.length <= 20) return null;
  if (data.startsWith(MESSAGE_PREFIX))
    return { kind: 'ticket', ticket: data.slice(MESSAGE_PREFIX.length) };
  if (data.startsWith(ERROR_PREFIX))
    return { kind: 'error', message: data.slice(ERROR_PREFIX.length) || 'Server error' };
  return null;
}

/** The list's height: window height minus the list's top offset minus 65 (at least one row of tiles). */
export function listHeight(windowHeight: number, topOffset: number, minimum = 120): number {
  return Math.max(minimum, Math.floor(windowHeight - topOffset - LIST_BOTTOM_MARGIN));
}

/** One photo of the list: only images are kept, each named with the service's name as prefix. */
export interface SocialPhoto {
  id: string;
  name: string;
  mediaUrl: string;
  thumbnailUrl: string;
  /** When the service says the photo was published (ISO 8601), if it did. */
  takenAt?: string;
}

export function imagesOf(items: readonly SocialMediaItem[], serviceName: string): SocialPhoto[] {
  return items
    .filter(
      (item) => item.media_type === 'IMAGE' && typeof item.media_url === 'string' && item.media_url,
    )
    .map((item) => ({
      id: item.id,
      name: `${serviceName} ${item.id}`,
      mediaUrl: item.media_url!,
      thumbnailUrl: item.thumbnail_url || item.media_url!,
      ...(item.timestamp ? { takenAt: item.timestamp } : {}),
    }));
}

/**
 * What a social tile shows under its picture. Every name starts with the service's, so the
 * spec's 15-character cut left 'Demo photos ...' on every tile: the photo's date tells them apart,
 * else its number in the list. The whole name stays the tile's title.
 */
export function socialTileLabel(
  photo: Pick<SocialPhoto, 'takenAt'>,
  position: number,
  formatDate: (date: Date) => string,
  numbered: (position: number) => string,
): string {
  const time = photo.takenAt ? Date.parse(photo.takenAt) : NaN;
  return Number.isFinite(time) ? formatDate(new Date(time)) : numbered(position);
}

/** The window features of the popup, centred over the editor's window. */
export function popupFeatures(
  screenLeft: number,
  screenTop: number,
  outerWidth: number,
  outerHeight: number,
): string {
  const left = Math.max(0, Math.round(screenLeft + (outerWidth - LOGIN_POPUP.width) / 2));
  const top = Math.max(0, Math.round(screenTop + (outerHeight - LOGIN_POPUP.height) / 2));
  return `popup=yes,width=${LOGIN_POPUP.width},height=${LOGIN_POPUP.height},left=${left},top=${top}`;
}
