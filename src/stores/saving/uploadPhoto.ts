import type { ApiClient, UploadedPhoto } from '../../api/client';
import type { Photo } from '../Photo';
import { FILE_NOT_READABLE } from './saveMessages';

/**
 * One photo as the spec's upload call wants it: the original file, its suggested rotation, the
 * session id once known, the photo type, a unique file id (the photo's key, else its local id) and
 * the web size as WxH.
 */
export function uploadPhoto(api: Pick<ApiClient, 'upload'>, photo: Photo, sessionId: string | null, signal: AbortSignal): Promise<UploadedPhoto> {
  if (!photo.file) return Promise.reject(new Error(FILE_NOT_READABLE));
  return api.upload(
    {
      file: photo.file,
      suggestedRotation: photo.suggestedRotation,
      sessionId: sessionId ?? undefined,
      photoType: photo.source,
      uniqueFileId: photo.key || photo.localId,
      resized: photo.webWidth > 0 && photo.webHeight > 0 ? `${photo.webWidth}x${photo.webHeight}` : undefined,
    },
    signal,
  );
}
