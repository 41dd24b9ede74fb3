import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPrintState } from '../db/orders.js';
import { inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { loadNodePhotoCodec } from '../../workers/codec/nodeCodec.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { screenshotFixture, seedPhoto, signedInClient } from '../test/seed.js';
import { fixture, upload } from '../test/uploads.js';
import {
  orderedCollageXml,
  orderOf,
  ORDER_WAIT_MS,
  saveForOrder as save,
  settled,
} from '../test/orders.js';
import { readJfifDensity } from './jfif.js';

describe.each(backends)('print master of an order on %s', (backend) => {
  let server: TestServer;
  let screenshot: string;
  beforeAll(async () => {
    server = await startTestServer(backend);
    screenshot = await screenshotFixture();
  });
  afterAll(async () => server.destroy());

  it(
    'renders the ordered collage in the background and lets only its owner download it',
    { timeout: ORDER_WAIT_MS + 30_000 },
    async () => {
      const { client } = await signedInClient(server);
      const uploaded = [];
      for (const name of ['cameras/Canon_40D.jpg', 'cameras/Nikon_D70.jpg']) {
        const { status, body } = await upload(client, await fixture(name));
        expect(status).toBe(200);
        uploaded.push({
          id: String(body.id),
          width: Number(body.orgWidth),
          height: Number(body.orgHeight),
        });
      }
      const collageId = await save(client, await orderedCollageXml(uploaded, screenshot));
      const orderId = await orderOf(server, collageId);
      // The save answered before the print was done.
      expect(['new', 'printing']).toContain(
        (await orderPrintState(server.app.db, orderId))?.status,
      );
      const preparing = await (await client.request(`/cart/fromApp?collageid=${collageId}`)).text();
      expect(preparing).toContain(
        '<dt>Drukbestand</dt><dd class="print-preparing">Wordt voorbereid…</dd>',
      );
      expect(preparing).not.toContain(`/cart/print/${orderId}.jpg`);

      const state = await settled(server, orderId);
      expect(state).toEqual({ status: 'ready', printFile: `${orderId}.jpg`, printError: null });

      const cart = await (
        await client.request(`/cart/fromApp?collageid=${collageId}&lang=en`)
      ).text();
      expect(cart).toContain(
        `<dd class="print-ready">Ready <a href="/cart/print/${orderId}.jpg" download>Download the print file</a></dd>`,
      );

      const download = await client.request(`/cart/print/${orderId}.jpg`);
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('image/jpeg');
      expect(download.headers.get('content-disposition')).toBe(
        `attachment; filename="fotocollage-${orderId}.jpg"`,
      );
      const jpeg = new Uint8Array(await download.arrayBuffer());
      // 30 cm at 300 dpi: round(30 / 2.54 * 300) px each way.
      expect(inspectJpeg(jpeg)).toMatchObject({ ok: true, width: 3543, height: 3543 });
      expect(readJfifDensity(jpeg)).toEqual({ units: 1, x: 300, y: 300 });
      // the master's parts, written one after another, are the whole file: it ends, and decodes
      expect([...jpeg.subarray(-2)]).toEqual([0xff, 0xd9]);
      const decoded = (await loadNodePhotoCodec()).decodeToFit(jpeg, 64, 64);
      expect(decoded.ok && [decoded.value.width, decoded.value.height]).toEqual([64, 64]);

      const other = await signedInClient(server);
      expect((await other.client.request(`/cart/print/${orderId}.jpg`)).status).toBe(404);
      expect((await client.request(`/cart/print/${orderId + 1000}.jpg`)).status).toBe(404);
      expect((await client.request(`/cart/print/${orderId}.png`)).status).toBe(404);
      expect((await new TestClient(server.url).request(`/cart/print/${orderId}.jpg`)).status).toBe(
        401,
      );
    },
  );

  it('records a failed print when an original is missing, and offers no download', async () => {
    const { client, user } = await signedInClient(server);
    // A photo row whose file is not in the photo store.
    const photo = await seedPhoto(server.app.db, user.userId, { orgWidth: 3000, orgHeight: 2000 });
    const collageId = await save(
      client,
      await orderedCollageXml([{ id: String(photo), width: 3000, height: 2000 }], screenshot),
    );
    const orderId = await orderOf(server, collageId);
    expect(await settled(server, orderId)).toEqual({
      status: 'failed',
      printFile: null,
      printError: 'MISSING_PHOTO',
    });
    const cart = await (
      await client.request(`/cart/fromApp?collageid=${collageId}&lang=de`)
    ).text();
    expect(cart).toContain('<dd class="print-failed">Fehlgeschlagen: bitte kontaktiere uns.</dd>');
    expect((await client.request(`/cart/print/${orderId}.jpg`)).status).toBe(404);

    // A print the server was stopped in the middle of starts again when it comes back.
    await server.app.db.query(
      "UPDATE orders SET status = 'printing', print_error = NULL WHERE id = $1",
      [orderId],
    );
    server = await server.restart();
    expect(await settled(server, orderId)).toEqual({
      status: 'failed',
      printFile: null,
      printError: 'MISSING_PHOTO',
    });
  });
});
