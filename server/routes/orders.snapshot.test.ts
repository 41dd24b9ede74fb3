/**
 * An order prints what was ordered (issue 26: the shop never shows one thing and prints another):
 * the customer orders a collage, saves it again (another size, other photos, another title) before
 * its print has run, and the print, the order and the cart still say what was ordered. The print is
 * held (its start recorded, not run) until the collage was saved again, then run by the real queue:
 * in this process on PGlite, a durable job on PostgreSQL.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderPrintState } from '../db/orders.js';
import { cartOf } from '../test/cartPage.js';
import {
  BLUE,
  GREEN,
  gridCollageXml,
  LANDSCAPE,
  ONE_SLOT,
  printColours,
  RED,
  saveCollageXml,
  SQUARE,
  uploadFlatPhoto,
} from '../test/colourCollage.js';
import { backends, startTestServer, type TestServer } from '../test/helper.js';
import { signedInClient } from '../test/seed.js';

describe.each(backends)('an order prints the collage as it was ordered on %s', (backend) => {
  let server: TestServer;
  const held: number[] = [];
  let printForReal: (orderId: number) => Promise<void>;
  beforeAll(async () => {
    server = await startTestServer(backend, { ordersPrintingPerCustomer: 1000 }, {}, (app) => {
      printForReal = app.printOrders.print.bind(app.printOrders);
      app.printOrders.print = async (orderId) => {
        held.push(orderId);
      };
    });
  }, 180_000);
  afterAll(async () => server?.destroy());

  /** Lets the held print of the order run on the real queue; its print file once it is ready. */
  async function releasePrint(orderId: number): Promise<Uint8Array> {
    expect(held).toContain(orderId);
    expect(await orderPrintState(server.app.db, orderId)).toMatchObject({ status: 'new' });
    await printForReal(orderId);
    await server.app.printOrders.idle();
    const state = await orderPrintState(server.app.db, orderId);
    expect(state).toMatchObject({ status: 'ready', printError: null });
    return new Uint8Array(await fs.readFile(path.join(server.config.printDir, state!.printFile!)));
  }

  async function photoSha256(photoId: string): Promise<string> {
    const [row] = await server.app.db.query<{ sha256: string }>(
      'SELECT sha256 FROM photos WHERE id = $1',
      [photoId],
    );
    return row!.sha256;
  }

  it(
    'prints the ordered 30 x 30 cm with its photo after the collage was saved at 40 x 30 with another photo, and the cart says 30 x 30',
    { timeout: 300_000 },
    async () => {
      const { client } = await signedInClient(server);
      const red = await uploadFlatPhoto(client, RED);
      const blue = await uploadFlatPhoto(client, BLUE);
      const orderedXml = await gridCollageXml(SQUARE, [red], 'Zomer 2026');
      const ordered = await saveCollageXml(client, orderedXml, { forOrder: true });
      const orderId = ordered.orderid!;
      expect(ordered.alreadyordered).toBe(false);

      const changedXml = await gridCollageXml(LANDSCAPE, [blue], 'Winter 2027');
      const changed = await saveCollageXml(client, changedXml, {
        forOrder: false,
        collageId: ordered.collageid,
      });
      expect(changed).toEqual({ collageid: ordered.collageid });

      const print = await printColours(await releasePrint(orderId), [RED, BLUE]);
      expect(print).toMatchObject({ widthPx: 3543, heightPx: 3543 });
      expect(print.shares[0]).toBeGreaterThan(ONE_SLOT);
      expect(print.shares[1]).toBe(0);

      // the order keeps the document it was placed with: the one its digest names
      const [row] = await server.app.db.query<{ collage_xml: string; document_sha256: string }>(
        'SELECT collage_xml, document_sha256 FROM orders WHERE id = $1',
        [orderId],
      );
      expect(row!.collage_xml).toBe(orderedXml);
      expect(crypto.createHash('sha256').update(row!.collage_xml).digest('hex')).toBe(
        row!.document_sha256,
      );
      expect(await cartOf(client, ordered.collageid)).toMatchObject({
        Bestelnummer: String(orderId),
        Formaat: '30 x 30 cm',
        Prijs: '€ 22,95',
      });

      // ordering the changed collage is a new order of its own, printed as it is now
      const again = await saveCollageXml(client, changedXml, {
        forOrder: true,
        collageId: ordered.collageid,
      });
      expect(again.alreadyordered).toBe(false);
      expect(again.orderid).toBeGreaterThan(orderId);
      expect(await cartOf(client, ordered.collageid)).toMatchObject({
        Bestelnummer: String(again.orderid),
        Formaat: '40 x 30 cm',
      });
      const reordered = await printColours(await releasePrint(again.orderid!), [RED, BLUE]);
      expect(reordered).toMatchObject({ widthPx: 4724, heightPx: 3543 });
      expect(reordered.shares[0]).toBe(0);
      expect(reordered.shares[1]).toBeGreaterThan(ONE_SLOT);
    },
  );

  it(
    'prints a photo the collage dropped after ordering, and keeps it: an order’s photo cannot be deleted',
    { timeout: 300_000 },
    async () => {
      const { client } = await signedInClient(server);
      const red = await uploadFlatPhoto(client, RED);
      const green = await uploadFlatPhoto(client, GREEN);
      const ordered = await saveCollageXml(
        client,
        await gridCollageXml(SQUARE, [red, green], 'Zomer 2026'),
        { forOrder: true },
      );
      await saveCollageXml(client, await gridCollageXml(SQUARE, [red], 'Zomer 2026'), {
        forOrder: false,
        collageId: ordered.collageid,
      });
      const links = await server.app.db.query('SELECT 1 FROM collage_photos WHERE photo_id = $1', [
        green.id,
      ]);
      expect(links).toHaveLength(0);

      // nothing links the green photo to a collage any more; its order still keeps it
      await expect(
        server.app.db.query('DELETE FROM photos WHERE id = $1', [green.id]),
      ).rejects.toThrow(/order_photos/);
      expect(await server.app.photoStore.has(await photoSha256(green.id))).toBe(true);

      const print = await printColours(await releasePrint(ordered.orderid!), [RED, GREEN]);
      expect(print.shares[0]).toBeGreaterThan(ONE_SLOT);
      expect(print.shares[1]).toBeGreaterThan(ONE_SLOT);
      // printed, it is kept still: a shop reprints
      await expect(
        server.app.db.query('DELETE FROM photos WHERE id = $1', [green.id]),
      ).rejects.toThrow(/order_photos/);
    },
  );
});
