/** Ordering a collage in server tests: the document the editor makes, the save that orders it, its print's outcome. */
import { expect } from 'vitest';
import { orderPrintState, type OrderPrintState } from '../db/orders.js';
import { gridCollageXml } from './colourCollage.js';
import type { TestClient, TestServer } from './helper.js';

/** How long a test waits for an order's print. */
export const ORDER_WAIT_MS = 180_000;

/** A 30 x 30 cm collage of template 101 (alleven) made in the editor store, with these server photo ids in its first slots. */
export async function orderedCollageXml(
  photos: { id: string; width: number; height: number }[],
  screenshot: string,
): Promise<string> {
  return gridCollageXml('10108', photos, 'Zomer 2026', screenshot);
}

/** The newest order of a collage. */
export async function orderOf(server: TestServer, collageId: number): Promise<number> {
  const rows = await server.app.db.query<{ id: string | number }>(
    'SELECT id FROM orders WHERE collage_id = $1 ORDER BY id DESC LIMIT 1',
    [collageId],
  );
  return Number(rows[0]?.id);
}

/** The order's print state once it is 'ready' or 'failed'. */
export async function settled(server: TestServer, orderId: number): Promise<OrderPrintState> {
  const deadline = Date.now() + ORDER_WAIT_MS;
  for (;;) {
    const state = await orderPrintState(server.app.db, orderId);
    if (state && (state.status === 'ready' || state.status === 'failed')) return state;
    if (Date.now() > deadline)
      throw new Error(`order ${orderId} still ${state?.status} after ${ORDER_WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Saves a collage for order as the editor does; its id. */
export async function saveForOrder(client: TestClient, collagexml: string): Promise<number> {
  const answer = await client.postFormJson<{ collageid: number }>('/api/save?format=json', {
    collagexml,
    editor: '2',
    editor_version: '1',
    fororder: 'true',
    templateid: '101',
  });
  expect(answer.status).toBe(200);
  return answer.body.collageid;
}
