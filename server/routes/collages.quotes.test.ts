import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCollageXml, writeCollageXml } from '../../src/model/document/collageXml.js';
import { inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { fixtureRoot, settle } from '../../tests/support/stores/collageFixture.js';
import { orderPrintState } from '../db/orders.js';
import type { PrintInput } from '../print/printMaster.js';
import { backends, startTestServer, type TestClient, type TestServer } from '../test/helper.js';
import { signedInClient } from '../test/seed.js';
import { fixture, upload } from '../test/uploads.js';
import { PHOTOS_NOT_AVAILABLE } from './collages.js';

/**
 * A quote image ('Spreuken') is the shop's own picture: a collage names it by its quote id (q1, or
 * en-q1 for the English picture), the save takes the ids the catalog knows and refuses the rest, the
 * load answers them with their catalog images, and the print reads their originals from the catalog.
 */

type SaveAnswer = { collageid?: number; orderid?: number; error?: string; photos?: string[] };
type LoadAnswer = {
  collagexml: string;
  photos: { id: number | string; src: string; type: string; text?: string }[];
};

/** Template 101 (alleven) at 30 x 30 cm: the smallest standard sheet of the grid. */
const SQUARE = '10108';
const QUOTE = { widthPx: 1024, heightPx: 1024 };

/** A 30 x 30 cm poster of template 101 made in the editor store, with these photos in img1, img2, … */
async function collageWith(photos: Record<string, { widthPx: number; heightPx: number }>) {
  const { root } = await fixtureRoot({ photos });
  root.design.open('101');
  root.design.commit();
  await settle();
  expect(root.collage.chooseSize(SQUARE)).toBe(true);
  Object.keys(photos).forEach((id, index) => root.collage.placePhoto(`img${index + 1}`, id));
  await settle();
  return writeCollageXml(root.collage.toDocument((id) => id)!);
}

function save(client: TestClient, xml: string, extra: Record<string, string> = {}) {
  return client.postFormJson<SaveAnswer>('/api/save?format=json&lang=nl', {
    collagexml: xml,
    editor: '2',
    editor_version: '1',
    templateid: '101',
    ...extra,
  });
}

describe.each(backends)('a collage with quote images on %s', (backend) => {
  let server: TestServer;
  let printForReal: (orderId: number) => Promise<void>;
  const printed: PrintInput[] = [];
  beforeAll(async () => {
    server = await startTestServer(backend, { ordersPrintingPerCustomer: 1000 }, {}, (app) => {
      printForReal = app.printOrders.print.bind(app.printOrders);
      // Only the one order of the print test is printed for real.
      app.printOrders.print = async () => undefined;
      const submit = app.printQueue.submit.bind(app.printQueue);
      app.printQueue.submit = (input) => {
        printed.push(input);
        return submit(input);
      };
    });
  }, 180_000);
  afterAll(async () => server?.destroy());

  async function customerWithPhoto() {
    const { client } = await signedInClient(server);
    const { status, body } = await upload(client, await fixture('cameras/Canon_40D.jpg'));
    expect(status).toBe(200);
    return {
      client,
      photo: {
        id: String(body.id),
        size: { widthPx: Number(body.orgWidth), heightPx: Number(body.orgHeight) },
      },
    };
  }

  it(
    'saves a collage with a Dutch and an English quote beside an uploaded photo, loads it back with the quotes’ images, orders and prints it',
    { timeout: 240_000 },
    async () => {
      const { client, photo } = await customerWithPhoto();
      const xml = await collageWith({ q1: QUOTE, [photo.id]: photo.size, 'en-q1': QUOTE });
      const saved = await save(client, xml);
      expect(saved).toEqual({ status: 200, body: { collageid: expect.any(Number) } });
      const collageId = String(saved.body.collageid);

      const loaded = await client.postFormJson<LoadAnswer>('/api/load?format=json', {
        collageid: collageId,
      });
      expect(loaded.status).toBe(200);
      expect(loaded.body.collagexml).toBe(xml);
      expect(loaded.body.photos).toHaveLength(3);
      expect(loaded.body.photos).toEqual(
        expect.arrayContaining([
          {
            id: 'q1',
            src: '/catalog/quotes/q1.jpg',
            orgWidth: 1024,
            orgHeight: 1024,
            webWidth: 1024,
            webHeight: 1024,
            type: 'other',
            unique: 'quote-q1',
            suggestedRotation: 0,
            text: 'Geniet van de kleine dingen',
          },
          expect.objectContaining({ id: Number(photo.id), type: 'computer' }),
          {
            id: 'en-q1',
            src: '/catalog/quotes/en/q1.jpg',
            orgWidth: 1024,
            orgHeight: 1024,
            webWidth: 1024,
            webHeight: 1024,
            type: 'other',
            unique: 'quote-en-q1',
            suggestedRotation: 0,
            text: 'Enjoy the little things',
          },
        ]),
      );
      // In the document's order, as the photos of every load.
      const listed = readCollageXml(xml, { hasTemplate: () => true });
      if (!listed.ok) throw new Error(listed.detail);
      expect(loaded.body.photos.map((answer) => String(answer.id))).toEqual(listed.document.photos);
      // The quote's address is the catalog's picture itself.
      const image = await client.request(loaded.body.photos[2]!.src);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toMatch(/^image\/jpeg/);

      // Ordered: the print reads each quote's original from its catalog folder.
      const ordered = await save(client, xml, { fororder: 'true', collageid: collageId });
      expect(ordered.status).toBe(200);
      const orderId = ordered.body.orderid!;
      await printForReal(orderId);
      await server.app.printOrders.idle();
      const state = await orderPrintState(server.app.db, orderId);
      expect(state).toMatchObject({ status: 'ready' });
      const originals = printed.at(-1)!.originals;
      expect(Object.keys(originals).sort()).toEqual([photo.id, 'en-q1', 'q1'].sort());
      const catalogFile = (file: string) => fs.readFile(path.resolve('catalog/quotes', file));
      expect(Buffer.from(originals.q1!)).toEqual(await catalogFile('q1.jpg'));
      expect(Buffer.from(originals['en-q1']!)).toEqual(await catalogFile('en/q1.jpg'));
      const jpeg = await fs.readFile(path.join(server.config.printDir, state!.printFile!));
      expect(inspectJpeg(new Uint8Array(jpeg))).toMatchObject({
        ok: true,
        width: 3543,
        height: 3543,
      });
    },
  );

  it('refuses quote ids the catalog does not have with the spec’s error, and saves nothing', async () => {
    const { client } = await signedInClient(server);
    for (const unknown of ['q999', 'en-q999', 'xx-q1', 'quote-q1']) {
      const xml = await collageWith({ q1: QUOTE, [unknown]: QUOTE });
      expect(await save(client, xml), unknown).toEqual({
        status: 400,
        body: { error: PHOTOS_NOT_AVAILABLE, photos: [unknown] },
      });
    }
    const list = await client.postFormJson<{ collages: unknown[] }>('/api/list?format=json', {});
    expect(list.body.collages).toEqual([]);
  });
});
