import { describe, expect, it } from 'vitest';
import type { UploadFields } from '../../api/client';
import { Photo } from '../photos/Photo';
import { localPhoto } from '../../../tests/support/stores/testCollage';
import { uploadPhoto } from './uploadPhoto';

function recordingApi() {
  const sent: UploadFields[] = [];
  const api = {
    upload: async (fields: UploadFields) => {
      sent.push(fields);
      return {
        id: '9',
        src: '/api/photo/9/web',
        orgWidth: 1,
        orgHeight: 1,
        webWidth: 1,
        webHeight: 1,
        key: '',
        rotation: 0,
      };
    },
  };
  return { api, sent };
}

describe('uploadPhoto', () => {
  it('sends the original, the web version with its size, the rotation, the session id, the type and the key', async () => {
    const { api, sent } = recordingApi();
    const photo = localPhoto('strand.jpg', 300);
    photo.rotate(90);
    const web = new Blob(['web']);
    await uploadPhoto(api, photo, 'session-1', new AbortController().signal, {
      blob: web,
      width: 1024,
      height: 768,
    });
    expect(sent[0]).toEqual({
      file: photo.file,
      web,
      suggestedRotation: 0,
      sessionId: 'session-1',
      photoType: 'computer',
      uniqueFileId: '300.4000.3000.strand.jpg',
      resized: '1024x768',
    });
  });

  it('without a web version or a session id it sends neither, nor a size', async () => {
    const { api, sent } = recordingApi();
    await uploadPhoto(api, localPhoto('a.jpg'), null, new AbortController().signal, undefined);
    expect(sent[0]).toMatchObject({ web: undefined, sessionId: undefined, resized: undefined });
  });

  it('a photo without its file fails as not found on disk', async () => {
    const { api, sent } = recordingApi();
    const photo = new Photo('other', 'quote', null);
    await expect(
      uploadPhoto(api, photo, null, new AbortController().signal, undefined),
    ).rejects.toThrow('Could not find file on disk');
    expect(sent).toHaveLength(0);
  });
});
