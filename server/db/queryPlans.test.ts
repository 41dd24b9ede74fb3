/**
 * Every statement of the busy calls (heartbeat, save, load, list, cart, print, upload quota) can be answered through
 * an index. The statements are recorded while the real functions run, then EXPLAINed with sequential
 * scans switched off: a plan that still reads a whole table (a sequential scan, or an index walked
 * from end to end without a condition) has no index that narrows it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, findSession, touchSession } from '../auth/sessions.js';
import { collageXml, seedPhoto, seedUser } from '../test/seed.js';
import {
  findCollage,
  findCollageSummary,
  findScreenshot,
  latestOrder,
  listCollages,
} from './collages.js';
import { saveCollage, type CollageWrite } from './collageSave.js';
import { openDb, type Db, type Queryable } from './db.js';
import { deleteOldQuotaUsage, holdQuota, releaseQuota, settleQuota } from './quotas.js';
import {
  markOrderPrinting,
  markOrderReady,
  orderPrintSource,
  orderPrintState,
  readyOrderPrint,
} from './orders.js';

const targets = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

interface Recorded {
  sql: string;
  params: unknown[];
}

/** The Db with every statement written down (transactions included) before it runs. */
function recording(db: Db, log: Recorded[]): Db {
  const recorder = (target: Queryable): Queryable => ({
    query: <T>(sql: string, params: unknown[] = []) => {
      log.push({ sql, params });
      return target.query<T>(sql, params);
    },
  });
  return {
    ...db,
    ...recorder(db),
    kind: db.kind,
    transaction: (fn) => db.transaction((tx) => fn(recorder(tx))),
    close: () => db.close(),
  };
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

/** Tables the plan reads whole: sequential scans, and index scans with no condition on the index. */
function wholeTableReads(node: PlanNode): string[] {
  const type = node['Node Type'];
  const whole = type === 'Seq Scan' || (/Index (Only )?Scan$/.test(type) && !node['Index Cond']);
  const own = whole ? [`${type} on ${node['Relation Name'] ?? node['Index Name'] ?? '?'}`] : [];
  return [...own, ...(node.Plans ?? []).flatMap(wholeTableReads)];
}

describe.each(targets)('query plans on %s', (kind) => {
  let db: Db;
  const schema = `t_plans_${process.pid}_${Date.now().toString(36)}`;
  beforeAll(async () => {
    db = await openDb(kind === 'postgres' ? { databaseUrl: process.env.DATABASE_URL, schema } : {});
  });
  afterAll(async () => {
    if (kind === 'postgres') await db.query(`DROP SCHEMA ${schema} CASCADE`);
    await db.close();
  });

  it('uses an index for every statement of heartbeat, save, load, list, cart and print', async () => {
    const log: Recorded[] = [];
    const recorded = recording(db, log);
    const user = await seedUser(db);
    const photoIds = [await seedPhoto(db, user.userId), await seedPhoto(db, user.userId)];
    log.length = 0;

    const session = await createSession(recorded, user.userId);
    await findSession(recorded, session.id);
    await touchSession(recorded, session.id);
    const write: CollageWrite = {
      userId: user.userId,
      collageId: null,
      templateId: 'alleven',
      childTemplateId: '101',
      name: 'Plan',
      size: '50 x 40',
      material: 'POSTER',
      collageXml: collageXml({ photoIds }),
      editor: 2,
      editorVersion: 1,
      forOrder: false,
      screenshot: null,
      photoIds,
    };
    const limits = { collagesPerHour: 100, bytesPerHour: 50 * 1024 * 1024, ordersWaiting: 3 };
    const created = await saveCollage(recorded, write, limits);
    if (created.kind !== 'saved') throw new Error(created.kind);
    const ordered = await saveCollage(
      recorded,
      { ...write, collageId: created.collageId, photoIds: [photoIds[0]!], forOrder: true },
      limits,
    );
    if (ordered.kind !== 'saved' || ordered.orderId === null) throw new Error('expected an order');
    await findCollage(recorded, user.userId, created.collageId);
    await listCollages(recorded, user.userId);
    await findCollageSummary(recorded, user.userId, created.collageId);
    await findScreenshot(recorded, user.userId, created.collageId);
    await latestOrder(recorded, user.userId, created.collageId);
    await orderPrintSource(recorded, ordered.orderId);
    await markOrderPrinting(recorded, ordered.orderId);
    await markOrderReady(recorded, ordered.orderId, `${ordered.orderId}.jpg`);
    await readyOrderPrint(recorded, user.userId, ordered.orderId);
    await orderPrintState(recorded, ordered.orderId);
    const uploadLimits = { items: 500, bytes: 5000 * 1024 * 1024 };
    const hold = await holdQuota(
      recorded,
      user.userId,
      'upload',
      { items: 1, bytes: 9 },
      uploadLimits,
    );
    await settleQuota(recorded, hold!, { items: 1, bytes: 5 });
    await releaseQuota(recorded, hold!);
    await deleteOldQuotaUsage(recorded);

    expect(log.length).toBeGreaterThan(15);
    const scanning: string[] = [];
    for (const { sql, params } of log) {
      const plan = await db.transaction(async (tx) => {
        await tx.query('SET LOCAL enable_seqscan = off');
        const [row] = await tx.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(
          `EXPLAIN (FORMAT JSON) ${sql}`,
          params,
        );
        const value = row!['QUERY PLAN'];
        return (typeof value === 'string' ? JSON.parse(value) : value)[0].Plan as PlanNode;
      });
      const tables = wholeTableReads(plan);
      if (tables.length) scanning.push(`${tables.join(', ')}: ${sql.replace(/\s+/g, ' ')}`);
    }
    expect(scanning).toEqual([]);
  });
});
