import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { signedInClient, type SignedIn } from '../test/signedInClient.js';
import { storedFiles, upload } from '../test/uploads.js';
import {
  craftProgressive,
  libjpegProgression,
  repeatedScanJpeg,
} from '../test/craftProgressive.js';

const NOT_JPEG = { error: 'Dit is geen geldige jpeg-afbeelding.', code: 'ERROR_NO_JPG_IMAGE' };

describe.each(backends)(
  'POST /api/upload of a file that asks too much of a decoder, on %s',
  (backend) => {
    let server: TestServer;
    let alice: SignedIn;

    beforeAll(async () => {
      server = await startTestServer(backend);
      alice = await signedInClient(server, 'alice');
    });
    afterAll(async () => server.destroy());

    it("refuses issue 26's file (Y 4x1, one AC scan 1200 times) with the spec's error, before storing or decoding it", async () => {
      const decodes = vi.spyOn(server.app.decodeCheck, 'check');
      const attack = repeatedScanJpeg(4000, 3000, 1200);
      const { status, body } = await upload(alice.client, attack);
      expect(body).toEqual(NOT_JPEG);
      expect(status).toBe(200);
      expect(decodes).not.toHaveBeenCalled();
      expect(await storedFiles(server)).toEqual([]);
      decodes.mockRestore();
    });

    it('takes the same picture with the scans a progressive encoder writes', async () => {
      const jpeg = craftProgressive({
        width: 4000,
        height: 3000,
        sampling: [
          [4, 1],
          [1, 1],
          [1, 1],
        ],
        scans: libjpegProgression(3),
      });
      const { status, body } = await upload(alice.client, jpeg);
      expect(status).toBe(200);
      expect(body).toMatchObject({ orgWidth: 4000, orgHeight: 3000 });
    });
  },
);
