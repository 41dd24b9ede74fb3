import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { hourUsage } from '../db/quotas.js';
import { encodeBand, JPEG_END, joinBytes, jpegHeader } from '../print/jpegBands.js';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { signedInClient, type SignedIn } from '../test/signedInClient.js';
import { upload } from '../test/uploads.js';

/**
 * Issue 26 item 6: the upload quota held under parallel uploads. The attack: with
 * UPLOAD_QUOTA_PHOTOS=5, 8 uploads at once after 4 stored left 12 photos; the MB quota had the same
 * shape. A parallel burst must store exactly what the same uploads one after another would.
 */

/** A distinct, fully decodable photo of `side` x `side` noise (noise keeps its size near `side`² / 2 bytes). */
function noiseJpeg(side: number, seed: number): Uint8Array {
  const frame = { width: side, height: side, quality: 90 };
  const rgba = new Uint8Array(side * side * 4);
  let state = (seed * 2654435761) >>> 0 || 1;
  for (let index = 0; index < rgba.length; index++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    rgba[index] = state & 0xff;
  }
  return joinBytes([jpegHeader(frame), encodeBand(frame, { rgba, rows: side, top: 0 }), JPEG_END]);
}

let seeds = 0;
const photos = (count: number, side = 64) =>
  Array.from({ length: count }, () => noiseJpeg(side, ++seeds));

async function storedPhotos(server: TestServer, userId: number) {
  const rows = await server.app.db.query<{ n: string; bytes: string | null }>(
    'SELECT count(*) AS n, sum(byte_size) AS bytes FROM photos WHERE user_id = $1',
    [userId],
  );
  return { items: Number(rows[0]!.n), bytes: Number(rows[0]!.bytes ?? 0) };
}

/** Uploads all at once; answers the statuses, sorted. */
async function burst(customer: SignedIn, files: Uint8Array[]): Promise<number[]> {
  const answers = await Promise.all(files.map((file) => upload(customer.client, file)));
  return answers.map((answer) => answer.status).sort();
}

describe.each(backends)('the upload quota under parallel uploads on %s', (backend) => {
  const PHOTO_QUOTA = 5;
  const PHOTO_SIDE = 320;
  let server: TestServer;
  let photoBytes: number;
  beforeAll(async () => {
    photoBytes = noiseJpeg(PHOTO_SIDE, 0).length;
    server = await startTestServer(backend, {
      uploadQuotaPhotosPerHour: PHOTO_QUOTA,
      // the byte quota of the hour: two and a half photos of PHOTO_SIDE
      uploadQuotaBytesPerHour: Math.floor(photoBytes * 2.5),
    });
  });
  afterAll(async () => server.destroy());

  it('with 4 stored of 5, 8 uploads at once store exactly one more photo', async () => {
    const customer = await signedInClient(server);
    for (const file of photos(4)) expect((await upload(customer.client, file)).status).toBe(200);
    const statuses = await burst(customer, photos(8));
    expect(statuses).toEqual([200, 429, 429, 429, 429, 429, 429, 429]);
    const stored = await storedPhotos(server, customer.userId);
    expect(stored.items).toBe(PHOTO_QUOTA);
    // every hold became what was stored, or went
    expect(await hourUsage(server.app.db, customer.userId, 'upload')).toEqual(stored);
  });

  it('8 uploads at once fill the byte quota as one after another would: the one crossing it is taken, no more', async () => {
    const customer = await signedInClient(server);
    // one after another: 0 and 1 and 2 photos are under 2.5 photos' bytes, 3 are not
    const statuses = await burst(customer, photos(8, PHOTO_SIDE));
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const stored = await storedPhotos(server, customer.userId);
    expect(stored.items).toBe(3);
    expect(await hourUsage(server.app.db, customer.userId, 'upload')).toEqual(stored);
  });

  it('refused, repeated and broken uploads give their hold back', async () => {
    const customer = await signedInClient(server);
    const [first] = photos(1);
    // content refused (not a JPEG), in parallel: none of them counts once refused
    const refused = await Promise.all(
      Array.from({ length: 4 }, () =>
        upload(customer.client, new TextEncoder().encode('not a photo')),
      ),
    );
    expect(refused.map((answer) => answer.body.code)).toEqual(Array(4).fill('ERROR_NO_JPG_IMAGE'));
    expect(await hourUsage(server.app.db, customer.userId, 'upload')).toEqual({
      items: 0,
      bytes: 0,
    });
    // the same photo five times: one photo
    const again = await Promise.all(
      Array.from({ length: 5 }, () => upload(customer.client, first!)),
    );
    expect(again.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await hourUsage(server.app.db, customer.userId, 'upload')).toEqual(
      await storedPhotos(server, customer.userId),
    );
    // a client gone half way through its body
    await abortedUpload(server, customer, photos(1, PHOTO_SIDE)[0]!);
    await expect
      .poll(() => hourUsage(server.app.db, customer.userId, 'upload'), { timeout: 20_000 })
      .toEqual(await storedPhotos(server, customer.userId));
    // what is left of the quota is still there: four more photos
    const rest = await burst(customer, photos(5));
    expect(rest).toEqual([200, 200, 200, 200, 429]);
  });
});

/** Sends the head of a multipart upload of `file`, then drops the connection. */
async function abortedUpload(
  server: TestServer,
  customer: SignedIn,
  file: Uint8Array,
): Promise<void> {
  const boundary = 'quota-abort-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const length = Buffer.byteLength(head) + file.length + Buffer.byteLength(tail);
  const url = new URL('/api/upload?format=json', server.url);
  await new Promise<void>((resolve) => {
    const request = http.request(url, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
        cookie: `${SESSION_COOKIE}=${customer.client.cookie(SESSION_COOKIE)}`,
        origin: server.url,
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(head);
    request.write(file.subarray(0, file.length >> 1));
    setTimeout(() => request.destroy(), 300);
  });
}
