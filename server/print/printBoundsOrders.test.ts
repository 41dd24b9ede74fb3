/**
 * An order's print within its bounds (issue 26 item 1), over HTTP against a real database, as an
 * attacker would try it: a photo made to be slow to decode that the upload still takes, in every
 * slot of a collage, printed under a low time bound: the order fails with PRINT_TIMEOUT within the
 * bound and some slack, its tile threads are gone, the cart says why in the customer's language,
 * and the next order prints under the default bounds. A plan over the memory bound fails before
 * any tile thread starts (PRINT_TOO_HEAVY).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { repeatedScanJpeg } from '../test/craftProgressive.js';
import { gridCollageXml } from '../test/colourCollage.js';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { orderedCollageXml, orderOf, saveForOrder, settled } from '../test/orders.js';
import { screenshotFixture, signedInClient } from '../test/seed.js';
import { countThreads, waitUntil } from '../test/threads.js';
import { fixture, upload } from '../test/uploads.js';
import { DEFAULT_PRINT_BOUNDS, type PrintBounds } from './printBounds.js';
import { THREAD_NAMES } from './threadName.js';

/** A bound far below what the slow collage takes (11.6 s at load 4.5), above what planning takes. */
const LOW_BOUNDS: PrintBounds = {
  ...DEFAULT_PRINT_BOUNDS,
  baseMs: 1500,
  msPerM2: 0,
  msPerMegapixel: 0,
};
/** The tile threads name themselves: an upload's decode threads had Node's default name too. */
const TILE_THREAD = THREAD_NAMES.printTile;

describe.each(backends)('print bounds of an order on %s', (backend) => {
  let server: TestServer;
  let screenshot: string;
  beforeAll(async () => {
    server = await startTestServer(backend, { printBounds: LOW_BOUNDS });
    screenshot = await screenshotFixture();
  });
  afterAll(async () => server.destroy());

  async function uploaded(client: Parameters<typeof upload>[0], bytes: Uint8Array) {
    // the upload's decode has its own time bound: on a loaded test machine it may answer 503
    // (try again), which a customer's editor would retry; this test is not about that bound
    let answer = await upload(client, bytes);
    for (let tries = 1; answer.status === 503 && tries < 3; tries += 1)
      answer = await upload(client, bytes);
    expect(answer.status).toBe(200);
    const { body } = answer;
    return { id: String(body.id), width: Number(body.orgWidth), height: Number(body.orgHeight) };
  }

  it(
    'stops a slow print at its time bound, frees its threads, says why in the cart, and prints the next order',
    { timeout: 400_000 },
    async () => {
      const { client } = await signedInClient(server);
      // issue 26's file (Y sampled 4x1, one AC scan repeated) with as many repeats as the upload's
      // 16 walks a block allow (1 + 22 x 4/6 = 15.7): 6 MP in 18 KB (a larger one can miss the
      // upload's decode bound of 1 s plus 0.6 s a MiB on a loaded machine), in 12 slots of a
      // 100x70 cm sheet (each photo decoded whole). On the 30x30 sheet this test first used, the
      // unbounded print got ready 1.4 s after its tile threads started on Node 24 (load 4): under
      // the 1.5 s bound, and CI failed on it; on 100x70 it took 11.6 s (load 4.5)
      const slow = repeatedScanJpeg(3000, 2000, 22);
      expect(inspectJpeg(slow)).toEqual({ ok: true, format: 'jpeg', width: 3000, height: 2000 });
      const photo = await uploaded(client, slow);
      const idleTiles = countThreads(TILE_THREAD);

      const collageId = await saveForOrder(
        client,
        await gridCollageXml('10104', Array(12).fill(photo), 'Zomer 2026', screenshot),
      );
      const orderId = await orderOf(server, collageId);
      // its tile threads start, decoding the slow photo into the bound
      await waitUntil(() => countThreads(TILE_THREAD) > idleTiles, 60_000, 'printing');
      const printing = Date.now();
      expect(await settled(server, orderId)).toEqual({
        status: 'failed',
        printFile: null,
        printError: 'PRINT_TIMEOUT',
      });
      // the bound counts from the print's start in its worker, before its tile threads start
      expect(Date.now() - printing).toBeLessThan(LOW_BOUNDS.baseMs + 10_000);
      // failed only once its tile threads were terminated; the print thread stays for the next order
      expect(countThreads(TILE_THREAD)).toBeLessThanOrEqual(idleTiles);
      expect(countThreads('print-worker')).toBe(1);

      const cart = async (lang: string) =>
        (await client.request(`/cart/fromApp?collageid=${collageId}&lang=${lang}`)).text();
      expect(await cart('nl')).toContain(
        '<dd class="print-failed">Mislukt: het maken van het drukbestand duurde te lang. Probeer andere foto&#39;s of neem contact met ons op.</dd>',
      );
      expect(await cart('en')).toContain(
        '<dd class="print-failed">Failed: making the print file took too long. Try other photos or contact us.</dd>',
      );
      expect((await client.request(`/cart/print/${orderId}.jpg`)).status).toBe(404);

      // the same print thread takes the next order, under the default bounds
      server.app.printQueue.bounds = DEFAULT_PRINT_BOUNDS;
      const camera = await uploaded(client, await fixture('cameras/Canon_40D.jpg'));
      const nextId = await saveForOrder(
        client,
        await orderedCollageXml([camera, camera], screenshot),
      );
      expect(await settled(server, await orderOf(server, nextId))).toMatchObject({
        status: 'ready',
      });
      expect(countThreads('print-worker')).toBe(1);
      server.app.printQueue.bounds = LOW_BOUNDS;
    },
  );

  it('refuses a print whose plan is over the memory bound before any tile thread starts', async () => {
    const { client } = await signedInClient(server);
    const camera = await uploaded(client, await fixture('cameras/Nikon_D70.jpg'));
    // a tile thread at rest is already 128 MB of CanvasKit
    server.app.printQueue.bounds = { ...DEFAULT_PRINT_BOUNDS, memoryBytes: 100 * 1024 * 1024 };
    try {
      const idleTiles = countThreads(TILE_THREAD);
      const collageId = await saveForOrder(client, await orderedCollageXml([camera], screenshot));
      expect(await settled(server, await orderOf(server, collageId))).toEqual({
        status: 'failed',
        printFile: null,
        printError: 'PRINT_TOO_HEAVY',
      });
      expect(countThreads(TILE_THREAD)).toBeLessThanOrEqual(idleTiles);
      const cart = await (
        await client.request(`/cart/fromApp?collageid=${collageId}&lang=de`)
      ).text();
      expect(cart).toContain(
        '<dd class="print-failed">Fehlgeschlagen: Die Fotos sind zu groß für diese Druckdatei. Verwende kleinere Fotos oder kontaktiere uns.</dd>',
      );
    } finally {
      server.app.printQueue.bounds = LOW_BOUNDS;
    }
  });
});
