/**
 * bench:server's cluster scenario (with DATABASE_URL): nginx, configured by the repository's sample
 * deploy/nginx/fotocollage.conf, in front of two server instances on one PostgreSQL schema with a
 * shared photo and print folder. The same alive + save + load load as the single-instance runs goes
 * through nginx; halfway, one instance is killed with SIGKILL. Every save carries a token of its own;
 * afterwards each collage whose save was answered with an id must exist and hold a token that was
 * sent for it (lost counts those that do not: missing, or holding something nobody saved).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result, type SequenceRequest } from 'autocannon';
import { openDb } from '../../server/db/db.js';
import { collageXml } from '../../server/test/seed.js';
import {
  BENCH_TEMPLATE,
  freePort,
  screenshotBase64,
  seedBenchUsers,
  waitForServer,
  type BenchUser,
} from './serverBenchParts.js';

export interface ClusterReport {
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; max: number };
  requests: number;
  errors: number;
  statusCodes: Record<string, number>;
  /** Saves answered with a collage id. */
  acknowledgedSaves: number;
  lost: number;
  instances: number;
  killed: number;
  killedAtS: number;
}

const NGINX_SAMPLE = path.resolve('deploy', 'nginx', 'fotocollage.conf');

/** The sample configuration with this run's ports, inside a minimal nginx.conf that keeps everything under dir. */
async function nginxConfig(
  dir: string,
  listenPort: number,
  instancePorts: number[],
): Promise<string> {
  let sample = await fs.readFile(NGINX_SAMPLE, 'utf8');
  sample = sample.replace(/listen 80;/, `listen 127.0.0.1:${listenPort};`);
  instancePorts.forEach(
    (port, index) => (sample = sample.replace(`127.0.0.1:${8081 + index}`, `127.0.0.1:${port}`)),
  );
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  return [
    'daemon off;',
    // As root, nginx's workers would run as nobody and could not write their temp files under the run's private folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 4096; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    sample,
    '}',
  ].join('\n');
}

function stopped(child: ChildProcess): Promise<void> {
  return new Promise((resolve) =>
    child.exitCode !== null || child.signalCode !== null
      ? resolve()
      : child.once('exit', () => resolve()),
  );
}

interface Tracking {
  /** Tokens sent in saves of an existing collage, by its id. */
  sentFor: Map<number, Set<string>>;
  /** Collage id → tokens of the saves answered with that id. */
  acknowledged: Map<number, Set<string>>;
}

function note(map: Map<number, Set<string>>, id: number, token: string): void {
  const set = map.get(id) ?? new Set<string>();
  set.add(token);
  map.set(id, set);
}

function clusterCycle(
  url: string,
  users: BenchUser[],
  screenshot: string,
  tracking: Tracking,
): SequenceRequest[] {
  const form = { 'content-type': 'application/x-www-form-urlencoded', origin: url };
  let nextUser = 0;
  let cycle = 0;
  return [
    {
      method: 'POST',
      path: '/api/alive?format=json',
      setupRequest: (request, context) => {
        context.user = users[nextUser++ % users.length]!;
        return {
          ...request,
          headers: { ...form, cookie: (context.user as BenchUser).cookie },
          body: '',
        };
      },
    },
    {
      method: 'POST',
      path: '/api/save?format=json',
      setupRequest: (request, context) => {
        const user = context.user as BenchUser;
        const token = `save-${cycle}`;
        const target = cycle++ % 10 === 0 ? null : user.collageId;
        context.token = token;
        if (target !== null) note(tracking.sentFor, target, token);
        const layers = `<layers><doptext name="txt1" text="${token}" color="0x000000"/></layers>`;
        const fields: Record<string, string> = {
          collagexml: collageXml({ photoIds: user.photoIds, screenshotBase64: screenshot, layers }),
          editor: '2',
          editor_version: '1',
          fororder: 'false',
          templateid: 'alleven',
        };
        if (target !== null) fields.collageid = String(target);
        return {
          ...request,
          headers: { ...form, cookie: user.cookie },
          body: new URLSearchParams(fields).toString(),
        };
      },
      onResponse: (status, body, context) => {
        try {
          if (status !== 200) return;
          const id = (JSON.parse(body) as { collageid: number }).collageid;
          context.savedId = id;
          note(tracking.acknowledged, id, context.token as string);
        } catch {
          // counted as an error by autocannon's status; never throw inside its parser
        }
      },
    },
    {
      method: 'POST',
      path: '/api/load?format=json',
      setupRequest: (request, context) => {
        const user = context.user as BenchUser;
        return {
          ...request,
          headers: { ...form, cookie: user.cookie },
          body: `collageid=${(context.savedId as number | undefined) ?? user.collageId}`,
        };
      },
    },
  ];
}

/** Acknowledged collages that are missing, or hold a token that was never sent for them. */
async function countLost(databaseUrl: string, schema: string, tracking: Tracking): Promise<number> {
  const db = await openDb({ databaseUrl, schema, poolSize: 2 });
  try {
    const ids = [...tracking.acknowledged.keys()];
    const rows = await db.query<{ id: string; collage_xml: string }>(
      'SELECT id, collage_xml FROM collages WHERE id = ANY($1::bigint[])',
      [ids],
    );
    const stored = new Map(
      rows.map((row) => [Number(row.id), /text="(save-\d+)"/.exec(row.collage_xml)?.[1]]),
    );
    let lost = 0;
    for (const [id, tokens] of tracking.acknowledged) {
      const token = stored.get(id);
      const possible = new Set([...tokens, ...(tracking.sentFor.get(id) ?? [])]);
      if (!token || !possible.has(token)) lost += 1;
    }
    return lost;
  } finally {
    await db.close();
  }
}

export async function runCluster(
  databaseUrl: string,
  { connections, durationS }: { connections: number; durationS: number },
): Promise<ClusterReport> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-cluster-'));
  const catalogDir = path.join(workDir, 'catalog');
  await fs.mkdir(catalogDir);
  await fs.writeFile(path.join(catalogDir, 'themes.xml'), BENCH_TEMPLATE);
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  const seedDb = await openDb({ databaseUrl, schema });
  const users = await seedBenchUsers(seedDb, connections * 2);
  await seedDb.close();

  const instancePorts = [await freePort(), await freePort()];
  const nginxPort = await freePort();
  const children: ChildProcess[] = [];
  try {
    for (const [index, port] of instancePorts.entries()) {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: path.join(workDir, `instance-${index + 1}`),
          PHOTO_DIR: path.join(workDir, 'photos'),
          PRINT_DIR: path.join(workDir, 'prints'),
          DATABASE_URL: databaseUrl,
          DATABASE_SCHEMA: schema,
          STATIC_DIR: path.join(workDir, 'no-spa'),
          CATALOG_DIR: catalogDir,
          LOG_LEVEL: 'warn',
          TRUST_PROXY: 'true',
          PRINT_IN_WEB: 'false',
          AUTH_RATE_LIMIT: '1000000',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      children.push(child);
      await waitForServer(`http://127.0.0.1:${port}`, child);
    }
    const nginxDir = path.join(workDir, 'nginx');
    await fs.mkdir(nginxDir);
    await fs.writeFile(
      path.join(nginxDir, 'nginx.conf'),
      await nginxConfig(nginxDir, nginxPort, instancePorts),
    );
    const nginx = spawn('nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.push(nginx);
    const url = `http://127.0.0.1:${nginxPort}`;
    await waitForServer(url, nginx);

    const screenshot = await screenshotBase64();
    const form = { 'content-type': 'application/x-www-form-urlencoded', origin: url };
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (let index = worker; index < users.length; index += 20) {
          const user = users[index]!;
          const body = new URLSearchParams({
            collagexml: collageXml({ photoIds: user.photoIds, screenshotBase64: screenshot }),
            editor: '2',
            editor_version: '1',
            fororder: 'false',
            templateid: 'alleven',
          });
          const response = await fetch(`${url}/api/save?format=json`, {
            method: 'POST',
            headers: { ...form, cookie: user.cookie },
            body,
          });
          if (!response.ok)
            throw new Error(`seed save failed: ${response.status} ${await response.text()}`);
          user.collageId = ((await response.json()) as { collageid: number }).collageid;
        }
      }),
    );

    const tracking: Tracking = { sentFor: new Map(), acknowledged: new Map() };
    const victim = children[1]!;
    const killedAtS = Math.round(durationS / 2);
    const killer = setTimeout(() => victim.kill('SIGKILL'), killedAtS * 1000);
    const result = await new Promise<Result>((resolve, reject) => {
      autocannon(
        {
          url,
          connections,
          duration: durationS,
          timeout: 10,
          requests: clusterCycle(url, users, screenshot, tracking),
        },
        (error, done) => (error ? reject(error) : resolve(done)),
      );
    });
    clearTimeout(killer);
    await stopped(victim);
    const acknowledgedSaves = [...tracking.acknowledged.values()].reduce(
      (sum, tokens) => sum + tokens.size,
      0,
    );
    return {
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
      requests: result.requests.total,
      errors: result.errors + result.non2xx,
      statusCodes: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count]),
      ),
      acknowledgedSaves,
      lost: await countLost(databaseUrl, schema, tracking),
      instances: instancePorts.length,
      killed: victim.signalCode === 'SIGKILL' ? 1 : 0,
      killedAtS,
    };
  } finally {
    for (const child of children.reverse()) {
      child.kill('SIGTERM');
      await stopped(child);
    }
    await fs.rm(workDir, { recursive: true, force: true });
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await client.query(`DROP SCHEMA IF EXISTS ${schema}_jobs CASCADE`);
    await client.end();
  }
}
