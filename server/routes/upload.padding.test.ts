import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { signedInClient } from '../test/signedInClient.js';
import { fixture, storedFiles, upload } from '../test/uploads.js';
import { concat, segment } from '../test/craftJpeg.js';

/**
 * A photo padded with APP15 segments right after its SOI to exactly `size` bytes (issue 26 item 7),
 * and what the store keeps of it: the photo, and the one padding segment small enough for the 64 KB
 * of other metadata kept (every full one, 65537 bytes, is too large).
 */
function padded(photo: Uint8Array, size: number): { sent: Uint8Array; kept: Uint8Array } {
  const full: Uint8Array[] = [];
  let total = photo.length;
  while (total + 65537 + 4 <= size) {
    full.push(segment(0xef, new Uint8Array(65533)));
    total += 65537;
  }
  const last = segment(0xef, new Uint8Array(size - total - 4));
  const [soi, rest] = [photo.subarray(0, 2), photo.subarray(2)];
  return { sent: concat([soi, ...full, last, rest]), kept: concat([soi, last, rest]) };
}

async function storedBytes(server: TestServer): Promise<number> {
  const root = path.join(server.config.dataDir, 'photos');
  const sizes = await Promise.all(
    (await storedFiles(server)).map(async (file) => (await fs.stat(path.join(root, file))).size),
  );
  return sizes.reduce((sum, size) => sum + size, 0);
}

describe.each(backends)(
  'POST /api/upload of a photo padded with junk segments, on %s',
  (backend) => {
    let server: TestServer;

    beforeAll(async () => {
      // 80 MiB an hour: an upload holds its request's length (26 MB) until it is stored, so three
      // fit at once; a second three fit afterwards only if the first three counted no padding
      server = await startTestServer(backend, { uploadQuotaBytesPerHour: 80 * 1024 * 1024 });
    });
    afterAll(async () => server.destroy());

    it('stores the photo and at most 64 KB of its padding, and counts only that to the quota', async () => {
      const { client } = await signedInClient(server, 'padder');
      const names = ['Canon_40D.jpg', 'Nikon_D70.jpg', 'Pentax_K10D.jpg'];
      const originals = await Promise.all(names.map((name) => fixture(`cameras/${name}`)));
      const files = originals.map((photo) => padded(photo, 26_000_000));
      expect(files.every(({ sent }) => sent.length === 26_000_000)).toBe(true);
      const answers = await Promise.all(files.map(({ sent }) => upload(client, sent)));
      for (const { status, body } of answers) {
        expect(status).toBe(200);
        expect(body).toHaveProperty('id');
      }
      const keptBytes = files.reduce((sum, { kept }) => sum + kept.length, 0);
      expect(keptBytes).toBeLessThan(34_069 + 3 * 65_536);
      expect(await storedBytes(server)).toBe(keptBytes);
      for (const [k, { body }] of answers.entries()) {
        const served = await client.request(`/api/photo/${body.id as number}/original`);
        const bytes = Buffer.from(await served.arrayBuffer());
        expect(bytes.equals(Buffer.from(files[k]!.kept))).toBe(true);
      }
      // 78 MB sent, at most 231 kB stored: three more padded photos still fit the hour's 80 MiB
      const more = ['Kodak_CX7530.jpg', 'Fujifilm_FinePix_E500.jpg', 'Samsung_Digimax_i50_MP3.jpg'];
      const next = await Promise.all(
        more.map(async (name) =>
          upload(client, padded(await fixture(`cameras/${name}`), 26_000_000).sent),
        ),
      );
      expect(next.map(({ status }) => status)).toEqual([200, 200, 200]);
    });
  },
);
