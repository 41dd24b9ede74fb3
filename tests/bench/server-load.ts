/**
 * Server load benchmark: the real server (its own Node process, as `npm run serve` starts it) on PGlite in
 * a temporary folder, and on PostgreSQL too when DATABASE_URL is set. Seeded users and photos, then 200
 * concurrent clients each doing alive + save + load in a loop for 30 s on loopback.
 * Writes out/bench/server.json; the last stdout line is `server rps=<n> p50_ms=<n> p99_ms=<n> errors=<n>`
 * for PGlite (PostgreSQL, when run, is reported on its own line before it). With DATABASE_URL the cluster
 * scenario runs too (serverCluster.ts: nginx, two instances, one killed): `server[cluster] rps=… lost=…`.
 * BENCH_DURATION (s) and BENCH_CONNECTIONS change the run for quick checks.
 *
 * Reading the errors: a Node process whose event loop is saturated accepts new connections only a few per
 * second on this machine, and connections waiting past autocannon's 10 s timeout count as errors (the
 * per-second timeline shows them every 10 s). PGlite once ran inside the server's loop and did exactly that;
 * it now runs in a worker thread of its own (server/db/pgliteThread.ts).
 * serverCpuMsPerRequest (CPU of all the server's threads per answer) is the figure to compare across runs on
 * a shared machine: rps falls with everyone else's load, CPU per request much less.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result, type SequenceRequest } from 'autocannon';
import { openDb } from '../../server/db/db.js';
import { collageXml } from '../../server/test/seed.js';
import { emitFigures, type Figure } from './figures.js';
import { runCluster } from './serverCluster.js';
import {
  BENCH_TEMPLATE,
  freePort,
  processCpuMs,
  screenshotBase64,
  seedBenchUsers,
  waitForServer,
  type BenchUser,
} from './serverBenchParts.js';

type Backend = 'pglite' | 'postgres';
const DURATION_S = Number(process.env.BENCH_DURATION ?? 30);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
/** More users than connections, so concurrent saves rarely touch the same collage (as in real use). */
const USERS = CONNECTIONS * 2;
/** One save in this many makes a new collage; the others update the user's collage, as repeated saves do. */
const NEW_COLLAGE_EVERY = 10;

interface BackendReport {
  backend: Backend;
  connections: number;
  durationS: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; average: number };
  requests: number;
  errors: number;
  non2xx: number;
  timeouts: number;
  /** CPU time the server process used per answered request (all its threads), in ms: less swayed by a busy machine than rps. */
  serverCpuMsPerRequest: number | null;
  statusCodes: Record<string, number>;
  /** Per second of the run: answers, errors (timeouts included) and the slowest answer, to show stalls. */
  timeline: { second: number; responses: number; errors: number; maxMs: number }[];
}

function saveBody(user: BenchUser, screenshot: string, collageId: number | null): string {
  const fields: Record<string, string> = {
    collagexml: collageXml({ photoIds: user.photoIds, screenshotBase64: screenshot }),
    editor: '2',
    editor_version: '1',
    fororder: 'false',
    templateid: 'alleven',
  };
  if (collageId !== null) fields.collageid = String(collageId);
  return new URLSearchParams(fields).toString();
}

/** Save answers that were 200 but not the expected JSON (reported; should stay 0). */
let unreadSaveAnswers = 0;

/** One alive + save + load cycle per step of each connection; a new user for every cycle. */
function cycleRequests(url: string, users: BenchUser[], screenshot: string): SequenceRequest[] {
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: url };
  let nextUser = 0;
  let cycle = 0;
  return [
    {
      method: 'POST',
      path: '/api/alive?format=json',
      setupRequest: (request, context) => {
        const user = users[nextUser++ % users.length]!;
        context.user = user;
        return { ...request, headers: { ...form, cookie: user.cookie }, body: '' };
      },
    },
    {
      method: 'POST',
      path: '/api/save?format=json',
      setupRequest: (request, context) => {
        const user = context.user as BenchUser;
        const isNew = cycle++ % NEW_COLLAGE_EVERY === 0;
        return {
          ...request,
          headers: { ...form, cookie: user.cookie },
          body: saveBody(user, screenshot, isNew ? null : user.collageId),
        };
      },
      onResponse: (status, body, context) => {
        // A throw here would stall the connection inside autocannon's parser: never throw.
        try {
          if (status === 200)
            context.savedId = (JSON.parse(body) as { collageid: number }).collageid;
        } catch {
          unreadSaveAnswers += 1;
        }
      },
    },
    {
      method: 'POST',
      path: '/api/load?format=json',
      setupRequest: (request, context) => {
        const user = context.user as BenchUser;
        const collageId = (context.savedId as number | undefined) ?? user.collageId;
        return {
          ...request,
          headers: { ...form, cookie: user.cookie },
          body: `collageid=${collageId}`,
        };
      },
    },
  ];
}

async function measure(
  url: string,
  users: BenchUser[],
  screenshot: string,
): Promise<{ result: Result; timeline: BackendReport['timeline'] }> {
  const timeline: BackendReport['timeline'] = [];
  const startedAt = Date.now();
  const bucket = () => {
    const second = Math.floor((Date.now() - startedAt) / 1000);
    while (timeline.length <= second)
      timeline.push({ second: timeline.length, responses: 0, errors: 0, maxMs: 0 });
    return timeline[second]!;
  };
  const result = await new Promise<Result>((resolve, reject) => {
    const options = {
      url,
      connections: CONNECTIONS,
      duration: DURATION_S,
      timeout: 10,
      requests: cycleRequests(url, users, screenshot),
    };
    const instance = autocannon(options, (error, done) => (error ? reject(error) : resolve(done)));
    instance.on(
      'response',
      (_client: unknown, _status: number, _bytes: number, responseMs: number) => {
        const entry = bucket();
        entry.responses += 1;
        entry.maxMs = Math.max(entry.maxMs, Math.round(responseMs));
      },
    );
    instance.on('reqError', () => {
      bucket().errors += 1;
    });
  });
  return { result, timeline };
}

async function runOn(backend: Backend): Promise<BackendReport> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `fotocollage-bench-${backend}-`));
  const catalogDir = path.join(workDir, 'catalog');
  await fs.mkdir(catalogDir);
  await fs.writeFile(path.join(catalogDir, 'themes.xml'), BENCH_TEMPLATE);
  const schema =
    backend === 'postgres' ? `bench_${crypto.randomBytes(5).toString('hex')}` : undefined;
  const databaseUrl = backend === 'postgres' ? process.env.DATABASE_URL : undefined;

  // Seed with the server stopped: PGlite's folder has one owner at a time.
  const db = await openDb({
    databaseUrl,
    schema,
    dataDir: databaseUrl ? undefined : path.join(workDir, 'db'),
  });
  const users = await seedBenchUsers(db, USERS);
  await db.close();

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // BENCH_SERVER_NODE_ARGS (e.g. --cpu-prof) goes to the server's node, for profiling a run.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: workDir,
      DATABASE_URL: databaseUrl ?? '',
      DATABASE_SCHEMA: schema ?? '',
      STATIC_DIR: path.join(workDir, 'no-spa'),
      CATALOG_DIR: catalogDir,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      // The load comes from one address; the sign-in limit must not turn the run into 429s.
      AUTH_RATE_LIMIT: '1000000',
      SESSION_RATE_LIMIT: '1000000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitForServer(url, child);
    const screenshot = await screenshotBase64();
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: url };

    // Every user's first save, so the timed loop can update and load an existing collage.
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (let index = worker; index < users.length; index += 20) {
          const user = users[index]!;
          const response = await fetch(`${url}/api/save?format=json`, {
            method: 'POST',
            headers: { ...form, cookie: user.cookie },
            body: saveBody(user, screenshot, null),
          });
          if (!response.ok)
            throw new Error(`seed save failed: ${response.status} ${await response.text()}`);
          user.collageId = ((await response.json()) as { collageid: number }).collageid;
        }
      }),
    );

    const cpuBefore = await processCpuMs(child.pid);
    const { result, timeline } = await measure(url, users, screenshot);
    const cpuAfter = await processCpuMs(child.pid);
    const statusCodes = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
    );
    return {
      backend,
      connections: CONNECTIONS,
      durationS: DURATION_S,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: {
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
        average: result.latency.average,
      },
      requests: result.requests.total,
      errors: result.errors + result.non2xx,
      non2xx: result.non2xx,
      timeouts: result.timeouts,
      serverCpuMsPerRequest:
        cpuBefore !== null && cpuAfter !== null
          ? Math.round(((cpuAfter - cpuBefore) / result.requests.total) * 1000) / 1000
          : null,
      statusCodes,
      timeline,
    };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) =>
      child.exitCode !== null ? resolve(null) : child.once('exit', resolve),
    );
    await fs.rm(workDir, { recursive: true, force: true });
    if (schema && databaseUrl) {
      const { default: pg } = await import('pg');
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.end();
    }
  }
}

function line(label: string, report: BackendReport): string {
  return `${label} rps=${report.requestsPerSecond} p50_ms=${report.latencyMs.p50} p99_ms=${report.latencyMs.p99} errors=${report.errors}`;
}

// The machine may be shared: its load before and after says how far the figures can be trusted.
const loadBefore = os.loadavg();
const reports: BackendReport[] = [];
if (process.env.DATABASE_URL) reports.push(await runOn('postgres'));
// The cluster scenario (nginx, two instances, one killed) needs PostgreSQL. bench:ci leaves it out (its
// server step has a 4-minute limit); BENCH_CLUSTER=true or false decides either way.
const clusterWanted =
  (process.env.BENCH_CLUSTER ??
    (process.env.npm_lifecycle_event === 'bench:ci' ? 'false' : 'true')) === 'true';
const cluster =
  process.env.DATABASE_URL && clusterWanted
    ? await runCluster(process.env.DATABASE_URL, {
        connections: CONNECTIONS,
        durationS: DURATION_S,
      })
    : null;
reports.push(await runOn('pglite'));

const machine = {
  loadAverageBefore: loadBefore,
  loadAverageAfter: os.loadavg(),
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? '',
  node: process.version,
  platform: `${os.platform()} ${os.release()}`,
};
await fs.mkdir(path.resolve('out', 'bench'), { recursive: true });
const outFile = path.resolve('out', 'bench', 'server.json');
await fs.writeFile(
  `${outFile}.tmp`,
  JSON.stringify(
    {
      date: new Date().toISOString(),
      machine,
      workload: 'alive + save + load per cycle',
      unreadSaveAnswers,
      reports,
      cluster,
    },
    null,
    2,
  ),
);
await fs.rename(`${outFile}.tmp`, outFile);

for (const { timeline, ...report } of reports) {
  console.log(`${report.backend}: ${JSON.stringify(report)}`);
  console.log(
    `${report.backend} answers per second: ${timeline.map((entry) => entry.responses + (entry.errors ? `(${entry.errors} errors)` : '')).join(' ')}`,
  );
}
const postgres = reports.find((report) => report.backend === 'postgres');
if (postgres) console.log(line('server[postgres]', postgres));
if (cluster) {
  console.log(`cluster: ${JSON.stringify(cluster)}`);
  console.log(
    `server[cluster] rps=${cluster.requestsPerSecond} p99_ms=${cluster.latencyMs.p99} errors=${cluster.errors} lost=${cluster.lost} instances=${cluster.instances} killed=${cluster.killed}`,
  );
}
console.log(
  line(
    'server',
    reports.find((report) => report.backend === 'pglite')!,
  ),
);
// For bench:ci: PGlite's figures by their plain names, PostgreSQL's with a _postgres suffix.
const figures: Record<string, Figure> = {};
for (const report of reports) {
  const suffix = report.backend === 'pglite' ? '' : `_${report.backend}`;
  figures[`rps${suffix}`] = { value: report.requestsPerSecond, unit: 'req/s' };
  figures[`p99_ms${suffix}`] = { value: report.latencyMs.p99, unit: 'ms' };
  figures[`errors${suffix}`] = { value: report.errors, unit: 'count' };
}
emitFigures(
  'server',
  figures,
  loadBefore.map((l) => Number(l.toFixed(2))),
);
