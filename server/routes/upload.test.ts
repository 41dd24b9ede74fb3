import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { signedInClient, type SignedIn } from '../test/signedInClient.js';
import { fixture, fixturePhotos, storedFiles, upload } from '../test/uploads.js';
import { concat, craftJpeg } from '../test/craftJpeg.js';
import { listUserPhotos } from '../db/photos.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { imageMagick } from '../../tests/support/systemTools.js';

const NOT_JPEG = { error: 'Dit is geen geldige jpeg-afbeelding.', code: 'ERROR_NO_JPG_IMAGE' };
const TOO_BIG = { error: 'Het bestand is te groot (max 25MB).', code: 'ERROR_FILE_TO_BIG' };

/** Sizes read with a separate Python segment walker over the fixtures. */
const cameras: [string, number, number][] = [
  ['Canon_40D.jpg', 100, 68],
  ['Fujifilm_FinePix_E500.jpg', 59, 100],
  ['Kodak_CX7530.jpg', 100, 78],
  ['Nikon_D70.jpg', 100, 66],
  ['PaintTool_sample.jpg', 88, 100],
  ['Pentax_K10D.jpg', 100, 72],
  ['Samsung_Digimax_i50_MP3.jpg', 100, 75],
  ['gps_DSCN0010.jpg', 640, 480],
  // Stored 2048x1536 with EXIF orientation 6: answered upright.
  ['hdr_canon_hdr_YES.jpg', 1536, 2048],
  ['hdr_iphone_hdr_YES.jpg', 3264, 2448],
  ['invalid_image01137.jpg', 88, 64],
  ['mobile_HMD_Nokia_8.3_5G.jpg', 4608, 1976],
  ['mobile_jolla.jpg', 3264, 2448],
  ['xmp_BlueSquare.jpg', 360, 216],
  ['xmp_no_exif.jpg', 322, 466],
];

/** A camera photo (640x480) padded after its end-of-image marker to exactly `size` bytes. */
async function jpegOfSize(size: number): Promise<Uint8Array> {
  const head = await fixture('cameras/gps_DSCN0010.jpg');
  return concat([head, new Uint8Array(size - head.length)]);
}

describe.each(backends)('POST /api/upload on %s', (backend) => {
  let server: TestServer;
  let alice: SignedIn;

  beforeAll(async () => {
    server = await startTestServer(backend);
    alice = await signedInClient(server, 'alice');
  });
  afterAll(async () => server.destroy());

  /** Uploads, expects the exact refusal, and checks the store is as it was. */
  async function expectRefused(
    bytes: Uint8Array,
    expected: { error: string; code: string },
    status = 200,
    web?: Uint8Array,
  ) {
    const before = await storedFiles(server);
    const { status: got, body } = await upload(alice.client, bytes, { web });
    expect(body).toEqual(expected);
    expect(got).toBe(status);
    expect(await storedFiles(server)).toEqual(before);
  }

  it.each(cameras)('accepts the camera photo %s at %ix%i', async (name, width, height) => {
    const bytes = await fixture(`cameras/${name}`);
    const { status, body } = await upload(alice.client, bytes, {
      fields: { t: 'computer', suggestedRotation: '90', x: `key-${name}` },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      orgWidth: width,
      orgHeight: height,
      webWidth: width,
      webHeight: height,
      key: `key-${name}`,
      rotation: 90,
    });
    const photo = await alice.client.request(body.src as string);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each([1, 2, 3, 4, 5, 6, 7, 8])(
    'answers Landscape_%i upright: a landscape photo whatever its EXIF orientation, in upload and load',
    async (orientation) => {
      const bytes = await fixture(`orientation/Landscape_${orientation}.jpg`);
      // A user of its own: the other tests upload some of these files with a web version.
      const owner = await signedInClient(server, `turned${orientation}`);
      // No suggestedRotation from the client: the server reads the original itself.
      const { status, body } = await upload(owner.client, bytes, { fields: { t: 'computer' } });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        orgWidth: 1800,
        orgHeight: 1200,
        rotation: { 3: 180, 6: 90, 8: 270 }[orientation] ?? 0,
      });
      const saved = await owner.client.postFormJson<{ collageid: string }>(
        '/api/save?format=json',
        {
          collagexml: `<collage><templateId>101</templateId><photos><photo id="${body.id as number}"/></photos><pages><page><templateId>101</templateId><userdata variation="default" version="2"><dopimage name="img1" id="${body.id as number}" dpi="100" zoom="1" x="0" y="0" rotation="0"/></userdata></page></pages></collage>`,
          editor: '2',
          editor_version: '1',
          fororder: 'false',
          templateid: '101',
        },
      );
      expect(saved.status).toBe(200);
      const loaded = await owner.client.postFormJson<{
        photos: Array<{ id: number; orgWidth: number; orgHeight: number }>;
      }>('/api/load?format=json', { collageid: String(saved.body.collageid) });
      expect(loaded.body.photos.find((photo) => photo.id === body.id)).toMatchObject({
        orgWidth: 1800,
        orgHeight: 1200,
      });
    },
  );

  it('stores the web version beside the original and answers its size', async () => {
    const original = await fixture('orientation/Landscape_1.jpg');
    const web = await fixture('cameras/Canon_40D.jpg');
    const { body } = await upload(alice.client, original, {
      web,
      fields: { resized: '100x68', suggestedRotation: '45' },
    });
    expect(body).toMatchObject({
      orgWidth: 1800,
      orgHeight: 1200,
      webWidth: 100,
      webHeight: 68,
      rotation: 0,
    });
    expect(body.key).toBe(
      `${original.length}.1800.1200.${crypto.createHash('sha256').update(original).digest('hex').slice(0, 12)}`,
    );
    const files = await storedFiles(server);
    for (const bytes of [original, web]) {
      const sha = crypto.createHash('sha256').update(bytes).digest('hex');
      expect(files).toContain(path.join(sha.slice(0, 2), sha));
    }
  });

  it('refuses a wrong signature, HEIC, TIFF, PNG and the corrupted JPEG, leaving nothing behind', async () => {
    await expectRefused(new TextEncoder().encode('GIF89a this is not a photo'), NOT_JPEG);
    for (const name of await fs.readdir(path.join(fixturePhotos, 'reject'))) {
      await expectRefused(await fixture(`reject/${name}`), NOT_JPEG);
    }
  });

  it('refuses a header claiming 20000x20000 pixels', async () => {
    await expectRefused(craftJpeg({ width: 20000, height: 20000 }), {
      error: 'De foto heeft te veel pixels (max 100 megapixel).',
      code: 'ERROR_TOO_MANY_PIXELS',
    });
  });

  it('accepts exactly 26214400 bytes and refuses 26214401', async () => {
    const atLimit = await upload(alice.client, await jpegOfSize(26_214_400));
    expect(atLimit.body).toMatchObject({ orgWidth: 640, orgHeight: 480 });
    await expectRefused(await jpegOfSize(26_214_401), TOO_BIG);
  });

  it('refuses what does not decode though its header looks right: 135 bytes claiming 8000x8000, a cut-off camera photo, arithmetic coding', async () => {
    const claim = craftJpeg({ width: 8000, height: 8000 });
    expect(claim.length).toBeLessThan(200);
    await expectRefused(claim, NOT_JPEG);
    const camera = await fixture('cameras/mobile_jolla.jpg');
    await expectRefused(camera.subarray(0, camera.length >> 1), NOT_JPEG);
    await expectRefused(await fixture('libjpeg-turbo/testimgari.jpg'), NOT_JPEG);
    // a web version is decoded too (an original alice has not uploaded before)
    await expectRefused(
      await fixture('libjpeg-turbo/testimgint.jpg'),
      NOT_JPEG,
      200,
      craftJpeg({ width: 100, height: 68 }),
    );
  });

  it("refuses a CMYK JPEG with its own message, in the customer's language", async () => {
    const cmyk = execFileSync(imageMagick(), [
      path.join(fixturePhotos, 'cameras/Canon_40D.jpg'),
      '-colorspace',
      'CMYK',
      'jpg:-',
    ]);
    await expectRefused(new Uint8Array(cmyk), {
      error: 'CMYK-foto: sla hem op als RGB.',
      code: 'ERROR_CMYK_PHOTO',
    });
    const customer = await signedInClient(server, 'decode-de');
    const { body } = await upload(customer.client, new Uint8Array(cmyk), {
      headers: { 'accept-language': 'de-DE' },
    });
    expect(body).toEqual({
      error: 'CMYK-Foto: bitte als RGB speichern.',
      code: 'ERROR_CMYK_PHOTO',
    });
  });

  it('refuses a bad web version: not a JPEG, or larger than 1024x1024', async () => {
    const original = await fixture('cameras/Nikon_D70.jpg');
    await expectRefused(original, NOT_JPEG, 200, await fixture('reject/testorig.png'));
    await expectRefused(
      original,
      {
        error: 'De webversie van de foto is groter dan 1024x1024.',
        code: 'ERROR_WEB_VERSION_TOO_LARGE',
      },
      200,
      await fixture('orientation/Landscape_2.jpg'),
    );
  });

  it('refuses a multipart body that ends without its closing boundary', async () => {
    const before = await storedFiles(server);
    const jpeg = await fixture('cameras/gps_DSCN0021.jpg');
    const boundary = 'cut-off-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const response = await alice.client.request('/api/upload?format=json', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(concat([new TextEncoder().encode(head), jpeg.subarray(0, 60_000)])),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'Het uploaden is onderbroken. Probeer het nogmaals.',
      code: 'ERROR_UPLOAD_INCOMPLETE',
    });
    expect(await storedFiles(server)).toEqual(before);
  });

  it('leaves nothing behind when the client disconnects halfway', async () => {
    const before = await storedFiles(server);
    const jpeg = await fixture('cameras/mobile_jolla.jpg');
    const boundary = 'aborted-boundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const url = new URL('/api/upload?format=json', server.url);
    await new Promise<void>((resolve) => {
      const request = http.request(url, {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + jpeg.length + 100),
          cookie: `${SESSION_COOKIE}=${alice.client.cookie(SESSION_COOKIE)}`,
        },
      });
      request.on('error', () => resolve());
      request.write(head);
      request.write(jpeg.subarray(0, 300_000), () => setTimeout(() => request.destroy(), 100));
      request.on('close', resolve);
    });
    await expect.poll(() => storedFiles(server), { timeout: 5000 }).toEqual(before);
  });

  it('refuses requests that are not a photo form', async () => {
    const noFile = await alice.client.request('/api/upload?format=json', {
      method: 'POST',
      body: (() => {
        const f = new FormData();
        f.append('t', 'computer');
        return f;
      })(),
    });
    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toMatchObject({ code: 'ERROR_NO_FILE' });
    const notMultipart = await alice.client.postForm('/api/upload?format=json', { t: 'computer' });
    expect(notMultipart.status).toBe(400);
    expect(await notMultipart.json()).toMatchObject({ code: 'ERROR_BAD_UPLOAD' });
    const badType = await upload(alice.client, await fixture('cameras/Canon_40D.jpg'), {
      fields: { t: 'camera-roll' },
    });
    expect(badType).toMatchObject({ status: 400, body: { code: 'ERROR_BAD_UPLOAD' } });
  });

  it('keeps the same bytes once and gives the same user the same photo id', async () => {
    const bytes = await fixture('cameras/Pentax_K10D.jpg');
    const sha = crypto.createHash('sha256').update(bytes).digest('hex');
    const first = await upload(alice.client, bytes);
    const second = await upload(alice.client, bytes, { fields: { x: 'another-key' } });
    expect(second.body.id).toBe(first.body.id);
    expect(second.body.key).toBe('another-key');
    const bob = await signedInClient(server);
    const bobs = await upload(bob.client, bytes);
    expect(bobs.body.id).not.toBe(first.body.id);
    expect((await storedFiles(server)).filter((file) => file.endsWith(sha))).toHaveLength(1);
    expect(
      (await listUserPhotos(server.app.db, alice.userId)).filter((photo) => photo.sha256 === sha),
    ).toHaveLength(1);
  });

  it('gives two simultaneous uploads of the same bytes one photo id', async () => {
    const bytes = await fixture('cameras/long_description.jpg');
    const [first, second] = await Promise.all([
      upload(alice.client, bytes),
      upload(alice.client, bytes),
    ]);
    expect(first.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);
  });

  it('refuses an upload without sign-in, in the browser language', async () => {
    const before = await storedFiles(server);
    const anonymous = new TestClient(server.url);
    const { status, body } = await upload(anonymous, await fixture('cameras/Canon_40D.jpg'), {
      headers: { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
    });
    expect(status).toBe(401);
    expect(body).toEqual({ error: 'Du bist nicht angemeldet.', code: 'ERROR_NOT_SIGNED_IN' });
    expect(await storedFiles(server)).toEqual(before);
  });

  it('keeps photos across a restart', async () => {
    const bytes = await fixture('cameras/Kodak_CX7530.jpg');
    const { body } = await upload(alice.client, bytes);
    server = await server.restart();
    const again = new TestClient(server.url);
    again.setCookie(SESSION_COOKIE, alice.client.cookie(SESSION_COOKIE)!);
    const photo = await again.request(`/api/photo/${body.id}/original`);
    expect(photo.status).toBe(200);
    expect(Buffer.from(await photo.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
  });
});

describe.each(backends)('POST /api/upload with PNG allowed on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { allowPng: true });
  });
  afterAll(async () => server.destroy());

  it('accepts the PNG with its IHDR size and serves it as image/png', async () => {
    const { client } = await signedInClient(server);
    const { status, body } = await upload(client, await fixture('reject/testorig.png'));
    expect(status).toBe(200);
    expect(body).toMatchObject({ orgWidth: 227, orgHeight: 149 });
    const photo = await client.request(`/api/photo/${body.id}/original`);
    expect(photo.headers.get('content-type')).toBe('image/png');
  });
});

describe('POST /api/upload when the decode cannot finish in time', () => {
  let server: TestServer;
  let alice: SignedIn;

  beforeAll(async () => {
    server = await startTestServer('pglite', { uploadDecodeTimeoutMs: 1 });
    alice = await signedInClient(server, 'alice');
  });
  afterAll(async () => server.destroy());

  it('answers 503 with a try-again message and keeps nothing', async () => {
    const { status, body } = await upload(alice.client, await fixture('cameras/mobile_jolla.jpg'));
    expect(status).toBe(503);
    expect(body).toEqual({
      error: 'De foto kon niet worden opgeslagen. Probeer het nogmaals.',
      code: 'ERROR_SERVER',
    });
    expect(await storedFiles(server)).toEqual([]);
  });
});

describe('POST /api/upload against one customer filling the shop', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite', {
      uploadQuotaPhotosPerHour: 2,
      uploadQuotaBytesPerHour: 600_000,
      uploadsPerMinute: 6,
    });
  });
  afterAll(async () => server.destroy());

  it("refuses photos past the hour's quota before reading them, and lets another customer upload", async () => {
    const alice = await signedInClient(server, 'quota-alice');
    expect((await upload(alice.client, await fixture('cameras/Canon_40D.jpg'))).status).toBe(200);
    expect((await upload(alice.client, await fixture('cameras/Nikon_D70.jpg'))).status).toBe(200);
    const before = await storedFiles(server);
    const over = await upload(alice.client, await fixture('cameras/Pentax_K10D.jpg'), {
      headers: { 'accept-language': 'en' },
    });
    expect(over.status).toBe(429);
    expect(over.body).toEqual({
      error:
        'You have uploaded the most photos allowed in the last hour. Your photos stay in your collage; please try again in an hour.',
      code: 'ERROR_UPLOAD_QUOTA',
    });
    expect(await storedFiles(server)).toEqual(before);
    // an hour later the quota is free again
    await server.app.db.query("UPDATE quota_usage SET at = now() - interval '61 minutes'");
    expect((await upload(alice.client, await fixture('cameras/Pentax_K10D.jpg'))).status).toBe(200);
    const bob = await signedInClient(server, 'quota-bob');
    expect((await upload(bob.client, await fixture('cameras/Canon_40D.jpg'))).status).toBe(200);
  });

  it('counts the bytes of the hour too', async () => {
    const carol = await signedInClient(server, 'quota-carol');
    // 723 kB in one photo: the next one is over the 600 kB of the hour
    expect(
      (await upload(carol.client, await fixture('cameras/hdr_canon_hdr_YES.jpg'))).status,
    ).toBe(200);
    const over = await upload(carol.client, await fixture('cameras/Canon_40D.jpg'));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'ERROR_UPLOAD_QUOTA' });
  });

  it('limits upload requests per customer and minute, refused ones included', async () => {
    const dave = await signedInClient(server, 'rate-dave');
    const statuses: number[] = [];
    for (let k = 0; k < 7; k++)
      statuses.push((await upload(dave.client, new TextEncoder().encode('not a photo'))).status);
    expect(statuses.slice(0, 6)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(statuses[6]).toBe(429);
    const limited = await upload(dave.client, await fixture('cameras/Canon_40D.jpg'));
    expect(limited.body).toEqual({
      error:
        "Je uploadt foto's sneller dan we ze kunnen aannemen. Wacht een minuut en probeer het opnieuw.",
      code: 'ERROR_UPLOAD_RATE',
    });
    // another customer has a count of its own
    const erin = await signedInClient(server, 'rate-erin');
    expect((await upload(erin.client, await fixture('cameras/Canon_40D.jpg'))).status).toBe(200);
  });
});
