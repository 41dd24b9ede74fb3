import path from 'node:path';

/** Everything the server reads from the environment, resolved once at start-up. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder for the embedded database and the photo store. */
  dataDir: string;
  /** postgres://… switches from the embedded PGlite to PostgreSQL. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  databaseSchema?: string;
  /** Folder of the built SPA (vite build); absent in API-only tests. */
  staticDir?: string;
  /** Folder of the shop's catalog data. */
  catalogDir: string;
  /** The spec's PNG setting: not allowed by default. */
  allowPng: boolean;
  /** Set when the server runs behind HTTPS (a proxy): cookies get Secure. */
  secureCookies: boolean;
  trustProxy: boolean;
  logLevel: string;
  /** Rate limits can be raised for load tests; never switched off. */
  authRateLimitPerMinute: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  return {
    host: env.HOST ?? '127.0.0.1',
    port: Number(env.PORT ?? 8080),
    dataDir: path.resolve(root, env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist'),
    catalogDir: path.resolve(root, env.CATALOG_DIR ?? 'catalog'),
    allowPng: env.ALLOW_PNG === 'true',
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT ?? 20),
  };
}
