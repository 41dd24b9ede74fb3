import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lockDataDir } from './dataDirLock.js';
import { openPgliteThread } from './pgliteThread.js';
import { openPostgres } from './postgres.js';
import type { Db } from './dbTypes.js';

export type { Db, Queryable } from './dbTypes.js';

export interface DbOptions {
  databaseUrl?: string;
  /** PostgreSQL only: a schema of its own, created when missing. */
  schema?: string;
  /** PostgreSQL only: connections this process keeps (default 10). */
  poolSize?: number;
  /** PGlite only: folder to persist into; in memory when absent. */
  dataDir?: string;
}

/** PostgreSQL when a URL is given, otherwise PGlite in a worker thread of its own; migrated either way. */
export async function openDb(options: DbOptions): Promise<Db> {
  const db = options.databaseUrl
    ? await openPostgres({
        databaseUrl: options.databaseUrl,
        schema: options.schema,
        poolSize: options.poolSize ?? 10,
      })
    : await openPglite(options.dataDir);
  await migrate(db);
  return db;
}

async function openPglite(dataDir?: string): Promise<Db> {
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  // One process per folder: a second server on it would overwrite this one's writes.
  const lock = dataDir ? await lockDataDir(dataDir) : null;
  const db = await openPgliteThread(dataDir).catch(async (error: unknown) => {
    await lock?.release();
    throw error;
  });
  return {
    ...db,
    close: async () => {
      await db.close();
      await lock?.release();
    },
  };
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the plain SQL files of migrations/ in name order, each once, each in a transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name),
  );
  const files = (await fs.readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort();
  const applied: string[] = [];
  for (const name of files) {
    if (done.has(name)) continue;
    const sql = await fs.readFile(path.join(migrationsDir, name), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    });
    applied.push(name);
  }
  return applied;
}

/** Migrations hold plain statements separated by semicolons at line ends (no functions with bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
