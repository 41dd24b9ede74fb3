import type { ApiClient, UploadedPhoto } from '../../api/client';
import type { Photo } from '../photos/Photo';
import type { WebVersion } from '../photos/PhotoStore';
import { FILE_NOT_READABLE } from './saveMessages';

/**
 * One photo as the spec's upload call wants it: the original file (and the web version, so a
 * reopened collage loads small images), its suggested rotation, the session id once known, the
 * photo type, a unique file id (the photo's key, else its local id) and the web size as WxH.
 */
export async function uploadPhoto(
  api: Pick<ApiClient, 'upload'>,
  photo: Photo,
  sessionId: string | null,
  signal: AbortSignal,
  /** The photo's web version (PhotoStore.webVersion), never the sharper copy the screen may show. */
  web: WebVersion | undefined,
): Promise<UploadedPhoto> {
  if (!photo.file) throw new Error(FILE_NOT_READABLE);
  return api.upload(
    {
      file: photo.file,
      web: web?.blob,
      suggestedRotation: photo.suggestedRotation,
      sessionId: sessionId ?? undefined,
      photoType: photo.source,
      uniqueFileId: photo.key || photo.localId,
      resized: web && web.width > 0 && web.height > 0 ? `${web.width}x${web.height}` : undefined,
    },
    signal,
  );
}
