import { availableParallelism } from 'node:os';
import path from 'node:path';
import { printBoundsFromEnv, type PrintBounds } from './print/printBoundsConfig.js';
import { socialConfigFromEnv, type SocialConfig } from './social/socialConfig.js';

/** Everything the server reads from the environment, resolved once at start-up. */
export interface ServerConfig {
  host: string;
  port: number;
  /** Folder for the embedded database, and of the photo store and prints unless PHOTO_DIR and PRINT_DIR say otherwise. */
  dataDir: string;
  /** The photo store's folder (PHOTO_DIR): shared by every instance of a shop with several. */
  photoDir: string;
  /** The print files' folder (PRINT_DIR): shared by every instance and print worker. */
  printDir: string;
  /** postgres://… switches from the embedded PGlite to PostgreSQL. */
  databaseUrl?: string;
  /** PostgreSQL schema to use (tests isolate themselves in their own schema). */
  databaseSchema?: string;
  /** PostgreSQL connections per server process. */
  databasePoolSize: number;
  /** Folder of the built SPA (vite build); absent in API-only tests. */
  staticDir?: string;
  /** Folder of the shop's catalog data. */
  catalogDir: string;
  /** The spec's PNG setting: not allowed by default. */
  allowPng: boolean;
  /** Set when the server runs behind HTTPS (a proxy): cookies get Secure. */
  secureCookies: boolean;
  /** Which X-Forwarded-For entries to believe (trustProxyFromEnv): request.ip and the rate limits follow it. */
  trustProxy: TrustProxy;
  logLevel: string;
  /**
   * Orders of one customer waiting for their print at once (ORDERS_PRINTING_PER_CUSTOMER): the only
   * limit an order meets. Everyone's orders wait in the print queue, however many there are.
   */
  ordersPrintingPerCustomer: number;
  /** PostgreSQL: graphile-worker's schema of the print jobs (PRINT_JOBS_SCHEMA). */
  printJobsSchema: string;
  /** PostgreSQL: whether the web process takes print jobs too (PRINT_IN_WEB, default true); false leaves them to `npm run print-worker`. */
  printInWeb: boolean;
  /**
   * Prints at once in one process (PRINT_CONCURRENCY, default 1): one print already draws its tiles
   * on every core (PRINT_TILE_THREADS), so a second one at once only doubles the memory (about 700 MB each).
   */
  printConcurrency: number;
  /** Attempts of one print job before it is recorded as failed (PRINT_MAX_ATTEMPTS). */
  printMaxAttempts: number;
  /** A print worker not heard of for this long is taken for dead and its job runs elsewhere (PRINT_WORKER_STALE_SECONDS). */
  printWorkerStaleMs: number;
  /**
   * Each print's bounds (server/print/printBounds.ts): its time (PRINT_TIMEOUT_SECONDS plus
   * PRINT_TIMEOUT_SECONDS_PER_M2 of sheet and PRINT_TIMEOUT_SECONDS_PER_MEGAPIXEL decoded) and its
   * tile threads' planned memory (PRINT_MEMORY_MB); past them the order fails (PRINT_TIMEOUT, PRINT_TOO_HEAVY).
   */
  printBounds: PrintBounds;
  /** SOURCE_MAPS=true serves the build's source maps (they hold the full sources); off in production. */
  serveSourceMaps: boolean;
  /** Rate limits can be raised for load tests; never switched off. */
  authRateLimitPerMinute: number;
  /** smtp://user:pass@host:587 (nodemailer's form): the mail transport. Unset: main.ts keeps mails locally. */
  smtpUrl?: string;
  /** The sender of the shop's mails. */
  mailFrom: string;
  /** The shop's address as customers reach it (https://shop.example): links in mails start with it. */
  publicUrl?: string;
  /** The bearer token of GET /api/admin/analytics; unset, the report is off (404). */
  analyticsToken?: string;
  /** The shop's time zone: analytics days start at its midnight. */
  analyticsTimeZone: string;
  /** Worker threads that decode uploads before they are kept (UPLOAD_DECODE_THREADS). */
  uploadDecodeThreads: number;
  /** Uploads that may wait for a decode thread, a quarter per customer; more are answered 503 (UPLOAD_DECODE_QUEUE). */
  uploadDecodeQueue: number;
  /** The longest any decode may take; smaller files get less (decodeBoundMs; UPLOAD_DECODE_TIMEOUT_MS). */
  uploadDecodeTimeoutMs: number;
  /** A staging file not written for this long is left by a stopped upload and removed (UPLOAD_STAGING_MAX_AGE_SECONDS). */
  uploadStagingMaxAgeMs: number;
  /** New (anonymous) sessions one address may start per minute (SESSION_RATE_LIMIT). */
  newSessionsPerMinute: number;
  /** Upload requests of one customer per minute (UPLOAD_RATE_LIMIT). */
  uploadsPerMinute: number;
  /** Photos one customer may add per hour (UPLOAD_QUOTA_PHOTOS). */
  uploadQuotaPhotosPerHour: number;
  /** Bytes of originals one customer may add per hour (UPLOAD_QUOTA_MB, in MiB). */
  uploadQuotaBytesPerHour: number;
  /** New collages one customer may save per hour (SAVE_QUOTA_COLLAGES). */
  saveQuotaCollagesPerHour: number;
  /** Bytes of saved documents (XML and screenshot, every save) per customer and hour (SAVE_QUOTA_MB, in MiB). */
  saveQuotaBytesPerHour: number;
  /** The social photo service (SOCIAL_*); null leaves the photo picker's social tab off. */
  social: SocialConfig | null;
}

/**
 * Which peers are proxies: none (false), the proxies' addresses (IPs or CIDR ranges), or a number
 * of hops whose nearest is on loopback. Fastify takes as the client the right-most X-Forwarded-For
 * entry that was not written by a trusted proxy (and believes X-Forwarded-Host and -Proto only from
 * a trusted peer); the left-most entries are whatever the client sent.
 */
export type TrustProxy = false | number | string[];

/** The proxy TRUST_PROXY=true stands for: nginx on the shop's own machine, connecting over loopback. */
export const LOOPBACK_PROXY: readonly string[] = ['127.0.0.1', '::1'];

const ADDRESS = /^[0-9a-fA-F.:]+(\/\d{1,3})?$/;

/**
 * TRUST_PROXY: unset or 'false' = no proxy; 'true' = one proxy on this machine (127.0.0.1 or ::1);
 * a comma-separated list = the proxies' addresses or CIDR ranges (a proxy on another machine); a
 * number = that many proxies, the nearest on loopback. Forwarded headers are believed only from a
 * proxy's address: a client reaching the port directly cannot choose the address the rate limits
 * count (issue 26 item 13). Anything else stops the server with a clear message.
 */
export function trustProxyFromEnv(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return [...LOOPBACK_PROXY];
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const addresses = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (addresses.length > 0 && addresses.every((address) => ADDRESS.test(address))) return addresses;
  throw new Error(
    `TRUST_PROXY must be false, true (a proxy on this machine), a comma-separated list of proxy addresses or a number of proxies; got '${text}'`,
  );
}

/** A peer on loopback as Node reports it (IPv4, IPv6, or IPv4 mapped into IPv6 on a dual-stack socket). */
function isLoopbackPeer(address: string): boolean {
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return LOOPBACK_PROXY.includes(plain);
}

/**
 * Fastify's form of the setting. A list goes as it is (Fastify compiles it with proxy-addr); a hop
 * count becomes a function that believes the nearest peer only when it is on loopback (Fastify's
 * own number form believes no peer at all, as it cannot know the nearest is a proxy; a bare count
 * would let any client reaching the port directly write its own address).
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (address, hop) => hop < trust && (hop > 0 || isLoopbackPeer(address));
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = process.cwd();
  const dataDir = path.resolve(root, env.DATA_DIR ?? 'data');
  const databaseSchema = env.DATABASE_SCHEMA || undefined;
  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? 8080);
  return {
    host,
    port,
    dataDir,
    photoDir: path.resolve(root, env.PHOTO_DIR || path.join(dataDir, 'photos')),
    printDir: path.resolve(root, env.PRINT_DIR || path.join(dataDir, 'prints')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseSchema,
    // A schema of the server's own (tests, benchmarks) gets a jobs schema of its own beside it.
    printJobsSchema:
      env.PRINT_JOBS_SCHEMA || (databaseSchema ? `${databaseSchema}_jobs` : 'graphile_worker'),
    printInWeb: env.PRINT_IN_WEB !== 'false',
    printConcurrency: positiveInteger(env.PRINT_CONCURRENCY, 1),
    printMaxAttempts: positiveInteger(env.PRINT_MAX_ATTEMPTS, 5),
    printWorkerStaleMs: positiveInteger(env.PRINT_WORKER_STALE_SECONDS, 30) * 1000,
    printBounds: printBoundsFromEnv(env),
    databasePoolSize: positiveInteger(env.DATABASE_POOL_SIZE, 10),
    staticDir: path.resolve(root, env.STATIC_DIR ?? 'dist'),
    catalogDir: path.resolve(root, env.CATALOG_DIR ?? 'catalog'),
    allowPng: env.ALLOW_PNG === 'true',
    secureCookies: env.SECURE_COOKIES === 'true',
    trustProxy: trustProxyFromEnv(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    serveSourceMaps: env.SOURCE_MAPS === 'true',
    ordersPrintingPerCustomer: positiveInteger(env.ORDERS_PRINTING_PER_CUSTOMER, 3),
    authRateLimitPerMinute: Number(env.AUTH_RATE_LIMIT ?? 20),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Fotocollage <noreply@fotocollage.invalid>',
    publicUrl: env.PUBLIC_URL || undefined,
    analyticsToken: env.ANALYTICS_TOKEN || undefined,
    analyticsTimeZone: env.ANALYTICS_TIME_ZONE || 'Europe/Amsterdam',
    // one thread leaves the other core to the web answers on a 2-core machine
    uploadDecodeThreads: positiveInteger(
      env.UPLOAD_DECODE_THREADS,
      Math.max(1, Math.floor(availableParallelism() / 2)),
    ),
    uploadDecodeQueue: positiveInteger(env.UPLOAD_DECODE_QUEUE, 16),
    uploadDecodeTimeoutMs: positiveInteger(env.UPLOAD_DECODE_TIMEOUT_MS, 20_000),
    uploadStagingMaxAgeMs: positiveInteger(env.UPLOAD_STAGING_MAX_AGE_SECONDS, 3600) * 1000,
    newSessionsPerMinute: positiveInteger(env.SESSION_RATE_LIMIT, 60),
    uploadsPerMinute: positiveInteger(env.UPLOAD_RATE_LIMIT, 60),
    uploadQuotaPhotosPerHour: positiveInteger(env.UPLOAD_QUOTA_PHOTOS, 500),
    uploadQuotaBytesPerHour: positiveInteger(env.UPLOAD_QUOTA_MB, 5000) * 1024 * 1024,
    // A customer saves a collage of about 100 kB (XML and screenshot) a few times an hour.
    saveQuotaCollagesPerHour: positiveInteger(env.SAVE_QUOTA_COLLAGES, 100),
    saveQuotaBytesPerHour: positiveInteger(env.SAVE_QUOTA_MB, 50) * 1024 * 1024,
    // The service sends the customer back to the shop's address as customers reach it.
    social: socialConfigFromEnv(
      env,
      env.PUBLIC_URL || `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    ),
  };
}

function positiveInteger(text: string | undefined, fallback: number): number {
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`Expected a positive whole number, got "${text}"`);
  return value;
}
