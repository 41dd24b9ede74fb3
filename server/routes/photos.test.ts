import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { signedInClient, type SignedIn } from '../test/signedInClient.js';
import { fixture, upload } from '../test/uploads.js';
import { concat, craftJpeg } from '../test/craftJpeg.js';
import { insertPhotoOnce } from '../db/photos.js';

type FileAnswer = { error: boolean; msg: string; dataurl?: string; code?: string };

async function readFile(client: TestClient, id: string, headers: Record<string, string> = {}) {
  const response = await client.request('/api/file?format=json', {
    method: 'POST',
    body: new URLSearchParams({ id }),
    headers,
  });
  return { status: response.status, body: (await response.json()) as FileAnswer };
}

const NO_ACCESS = {
  error: true,
  msg: 'Je hebt geen toegang tot deze foto.',
  code: 'ERROR_NO_FILE_ACCESS',
};

describe.each(backends)('photo reads on %s', (backend) => {
  let server: TestServer;
  let alice: SignedIn;
  let bob: SignedIn;
  let original: Uint8Array;
  let web: Uint8Array;
  let photoId: number;

  beforeAll(async () => {
    server = await startTestServer(backend);
    alice = await signedInClient(server);
    bob = await signedInClient(server);
    original = await fixture('orientation/Landscape_3.jpg');
    web = await fixture('cameras/Canon_40D.jpg');
    const { body } = await upload(alice.client, original, { web });
    photoId = body.id as number;
  });
  afterAll(async () => server.destroy());

  it('serves the owner the web version and the original, private and cacheable', async () => {
    for (const [variant, bytes] of [
      ['web', web],
      ['original', original],
    ] as const) {
      const response = await alice.client.request(`/api/photo/${photoId}/${variant}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/jpeg');
      expect(response.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');
      expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);
      const etag = response.headers.get('etag')!;
      const again = await alice.client.request(`/api/photo/${photoId}/${variant}`, {
        headers: { 'if-none-match': etag },
      });
      expect(again.status).toBe(304);
    }
  });

  it("answers another user's photo exactly like a missing one", async () => {
    const theirs = await bob.client.request(`/api/photo/${photoId}/web`);
    const missing = await bob.client.request(`/api/photo/999999999/web`);
    expect(theirs.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(await theirs.text()).toBe(await missing.text());
    expect((await bob.client.request(`/api/photo/${photoId}/original`)).status).toBe(404);
    for (const malformed of ['1e3', '-1', '0', '12345678901234567890'])
      expect((await bob.client.request(`/api/photo/${malformed}/web`)).status).toBe(404);
    expect((await new TestClient(server.url).request(`/api/photo/${photoId}/web`)).status).toBe(
      401,
    );
  });

  it('file service: the owner gets the web version as a data URL', async () => {
    const { status, body } = await readFile(alice.client, String(photoId));
    expect(status).toBe(200);
    expect(body.error).toBe(false);
    expect(body.msg).toBe('');
    expect(body.dataurl!.startsWith('data:image/jpeg;base64,')).toBe(true);
    expect(Buffer.from(body.dataurl!.split(',')[1]!, 'base64').equals(Buffer.from(web))).toBe(true);
  });

  it("file service: another user's, a missing, a malformed id and no sign-in all answer 404 no access", async () => {
    for (const [client, id] of [
      [bob.client, String(photoId)],
      [bob.client, '424242'],
      [alice.client, 'abc'],
      [new TestClient(server.url), String(photoId)],
    ] as const) {
      expect(await readFile(client, id)).toEqual({ status: 404, body: NO_ACCESS });
    }
    expect(
      (await readFile(bob.client, String(photoId), { 'accept-language': 'fr' })).body.msg,
    ).toBe("Vous n'avez pas accès à cette photo.");
  });

  it('file service: bytes lost from the store answer 500 could not be loaded, and so does the photo GET', async () => {
    const bytes = await fixture('cameras/Nikon_D70.jpg');
    const { body } = await upload(alice.client, bytes);
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    await fs.rm(path.join(server.config.dataDir, 'photos', server.app.photoStore.path(sha256)));
    expect(await readFile(alice.client, String(body.id))).toEqual({
      status: 500,
      body: {
        error: true,
        msg: 'De foto kon niet worden geladen.',
        code: 'ERROR_IMAGE_COULD_NOT_BE_LOADED',
      },
    });
    expect((await alice.client.request(body.src as string)).status).toBe(500);
  });

  it('file service: a stored file over 25 MB answers file too big', async () => {
    const big = concat([craftJpeg({ width: 64, height: 64 }), new Uint8Array(26_214_401)]);
    const { sha256, bytes } = await server.app.photoStore.put(
      (async function* () {
        yield big;
      })(),
    );
    const { photo } = await insertPhotoOnce(server.app.db, {
      userId: alice.userId,
      sha256,
      byteSize: bytes,
      format: 'jpeg',
      orgWidth: 64,
      orgHeight: 64,
      webSha256: null,
      webWidth: null,
      webHeight: null,
      photoType: 'computer',
      uniqueKey: null,
      suggestedRotation: 0,
    });
    expect(await readFile(alice.client, String(photo.id))).toEqual({
      status: 200,
      body: { error: true, msg: 'Het bestand is te groot (max 25MB).', code: 'ERROR_FILE_TO_BIG' },
    });
  });
});

describe.each(backends)('file service with PNG allowed on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend, { allowPng: true });
  });
  afterAll(async () => server.destroy());

  it('answers not a valid jpeg image for a PNG without a web version', async () => {
    const { client } = await signedInClient(server);
    const { body } = await upload(client, await fixture('reject/testorig.png'));
    expect(await readFile(client, String(body.id))).toEqual({
      status: 200,
      body: {
        error: true,
        msg: 'Dit is geen geldige jpeg-afbeelding.',
        code: 'ERROR_NO_JPG_IMAGE',
      },
    });
  });
});
