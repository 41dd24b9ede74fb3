/**
 * The embedded database in its own thread: values make the trip both ways as the in-thread PGlite
 * gave them, errors keep PostgreSQL's fields, and a transaction is all or nothing and isolated from
 * statements sent meanwhile.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { openPgliteThread } from './pgliteThread.js';

let db: Db;
let dataDir: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-pglite-thread-'));
  db = await openPgliteThread(dataDir);
  await db.query(
    'CREATE TABLE things (id bigserial PRIMARY KEY, name text NOT NULL UNIQUE, at timestamptz, tags text[], flag boolean, n integer)',
  );
});

afterAll(async () => {
  await db.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('PGlite in a worker thread', () => {
  it('sends parameters and answers rows with the types PGlite parses', async () => {
    const at = new Date('2026-03-04T05:06:07.890Z');
    const [row] = await db.query<{
      id: number;
      name: string;
      at: Date;
      tags: string[];
      flag: boolean;
      n: number | null;
    }>(
      'INSERT INTO things (name, at, tags, flag, n) VALUES ($1, $2, $3, $4, $5) RETURNING id, name, at, tags, flag, n',
      ['quote\'s "and" \\ back', at, ['a,b', 'c"d', 'e\\f'], true, null],
    );
    expect(row).toEqual({
      id: 1,
      name: 'quote\'s "and" \\ back',
      at,
      tags: ['a,b', 'c"d', 'e\\f'],
      flag: true,
      n: null,
    });
    // The same statement again runs on its prepared form.
    const rows = await db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM things WHERE id = ANY($1::bigint[])',
      [['1', '2']],
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("keeps PostgreSQL's error fields: code, constraint, detail", async () => {
    await db.query("INSERT INTO things (name) VALUES ('twice')");
    const error = await db
      .query("INSERT INTO things (name) VALUES ('twice')")
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 'things_name_key' });
    expect(String((error as { detail?: string }).detail)).toContain('(name)=(twice)');
    // A statement that does not parse is refused, and the connection goes on.
    await expect(db.query('SELEKT 1')).rejects.toMatchObject({ code: '42601' });
    expect(await db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('commits a transaction whole and rolls a failed one back whole', async () => {
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (name) VALUES ('kept-1')");
      await tx.query("INSERT INTO things (name) VALUES ('kept-2')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO things (name) VALUES ('gone-1')");
        await tx.query("INSERT INTO things (name) VALUES ('kept-1')");
      }),
    ).rejects.toMatchObject({ code: '23505' });
    const names = (
      await db.query<{ name: string }>(
        "SELECT name FROM things WHERE name LIKE 'kept-%' OR name LIKE 'gone-%' ORDER BY name",
      )
    ).map((r) => r.name);
    expect(names).toEqual(['kept-1', 'kept-2']);
  });

  it('refuses to commit a transaction whose statement failed and was caught', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO things (name) VALUES ('half')");
        await tx.query('SELEKT 1').catch(() => undefined);
      }),
    ).rejects.toThrow(/rolled back/);
    expect(await db.query("SELECT name FROM things WHERE name = 'half'")).toEqual([]);
  });

  it('holds statements sent meanwhile until the transaction ends, so they never see half of it', async () => {
    let seenDuring: unknown[] | undefined;
    await db.transaction(async (tx) => {
      await tx.query("INSERT INTO things (name) VALUES ('pair-1')");
      const outside = db
        .query<{ n: number }>("SELECT count(*)::int AS n FROM things WHERE name LIKE 'pair-%'")
        .then((rows) => (seenDuring = rows));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seenDuring).toBeUndefined();
      await tx.query("INSERT INTO things (name) VALUES ('pair-2')");
      void outside;
    });
    await expect.poll(() => seenDuring).toEqual([{ n: 2 }]);
  });

  it('runs transactions sent all at once one after the other, with plain statements in between', async () => {
    await db.query('CREATE TABLE counter (n integer NOT NULL UNIQUE)');
    // Each transaction reads the count and writes it back: only one at a time gives 0..19 without a clash.
    const transactions = Array.from({ length: 20 }, () =>
      db.transaction(async (tx) => {
        const [row] = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM counter');
        await tx.query('INSERT INTO counter (n) VALUES ($1)', [row!.n]);
      }),
    );
    const reads = Array.from({ length: 20 }, () => db.query('SELECT count(*) FROM counter'));
    await Promise.all([...transactions, ...reads]);
    const values = (await db.query<{ n: number }>('SELECT n FROM counter ORDER BY n')).map(
      (row) => row.n,
    );
    expect(values).toEqual(Array.from({ length: 20 }, (_, index) => index));
  });

  it('keeps the data in its folder across a reopen', async () => {
    await db.close();
    db = await openPgliteThread(dataDir);
    expect(await db.query("SELECT name FROM things WHERE name = 'kept-2'")).toEqual([
      { name: 'kept-2' },
    ]);
  });
});
