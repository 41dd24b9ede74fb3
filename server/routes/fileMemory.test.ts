import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, TestClient } from '../test/helper.js';
import { isRunning, startServerProcess, type ServerProcess } from '../test/serverProcess.js';
import { upload } from '../test/uploads.js';
import { denseJpeg } from '../test/craftProgressive.js';
import { newAccount, registerAndSignIn } from '../test/users.js';

const MB = 1024 * 1024;

/** The server process's resident memory now, in bytes. */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('VmRSS:'));
  return Number(/(\d+)/.exec(line ?? '')?.[1] ?? 0) * 1024;
}

describe.each(backends)('/api/file on %s', (backend) => {
  let server: ServerProcess;
  beforeAll(async () => {
    const started = await startServerProcess({ backend });
    if (!isRunning(started)) throw new Error(started.output);
    server = started;
  }, 180_000);
  afterAll(async () => {
    await server.stop();
  });

  it(
    'answers 20 parallel reads of a 24 MB photo with the whole photo, its memory growing by at most 250 MB',
    { timeout: 300_000 },
    async () => {
      const client = new TestClient(server.url);
      await registerAndSignIn(client, newAccount('file'));
      // 4128 x 4112 pixels of dense scan data: 24.0 MB, all of it a photo the store keeps (a small
      // photo padded with comments is stored without the padding, issue 26 item 7)
      const photo = denseJpeg(4128, 4112);
      const uploaded = await upload(client, photo);
      expect(uploaded.status).toBe(200);
      expect(uploaded.body.error).toBeUndefined();
      const id = String(uploaded.body.id);
      const read = async () => {
        const response = await client.request('/api/file?format=json', {
          method: 'POST',
          body: new URLSearchParams({ id }),
        });
        return { status: response.status, text: await response.text() };
      };
      // one read first: the answer is the photo, whole
      const single = await read();
      expect(single.status).toBe(200);
      const answer = JSON.parse(single.text) as { error: boolean; msg: string; dataurl: string };
      expect(answer.error).toBe(false);
      expect(
        Buffer.from(answer.dataurl.replace('data:image/jpeg;base64,', ''), 'base64').equals(
          Buffer.from(photo),
        ),
      ).toBe(true);

      const pid = server.pid;
      const baseline = rss(pid);
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, rss(pid));
      }, 10);
      try {
        // the client keeps only the lengths, so the figures are the server's
        const lengths = await Promise.all(
          Array.from({ length: 20 }, async () => (await read()).text.length),
        );
        expect(new Set(lengths)).toEqual(new Set([single.text.length]));
      } finally {
        clearInterval(sampler);
      }
      peak = Math.max(peak, rss(pid));
      console.log(
        `/api/file on ${backend}: 20 parallel reads of a ${(photo.length / MB).toFixed(1)} MB photo raised the server's RSS by ${((peak - baseline) / MB).toFixed(0)} MB`,
      );
      expect(peak - baseline).toBeLessThanOrEqual(250 * MB);
    },
  );
});
