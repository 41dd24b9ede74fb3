import crypto from 'node:crypto';
import type { QueryConfig } from 'pg';
import type { Db, Queryable } from './dbTypes.js';

export interface PostgresOptions {
  databaseUrl: string;
  /** A schema of its own, created when missing (tests and benchmarks isolate themselves in one). */
  schema?: string;
  /** Connections this process keeps to PostgreSQL (DATABASE_POOL_SIZE). */
  poolSize: number;
}

const statementNames = new Map<string, string>();
/** Every statement the server has, with room to spare; text beyond it (built at run time) runs unnamed. */
const MAX_NAMED = 1000;

/**
 * A statement with parameters runs as a named prepared statement: PostgreSQL parses and plans it once
 * per connection instead of on every call. The name is a digest of the text, so it is the same on
 * every connection and never names two texts. Statements without parameters (migrations) run unnamed.
 */
function statement(sql: string, params?: unknown[]): QueryConfig {
  if (!params?.length) return { text: sql, values: params };
  let name = statementNames.get(sql);
  if (!name) {
    if (statementNames.size >= MAX_NAMED) return { text: sql, values: params };
    name = `fc_${crypto.createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params };
}

/** PostgreSQL through a pg pool: plain queries on any free connection, a transaction on one of its own. */
export async function openPostgres({
  databaseUrl,
  schema,
  poolSize,
}: PostgresOptions): Promise<Db> {
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
    max: poolSize,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle connection the server dropped (PostgreSQL restarted) must not take the process down.
  pool.on('error', () => undefined);
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      return (await pool.query(statement(sql, params))).rows as T[];
    },
    async transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn({
          query: async <T>(sql: string, params?: unknown[]) =>
            (await client.query(statement(sql, params))).rows as T[],
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        // A connection that broke mid-transaction cannot roll back; the server already did.
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
