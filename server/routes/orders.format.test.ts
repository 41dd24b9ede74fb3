import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customSizePrice, customTemplateAnswer } from '../../src/model/catalog/customTemplate.js';
import type { Template } from '../../src/model/catalog/types.js';
import { writeCollageXml } from '../../src/model/document/collageXml.js';
import { inspectJpeg } from '../../src/model/photos/jpegHeader.js';
import { fixtureRoot, settle } from '../../tests/support/stores/collageFixture.js';
import { warningText } from '../catalog/warningTexts.js';
import { findCollageXml } from '../db/collages.js';
import { orderPrintState } from '../db/orders.js';
import { formatPrice } from '../pages/chrome.js';
import { planStoredCollage } from '../print/collagePrintInput.js';
import { loadTemplateXml } from '../print/printJob.js';
import { printSizePx } from '../print/printMaster.js';
import { cartOf } from '../test/cartPage.js';
import { backends, startTestServer, type TestClient, type TestServer } from '../test/helper.js';
import { signedInClient } from '../test/seed.js';
import { fixture, upload } from '../test/uploads.js';

type Answer = { collageid?: number; orderid?: number; error?: string; key?: string };

const PARSE_ERROR = "Couldn't parse the xml data";
const PRINT_DPI = 300;
/** Template 101 (alleven): 30 x 30 cm is child 10108 at € 22,95, 100 x 70 cm is child 10104. */
const SQUARE = '10108';
const LARGE = '10104';

/** A 30 x 30 cm poster of template 101 made in the editor store, with these photos in its first slots. */
async function squareCollage(photos: { id: number; width: number; height: number }[]) {
  const facts = Object.fromEntries(
    photos.map((photo) => [String(photo.id), { widthPx: photo.width, heightPx: photo.height }]),
  );
  const { root } = await fixtureRoot({ photos: facts });
  root.design.open('101');
  root.design.commit();
  await settle();
  expect(root.collage.chooseSize(SQUARE)).toBe(true);
  photos.forEach((photo, index) => root.collage.placePhoto(`img${index + 1}`, String(photo.id)));
  await settle();
  return writeCollageXml(root.collage.toDocument((id) => id)!);
}

/** The same document with its child id and its page's measures as an attacker writes them. */
function crafted(xml: string, change: { child?: string; width?: number; height?: number }) {
  let out = xml;
  if (change.child !== undefined)
    out = out.replace(
      /<childTemplateId>[^<]*<\/childTemplateId>/,
      `<childTemplateId>${change.child}</childTemplateId>`,
    );
  if (change.width !== undefined)
    out = out.replace(/(<userdata[^>]* width=")[^"]*"/, `$1${change.width}"`);
  if (change.height !== undefined)
    out = out.replace(/(<userdata[^>]* height=")[^"]*"/, `$1${change.height}"`);
  expect(out).not.toBe(xml);
  return out;
}

async function order(client: TestClient, xml: string): Promise<{ status: number; body: Answer }> {
  return client.postFormJson<Answer>('/api/save?format=json&lang=nl', {
    collagexml: xml,
    editor: '2',
    editor_version: '1',
    fororder: 'true',
    templateid: '101',
  });
}

const nbsp = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe.each(backends)('what is ordered, printed and shown in the cart on %s', (backend) => {
  let server: TestServer;
  let template: Template;
  /** Orders whose print was asked for; only the one test that checks the pixels really prints. */
  const printsAsked: number[] = [];
  let printForReal: (orderId: number) => Promise<void>;
  beforeAll(async () => {
    server = await startTestServer(backend, { ordersPrintingPerCustomer: 1000 }, {}, (app) => {
      printForReal = app.printOrders.print.bind(app.printOrders);
      app.printOrders.print = async (orderId) => {
        printsAsked.push(orderId);
      };
    });
    template = (await server.app.catalog.template('101'))!;
  }, 180_000);
  afterAll(async () => server?.destroy());

  async function customer() {
    const { client, user } = await signedInClient(server);
    const photos = [];
    for (const name of ['cameras/Canon_40D.jpg', 'cameras/Nikon_D70.jpg']) {
      const { status, body } = await upload(client, await fixture(name));
      expect(status).toBe(200);
      photos.push({
        id: Number(body.id),
        width: Number(body.orgWidth),
        height: Number(body.orgHeight),
      });
    }
    return { client, userId: user.userId, xml: await squareCollage(photos) };
  }

  async function orderCount(userId: number): Promise<number> {
    const [row] = await server.app.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM orders WHERE user_id = $1',
      [userId],
    );
    return Number(row?.n);
  }

  /** The plan the print makes of the stored collage: its size in pixels at the print's dpi. */
  async function printedSize(userId: number, collageId: number) {
    const xml = (await findCollageXml(server.app.db, userId, collageId))!;
    const templates = new Map((await server.app.catalog.templates()).map((t) => [t.id, t]));
    const planned = await planStoredCollage(xml, {
      templateOf: (id) => templates.get(id),
      loadTemplateXml: (file) => loadTemplateXml(server.app.catalog, file),
    });
    if (!planned.ok) throw new Error(`not printable: ${planned.kind}`);
    return printSizePx(planned.plan.layout, PRINT_DPI);
  }

  it(
    'refuses a child size whose page says other measures with the spec’s error, one by one and eight at once, and takes no order',
    { timeout: 120_000 },
    async () => {
      const { client, userId, xml } = await customer();
      const contradictions = [
        crafted(xml, { width: 100, height: 70 }), // the 30x30 child, a page of 100x70
        crafted(xml, { child: LARGE }), // the 100x70 child, a page of 30x30
        crafted(xml, { width: 30.5 }),
      ];
      for (const document of contradictions) {
        expect(await order(client, document)).toEqual({
          status: 400,
          body: { error: PARSE_ERROR, key: 'order.sizeContradiction' },
        });
      }
      const atOnce = await Promise.all(
        Array.from({ length: 8 }, () => order(client, contradictions[0]!)),
      );
      expect(atOnce.map((answer) => answer.status)).toEqual(Array(8).fill(400));
      expect(await orderCount(userId)).toBe(0);
    },
  );

  it(
    'refuses custom 150x100 with an empty child id with the spec’s size warning',
    { timeout: 120_000 },
    async () => {
      const { client, userId, xml } = await customer();
      const rule = customTemplateAnswer(template, '150', '100');
      if (rule.ok) throw new Error('150 x 100 is within the rules');
      for (const child of ['', '999999999999', 'a-size-the-catalog-dropped']) {
        const answer = await order(client, crafted(xml, { child, width: 150, height: 100 }));
        expect(answer, child).toEqual({
          status: 400,
          body: { error: warningText(rule.warning, 'nl'), key: rule.warning.key },
        });
      }
      expect(await orderCount(userId)).toBe(0);
    },
  );

  it(
    'takes 101x70 with an empty child id as the custom size it is: printed, priced and shown as 101 x 70 cm',
    { timeout: 120_000 },
    async () => {
      const { client, userId, xml } = await customer();
      const answer = await order(client, crafted(xml, { child: '', width: 101, height: 70 }));
      expect(answer.status).toBe(200);
      expect(printsAsked).toContain(answer.body.orderid);
      const collageId = answer.body.collageid!;
      // 101 x 70 cm at 300 dpi, not the template's default 50 x 40
      expect(await printedSize(userId, collageId)).toEqual({ widthPx: 11929, heightPx: 8268 });
      const price = customSizePrice(template, 101, 70)!;
      expect(await cartOf(client, collageId)).toMatchObject({
        Formaat: '101 x 70 cm',
        Materiaal: 'Poster',
        Prijs: nbsp(formatPrice('nl', price)),
      });
      expect(await orderCount(userId)).toBe(1);
    },
  );

  it(
    'prints the ordered 30 x 30 cm at 3543 x 3543 px, and the cart says 30 x 30 cm, Poster, € 22,95',
    { timeout: 240_000 },
    async () => {
      const { client, userId, xml } = await customer();
      const answer = await order(client, xml);
      expect(answer.status).toBe(200);
      const orderId = answer.body.orderid!;
      await printForReal(orderId);
      await server.app.printOrders.idle();
      const state = await orderPrintState(server.app.db, orderId);
      expect(state).toMatchObject({ status: 'ready' });
      const jpeg = await fs.readFile(path.join(server.config.printDir, state!.printFile!));
      expect(inspectJpeg(new Uint8Array(jpeg))).toMatchObject({
        ok: true,
        width: 3543,
        height: 3543,
      });
      expect(await printedSize(userId, answer.body.collageid!)).toEqual({
        widthPx: 3543,
        heightPx: 3543,
      });
      expect(await cartOf(client, answer.body.collageid!)).toMatchObject({
        Formaat: '30 x 30 cm',
        Materiaal: 'Poster',
        Prijs: '€ 22,95',
      });
    },
  );
});
