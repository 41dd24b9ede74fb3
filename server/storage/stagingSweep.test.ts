import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { TestClient } from '../test/helper.js';
import { isRunning, startServerProcess, type ServerProcess } from '../test/serverProcess.js';
import { denseJpeg } from '../test/craftProgressive.js';
import { newAccount, registerAndSignIn } from '../test/users.js';
import { stagingSweepIntervalMs } from './stagingSweep.js';

const BOUNDARY = 'stagingsweepboundary';

async function started(options: Parameters<typeof startServerProcess>[0]): Promise<ServerProcess> {
  const server = await startServerProcess(options);
  if (!isRunning(server)) throw new Error(server.output);
  return server;
}

async function stagingFiles(dataDir: string): Promise<string[]> {
  return (await fs.readdir(path.join(dataDir, 'photos', '.incoming')).catch(() => [])).sort();
}

async function until<T>(
  value: () => Promise<T>,
  done: (v: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const current = await value();
    if (done(current)) return current;
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends the start of an upload of `photo` (its first `sent` bytes) and never the rest. */
function stalledUpload(
  url: string,
  session: string,
  photo: Uint8Array,
  sent: number,
): http.ClientRequest {
  const head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const request = http.request(`${url}/api/upload?format=json`, {
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      'content-length': String(head.length + photo.length + BOUNDARY.length + 8),
      cookie: `${SESSION_COOKIE}=${session}`,
      origin: url,
    },
  });
  request.on('error', () => undefined);
  request.write(head);
  request.write(photo.subarray(0, sent));
  return request;
}

describe('staging files of uploads a killed server left', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop().catch(() => undefined);
    if (servers[0]) await fs.rm(servers[0].dataDir, { recursive: true, force: true });
  });

  it(
    'are removed on a timer once older than UPLOAD_STAGING_MAX_AGE_SECONDS, not only at start',
    { timeout: 300_000 },
    async () => {
      const first = await started({ backend: 'pglite' });
      servers.push(first);
      const client = new TestClient(first.url);
      await registerAndSignIn(client, newAccount('stager'));
      // a 24 MB photo, 8 MB of it sent: the server stages it, then is killed mid-upload
      const upload = stalledUpload(
        first.url,
        client.cookie(SESSION_COOKIE)!,
        denseJpeg(4128, 4112),
        8 << 20,
      );
      const [part] = await until(
        () => stagingFiles(first.dataDir),
        (files) => files.length === 1,
        'the staging file',
      );
      await first.kill();
      upload.destroy();
      const left = path.join(first.dataDir, 'photos', '.incoming', part!);
      expect((await fs.stat(left)).size).toBeGreaterThan(1 << 20);

      // A second server on the same folder, whose start-up sweep cannot take the file (it looks written
      // just now), and another staging file that is young.
      const inAMinute = new Date(Date.now() + 60_000);
      await fs.utimes(left, inAMinute, inAMinute);
      const maxAgeSeconds = 60;
      expect(stagingSweepIntervalMs(maxAgeSeconds * 1000)).toBe(1000);
      const second = await started({
        backend: 'pglite',
        dataDir: first.dataDir,
        env: { UPLOAD_STAGING_MAX_AGE_SECONDS: String(maxAgeSeconds) },
      });
      servers.push(second);
      const young = path.join(first.dataDir, 'photos', '.incoming', 'young.part');
      await fs.writeFile(young, 'an upload in progress');
      expect(await stagingFiles(first.dataDir)).toEqual([part, 'young.part'].sort());
      // the killed upload's file, last written two minutes ago: the timer removes it, not the young one
      const twoMinutesAgo = new Date(Date.now() - 120_000);
      await fs.utimes(left, twoMinutesAgo, twoMinutesAgo);
      expect(
        await until(
          () => stagingFiles(first.dataDir),
          (files) => !files.includes(part!),
          'the sweep',
        ),
      ).toEqual(['young.part']);
      // the sweep logs once its whole pass is done, after the file is gone, and the log reaches this
      // process through a pipe: wait for the line rather than read the output at once
      await until(
        async () => second.output(),
        (output) => output.includes('stale staging files removed'),
        "the sweep's log line",
      );
    },
  );
});
