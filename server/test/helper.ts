import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.js';
import { configFromEnv, type ServerConfig } from '../config.js';

export type Backend = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when DATABASE_URL is set (as in CI). */
export const backends: Backend[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestServer {
  app: FastifyInstance;
  url: string;
  config: ServerConfig;
  /** Stops the server, keeping its data so a restart can be tested. */
  stop(): Promise<void>;
  /** Starts a new server process-equivalent on the same data. */
  restart(): Promise<TestServer>;
  /** Stops and removes the data (and the PostgreSQL schema). */
  destroy(): Promise<void>;
}

/** Test-only additions to the real server, made before it listens (a route of the test's own, say). */
export type BeforeListen = (app: FastifyInstance) => void;

/** Starts the real server on a free loopback port with its own data folder (or PostgreSQL schema). */
export async function startTestServer(
  backend: Backend,
  overrides: Partial<ServerConfig> = {},
  appOptions: AppOptions = {},
  beforeListen?: BeforeListen,
): Promise<TestServer> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-test-'));
  const schema = backend === 'postgres' ? `t_${crypto.randomBytes(6).toString('hex')}` : undefined;
  const config: ServerConfig = {
    ...configFromEnv({}),
    port: 0,
    dataDir,
    photoDir: path.join(dataDir, 'photos'),
    printDir: path.join(dataDir, 'prints'),
    databaseUrl: backend === 'postgres' ? process.env.DATABASE_URL : undefined,
    databaseSchema: schema,
    printJobsSchema: `${schema ?? 'unused'}_jobs`,
    staticDir: undefined,
    catalogDir: path.resolve('catalog'),
    logLevel: 'silent',
    // every test client comes from 127.0.0.1: the per-address limits are tested on their own
    newSessionsPerMinute: 10_000,
    uploadsPerMinute: 10_000,
    ...overrides,
  };
  return start(config, appOptions, beforeListen, async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
    if (schema && process.env.DATABASE_URL) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
      await client.end();
    }
  });
}

async function start(
  config: ServerConfig,
  appOptions: AppOptions,
  beforeListen: BeforeListen | undefined,
  cleanup: () => Promise<void>,
): Promise<TestServer> {
  const app = await buildApp(config, appOptions);
  beforeListen?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    await app.close();
  };
  return {
    app,
    url,
    config,
    stop,
    restart: async () => {
      await stop();
      return start(config, appOptions, beforeListen, cleanup);
    },
    destroy: async () => {
      await stop();
      await cleanup();
    },
  };
}

/** A browser-like client: keeps cookies, posts forms, sends the Origin a browser would. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size)
      headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (!headers.has('origin') && init.method && init.method !== 'GET')
      headers.set('origin', this.baseUrl);
    const response = await fetch(this.baseUrl + pathname, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (name) this.cookies.set(name.trim(), rest.join('='));
    }
    return response;
  }

  /** POSTs the fields as application/x-www-form-urlencoded, as the editor does. */
  postForm(pathname: string, fields: Record<string, string>): Promise<Response> {
    return this.request(pathname, { method: 'POST', body: new URLSearchParams(fields) });
  }

  async postFormJson<T = Record<string, unknown>>(
    pathname: string,
    fields: Record<string, string>,
  ): Promise<{ status: number; body: T }> {
    const response = await this.postForm(pathname, fields);
    return { status: response.status, body: (await response.json()) as T };
  }
}
