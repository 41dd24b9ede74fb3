import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One SQL dialect (PostgreSQL) on two engines: PGlite embedded, or a PostgreSQL server. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: all or nothing. */
  transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R>;
  close(): Promise<void>;
}

export interface DbOptions {
  databaseUrl?: string;
  /** PostgreSQL only: a schema of its own, created when missing. */
  schema?: string;
  /** PGlite only: folder to persist into; in memory when absent. */
  dataDir?: string;
}

export async function openDb(options: DbOptions): Promise<Db> {
  const db = options.databaseUrl ? await openPostgres(options.databaseUrl, options.schema) : await openPglite(options.dataDir);
  await migrate(db);
  return db;
}

async function openPglite(dataDir?: string): Promise<Db> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) await fs.mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir);
  return {
    kind: 'pglite',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pglite.query<T>(sql, params)).rows;
    },
    transaction: (fn) => pglite.transaction((tx) => fn({ query: async <T>(sql: string, params?: unknown[]) => (await tx.query<T>(sql, params)).rows })),
    close: () => pglite.close(),
  };
}

async function openPostgres(databaseUrl: string, schema?: string): Promise<Db> {
  const { default: pg } = await import('pg');
  if (schema) {
    if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`Bad schema name ${schema}`);
    const setup = new pg.Client({ connectionString: databaseUrl });
    await setup.connect();
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await setup.end();
  }
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(sql, params)).rows as T[];
    },
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({ query: async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[] });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Applies the plain SQL files of migrations/ in name order, each once, each in a transaction. */
export async function migrate(db: Db): Promise<string[]> {
  await db.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
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
