/**
 * Issue 26 items 1 and 2, measured over real HTTP against the server as its own process (run from
 * the checkout to measure, `UPLOAD_DECODE_THREADS=1` as on a 2-core machine):
 *
 *   node --import tsx tests/bench/uploadFairness.ts
 *
 * 1. Customer A uploads the issue's crafted file (Y sampled 4x1, one DC scan and one AC scan of Y
 *    repeated 1200 times, 99 MP); customer B uploads a 45 kB camera photo 1 s later.
 * 2. A uploads four files within every structure rule that are still slow to decode (99 MP, Y 4x1,
 *    15 AC scans: 11 walks a block) at once; B uploads the same photo 1 s later.
 * Prints, for each, A's answers (status, ms) and B's status and wait (ms from sending to answer).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TestClient } from '../../server/test/helper.js';
import { isRunning, startServerProcess } from '../../server/test/serverProcess.js';
import { craftProgressive, type ProgressiveScan } from '../../server/test/craftProgressive.js';
import { upload } from '../../server/test/uploads.js';
import { newAccount, registerFields } from '../../server/test/users.js';

const PHOTO = path.resolve('../shared/fixtures/photos/cameras/Samsung_Digimax_i50_MP3.jpg');

function crafted(acScans: number, width = 11_496): Uint8Array {
  const scans: ProgressiveScan[] = [{ components: [0, 1, 2], ss: 0, se: 0, ah: 0, al: 0 }];
  for (let k = 0; k < acScans; k++) scans.push({ components: [0], ss: 1, se: 63, ah: 0, al: 1 });
  const sampling: [number, number][] = [
    [4, 1],
    [1, 1],
    [1, 1],
  ];
  return craftProgressive({ width, height: 8600, sampling, scans });
}

async function customer(url: string, prefix: string): Promise<TestClient> {
  const client = new TestClient(url);
  const answer = await client.postForm(
    '/api/register?format=json',
    await registerFields(newAccount(prefix)),
  );
  if (answer.status !== 200) throw new Error(`register answered ${answer.status}`);
  return client;
}

async function timedUpload(client: TestClient, bytes: Uint8Array) {
  const started = performance.now();
  const { status, body } = await upload(client, bytes);
  return { status, code: body.code ?? 'ok', ms: Math.round(performance.now() - started) };
}

async function scenario(url: string, name: string, files: Uint8Array[]): Promise<void> {
  const [a, b] = [await customer(url, 'slowa'), await customer(url, 'quickb')];
  const photo = new Uint8Array(await readFile(PHOTO));
  const aliceUploads = Promise.all(files.map((file) => timedUpload(a, file)));
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const bob = await timedUpload(b, photo);
  const alice = await aliceUploads;
  const sizes = files.map((file) => `${Math.round(file.length / 1024)} kB`).join(', ');
  console.log(
    `${name}: A sent ${sizes}: ${alice.map((x) => `${x.status} ${x.code} in ${x.ms} ms`).join('; ')}`,
  );
  console.log(
    `${name}: B sent ${Math.round(photo.length / 1024)} kB 1 s later: ${bob.status} ${bob.code}, answered after ${bob.ms} ms`,
  );
}

const server = await startServerProcess({ backend: 'pglite', env: { UPLOAD_DECODE_THREADS: '1' } });
if (!isRunning(server)) throw new Error(server.output);
try {
  await scenario(server.url, 'issue 26, 1200 repeated scans', [crafted(1200)]);
  await scenario(
    server.url,
    'four slow files within the rules',
    [0, 1, 2, 3].map((k) => crafted(15, 11_496 - 32 * k)),
  );
} finally {
  await server.stop();
}
