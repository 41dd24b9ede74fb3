import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { signedInClient } from '../test/signedInClient.js';
import { fixture, upload } from '../test/uploads.js';
import { craftProgressive, type ProgressiveScan } from '../test/craftProgressive.js';

/**
 * A file within every rule of jpegLimits.ts that is still slow to decode: 12 MP with Y sampled 4x1
 * (jpeg-decoder's path) and 20 AC scans of Y, 14.3 walks a block, about 40 KB. `width` tells the
 * files apart.
 */
function slowButAllowed(width: number): Uint8Array {
  const scans: ProgressiveScan[] = [{ components: [0, 1, 2], ss: 0, se: 0, ah: 0, al: 0 }];
  for (let k = 0; k < 20; k++) scans.push({ components: [0], ss: 1, se: 63, ah: 0, al: 1 });
  const sampling: [number, number][] = [
    [4, 1],
    [1, 1],
    [1, 1],
  ];
  return craftProgressive({ width, height: 3000, sampling, scans });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(backends)('POST /api/upload with one decode thread, on %s', (backend) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(backend, { uploadDecodeThreads: 1, uploadDecodeQueue: 16 });
  });
  afterAll(async () => server.destroy());

  it(
    "answers another customer's upload right after the decode running now, not after all of one customer's slow ones",
    {
      timeout: 180_000,
    },
    async () => {
      const alice = await signedInClient(server, 'slow-alice');
      const bob = await signedInClient(server, 'quick-bob');
      const answered: string[] = [];
      const aliceUploads = [0, 1, 2, 3, 4].map((k) =>
        upload(alice.client, slowButAllowed(4000 - 16 * k)).then((result) => {
          answered.push(`alice${k}`);
          return result;
        }),
      );
      // alice's five wait for the one thread: one decoding, four (her share of 16) waiting
      const load = () => server.app.decodeCheck.load;
      await until(
        () => load().running === 1 && load().waiting === 4,
        "alice's uploads in the queue",
      );
      const bobs = await upload(bob.client, await fixture('cameras/Canon_40D.jpg'));
      answered.push('bob');
      expect(bobs.status).toBe(200);
      expect(bobs.body).toMatchObject({ orgWidth: 100, orgHeight: 68 });
      const alices = await Promise.all(aliceUploads);
      // decoded in time or stopped at the bound its size allows: never refused as a photo
      for (const { status } of alices) expect([200, 503]).toContain(status);
      // First in first out, bob would come after all five of alice's; fairly, right after the one
      // decoding when he came (two allows for that one ending before his request reached the queue).
      expect(answered.indexOf('bob')).toBeLessThanOrEqual(2);
    },
  );
});
