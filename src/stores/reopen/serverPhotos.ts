import type { ServerPhoto } from '../../api/client';
import type { ServerPhotoFacts } from '../photos/PhotoStore';
import type { PhotoSource } from '../../model/photos/photoTypes';

/** The spec: server-file reads, at most 3 at once. */
export const SERVER_READS_AT_ONCE = 3;

/** A data URL's bytes as a Blob; throws on anything that is not a base64 data URL. */
export function dataUrlToBlob(dataUrl: string): Blob {
  const match =
    /^data:([\w.+-]+\/[\w.+-]+)?(?:;[\w-]+=[\w.-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/.exec(dataUrl);
  if (!match) throw new Error('The file service answered no image data');
  const binary = atob(match[2]!);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: match[1] ?? 'image/jpeg' });
}

function sourceOf(type: string): PhotoSource {
  return type === 'computer' || type === 'social' ? type : 'other';
}

function whole(value: unknown): number {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? Math.round(number) : 0;
}

/**
 * A quote image ('Spreuken'): the shop's own picture, named by its quote id (q1, en-q1), never by
 * the number of an upload. Its src is the catalog's picture, shown as it is (not read through the
 * file service, which keeps the customers' own photos).
 */
export function isQuoteId(serverId: string): boolean {
  return !/^[0-9]+$/.test(serverId);
}

/** One photo of a load answer as the photo store takes it; ids arrive as numbers from the server. */
export function serverPhotoFacts(photo: ServerPhoto): ServerPhotoFacts {
  const rotation = Number(photo.suggestedRotation);
  const orgWidth = whole(photo.orgWidth);
  const orgHeight = whole(photo.orgHeight);
  return {
    serverId: String(photo.id),
    source: sourceOf(String(photo.type)),
    name: String(photo.unique || photo.id),
    orgWidth,
    orgHeight,
    webWidth: whole(photo.webWidth) || orgWidth,
    webHeight: whole(photo.webHeight) || orgHeight,
    key: String(photo.unique ?? ''),
    suggestedRotation: [0, 90, 180, 270].includes(rotation) ? rotation : 0,
  };
}

/** Runs the task for every item with at most `limit` running at once; resolves when all have settled. */
export async function runLimited<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      try {
        await task(item);
      } catch {
        // Each task reports its own failure; one failure never stops the others.
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
