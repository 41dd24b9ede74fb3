/**
 * Migration 013 over orders placed before it (they kept no document of their own): one whose collage
 * is still exactly what was ordered gets its document and photos; one whose collage was saved again
 * since keeps none and still prints from its collage, as it always did. The database is taken back
 * to before 013 (its table and column dropped, its row in schema_migrations removed), the old orders
 * are written as the save wrote them then, and a restart migrates and prints them.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findCollageXml } from '../db/collages.js';
import { cartOf } from '../test/cartPage.js';
import {
  BLUE,
  gridCollageXml,
  LANDSCAPE,
  ONE_SLOT,
  printColours,
  RED,
  saveCollageXml,
  SQUARE,
  uploadFlatPhoto,
} from '../test/colourCollage.js';
import { SESSION_COOKIE } from '../auth/sessions.js';
import { backends, startTestServer, TestClient, type TestServer } from '../test/helper.js';
import { settled } from '../test/orders.js';
import { signedInClient } from '../test/seed.js';

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

describe.each(backends)('orders placed before migration 013 on %s', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 180_000);
  afterAll(async () => server?.destroy());

  it(
    'keep the document of an unchanged collage, and print a changed one from the collage',
    { timeout: 300_000 },
    async () => {
      const { client, user } = await signedInClient(server);
      const red = await uploadFlatPhoto(client, RED);
      const blue = await uploadFlatPhoto(client, BLUE);
      const save = (xml: string, collageId?: number) =>
        saveCollageXml(client, xml, { forOrder: false, collageId });
      const unchanged = (await save(await gridCollageXml(SQUARE, [red], 'Zomer'))).collageid;
      const changed = (await save(await gridCollageXml(SQUARE, [red], 'Zomer'))).collageid;
      const stored = async (collageId: number) =>
        (await findCollageXml(server.app.db, user.userId, collageId))!;
      const unchangedDigest = sha256(await stored(unchanged));
      const orderedDigest = sha256(await stored(changed));
      await save(await gridCollageXml(LANDSCAPE, [blue], 'Winter'), changed);

      const db = server.app.db;
      await db.query('DROP TABLE order_photos');
      await db.query('ALTER TABLE orders DROP COLUMN collage_xml');
      await db.query("DELETE FROM schema_migrations WHERE name = '013_order_snapshot.sql'");
      const oldOrder = async (collageId: number, digest: string) => {
        const [row] = await db.query<{ id: string | number }>(
          `INSERT INTO orders (collage_id, user_id, status, document_sha256, print_turn)
           VALUES ($1, $2, 'new', $3, 0) RETURNING id`,
          [collageId, user.userId, digest],
        );
        return Number(row!.id);
      };
      const keptOrder = await oldOrder(unchanged, unchangedDigest);
      const fallbackOrder = await oldOrder(changed, orderedDigest);

      // the restart migrates, then prints the unfinished orders
      server = await server.restart();
      const after = server.app.db;
      const snapshots = await after.query<{ id: string | number; collage_xml: string | null }>(
        'SELECT id, collage_xml FROM orders WHERE id = ANY($1::bigint[]) ORDER BY id',
        [[keptOrder, fallbackOrder]],
      );
      expect(snapshots.map((row) => row.collage_xml)).toEqual([await stored(unchanged), null]);
      const photos = await after.query<{ order_id: string | number; photo_id: string | number }>(
        'SELECT order_id, photo_id FROM order_photos WHERE order_id = ANY($1::bigint[])',
        [[keptOrder, fallbackOrder]],
      );
      expect(photos.map((row) => [Number(row.order_id), String(row.photo_id)])).toEqual([
        [keptOrder, red.id],
      ]);

      const printOf = async (orderId: number) => {
        const state = await settled(server, orderId);
        expect(state).toMatchObject({ status: 'ready', printError: null });
        const file = path.join(server.config.printDir, state.printFile!);
        return printColours(new Uint8Array(await fs.readFile(file)), [RED, BLUE]);
      };
      const kept = await printOf(keptOrder);
      expect(kept).toMatchObject({ widthPx: 3543, heightPx: 3543 });
      expect(kept.shares[0]).toBeGreaterThan(ONE_SLOT);
      // no document of its own: the collage as it is now, as such orders always printed
      const fallback = await printOf(fallbackOrder);
      expect(fallback).toMatchObject({ widthPx: 4724, heightPx: 3543 });
      expect(fallback.shares[0]).toBe(0);
      expect(fallback.shares[1]).toBeGreaterThan(ONE_SLOT);
      const again = new TestClient(server.url);
      again.setCookie(SESSION_COOKIE, user.sessionId);
      expect(await cartOf(again, changed)).toMatchObject({ Formaat: '40 x 30 cm' });
    },
  );
});
