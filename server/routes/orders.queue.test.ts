import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { limitText } from '../i18n/limitMessages.js';
import type { PrintMaster } from '../print/printMaster.js';
import { backends, startTestServer, type TestClient, type TestServer } from '../test/helper.js';
import {
  orderableCollageXml,
  signedInClient,
  startWithTestCatalog,
  writeTestCatalog,
} from '../test/seed.js';

/**
 * Issue 26 item 5: the shop's print queue never refuses an order (with a cap of 4, two accounts
 * ordering three prints each got the third customer's order refused with 503); orders wait their
 * turn, one customer's after everyone's earlier turn; and a customer's own limit of waiting orders
 * is exact under parallel orders (5 waited against a limit of 3).
 */

type Answer = { collageid?: number; orderid?: number; error?: string; key?: string };

/** Orders a new collage (each save without an id makes a collage of its own, so an order of its own). */
async function order(client: TestClient, lang = 'nl') {
  const response = await client.request(`/api/save?format=json&lang=${lang}`, {
    method: 'POST',
    body: new URLSearchParams({
      collagexml: orderableCollageXml(),
      editor: '2',
      editor_version: '1',
      fororder: 'true',
      templateid: 'alleven',
    }),
  });
  return { status: response.status, body: (await response.json()) as Answer };
}

/** The render is held until `open()`: the orders wait where the tests can see them. */
function heldRender(server: TestServer) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const master: PrintMaster = {
    jpegParts: [Uint8Array.of(0xff, 0xd8, 0xff, 0xd9)],
    widthPx: 1,
    heightPx: 1,
    dpi: 300,
  };
  server.app.printOrders.deps.render = async () => {
    await opened;
    return master;
  };
  return { open };
}

async function statusCounts(server: TestServer): Promise<Record<string, number>> {
  const rows = await server.app.db.query<{ status: string; n: string | number }>(
    'SELECT status, count(*) AS n FROM orders GROUP BY status',
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

describe.each(backends)('the print queue on %s', (backend) => {
  const LIMIT = 3;
  let server: TestServer;
  beforeAll(async () => {
    // one print at a time, so the queue's order shows; on PostgreSQL the web process prints too
    server = await startWithTestCatalog(backend, {
      ordersPrintingPerCustomer: LIMIT,
      printConcurrency: 1,
    });
  });
  afterAll(async () => server.destroy());

  it('takes every customer’s orders while the shop is busy; they wait and print in fair turns', async () => {
    const render = heldRender(server);
    const customers = await Promise.all(Array.from({ length: 6 }, () => signedInClient(server)));
    // five customers order three prints each, the sixth one: nobody is refused for the shop's load
    for (const { client } of customers.slice(0, 5))
      for (let turn = 0; turn < LIMIT; turn++) expect((await order(client)).status).toBe(200);
    const late = await order(customers[5]!.client);
    expect(late.status).toBe(200);
    expect(late.body.orderid).toEqual(expect.any(Number));
    // one prints, the others wait
    await expect
      .poll(() => statusCounts(server), { timeout: 20_000 })
      .toEqual({ printing: 1, new: 15 });
    // a customer's own limit still holds
    const fourth = await order(customers[0]!.client, 'en');
    expect(fourth).toEqual({
      status: 429,
      body: {
        error: limitText('order.tooManyPrinting', 'en', { count: LIMIT }),
        key: 'order.tooManyPrinting',
      },
    });

    render.open();
    await server.app.printOrders.idle();
    expect(await statusCounts(server)).toEqual({ ready: 16 });
    // printed one at a time: each customer's first order before anyone's second
    const printed = await server.app.db.query<{ user_id: string | number }>(
      'SELECT user_id FROM orders ORDER BY print_updated_at, id',
    );
    const turnOf = customers.map((customer) => customer.user.userId);
    const sequence = printed.map((row) => turnOf.indexOf(Number(row.user_id)));
    expect(sequence).toEqual([0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 0, 1, 2, 3, 4]);
  });

  it('keeps a customer’s limit of waiting orders exact under 8 orders at once', async () => {
    const render = heldRender(server);
    const { client, user } = await signedInClient(server);
    const answers = await Promise.all(Array.from({ length: 8 }, () => order(client)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([
      200, 200, 200, 429, 429, 429, 429, 429,
    ]);
    const [row] = await server.app.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM orders WHERE user_id = $1',
      [user.userId],
    );
    expect(Number(row!.n)).toBe(LIMIT);
    // nothing of a refused order was written: no collage either
    const [collages] = await server.app.db.query<{ n: string | number }>(
      'SELECT count(*) AS n FROM collages WHERE user_id = $1',
      [user.userId],
    );
    expect(Number(collages!.n)).toBe(LIMIT);
    render.open();
    await server.app.printOrders.idle();
  });
});

describe.each(backends)('orders a stopped server left waiting on %s', (backend) => {
  let server: TestServer;
  let catalogDir: string;
  beforeAll(async () => {
    catalogDir = await writeTestCatalog();
    // the render answers at once, in every start of the server (before its queue resumes)
    const instantRender = (app: FastifyInstance) => {
      app.printOrders.deps.render = async () => ({
        jpegParts: [Uint8Array.of(0xff, 0xd8, 0xff, 0xd9)],
        widthPx: 1,
        heightPx: 1,
        dpi: 300,
      });
    };
    server = await startTestServer(backend, { catalogDir, printConcurrency: 1 }, {}, instantRender);
  });
  afterAll(async () => {
    await server.destroy();
    await fs.rm(catalogDir, { recursive: true, force: true });
  });

  it('prints them all, new and printing, when it starts again', async () => {
    const { user } = await signedInClient(server);
    const [collage] = await server.app.db.query<{ id: string }>(
      "INSERT INTO collages (user_id, template_id, collage_xml, editor, editor_version) VALUES ($1, 'alleven', $2, 2, 1) RETURNING id",
      [user.userId, orderableCollageXml()],
    );
    for (const [status, turn] of [
      ['printing', 0],
      ['new', 1],
      ['new', 2],
    ] as const)
      await server.app.db.query(
        'INSERT INTO orders (collage_id, user_id, status, print_turn) VALUES ($1, $2, $3, $4)',
        [collage!.id, user.userId, status, turn],
      );
    server = await server.restart();
    await server.app.printOrders.idle();
    expect(await statusCounts(server)).toEqual({ ready: 3 });
  });
});
