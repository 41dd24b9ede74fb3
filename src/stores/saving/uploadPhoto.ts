import type { ApiClient, UploadedPhoto } from '../../api/client';
import type { Photo } from '../Photo';
import { FILE_NOT_READABLE } from './saveMessages';

/** Reads the web-size JPEG the photo worker made back from its object URL; undefined when there is none. */
export async function readWebVersion(photo: Photo): Promise<Blob | undefined> {
  if (!photo.src.startsWith('blob:')) return undefined;
  try {
    const response = await fetch(photo.src);
    return response.ok ? await response.blob() : undefined;
  } catch {
    // Without it the server keeps only the original; the upload itself still works.
    return undefined;
  }
}

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
  readWeb: (photo: Photo) => Promise<Blob | undefined> = readWebVersion,
): Promise<UploadedPhoto> {
  if (!photo.file) throw new Error(FILE_NOT_READABLE);
  const web = await readWeb(photo);
  return api.upload(
    {
      file: photo.file,
      web,
      suggestedRotation: photo.suggestedRotation,
      sessionId: sessionId ?? undefined,
      photoType: photo.source,
      uniqueFileId: photo.key || photo.localId,
      resized: web && photo.webWidth > 0 && photo.webHeight > 0 ? `${photo.webWidth}x${photo.webHeight}` : undefined,
    },
    signal,
  );
}
