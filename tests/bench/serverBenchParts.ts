/** Pieces the server benchmarks share (bench:server's single-instance runs and its cluster scenario). */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { SESSION_COOKIE } from '../../server/auth/sessions.js';
import type { Queryable } from '../../server/db/db.js';
import { seedPhoto, seedUser } from '../../server/test/seed.js';

export const BENCH_TEMPLATE = `<themes><template id="alleven" name="Bench" source="gen:alleven"><size id="101" width="50" height="40" materials="POSTER" description="50 x 40 cm [39.95]"/></template></themes>`;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        address && typeof address === 'object'
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

/** A real JPEG of about a screenshot's size (the editor sends a 500x500 JPEG at quality 50). */
export async function screenshotBase64(): Promise<string> {
  const fixture = path.resolve(
    '..',
    'shared',
    'fixtures',
    'photos',
    'cameras',
    'xmp_BlueSquare.jpg',
  );
  try {
    return (await fs.readFile(fixture)).toString('base64');
  } catch {
    return Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      crypto.randomBytes(24000),
      Buffer.from([0xff, 0xd9]),
    ]).toString('base64');
  }
}

/** user + system CPU of a process so far, from /proc (Linux; null elsewhere). Clock ticks are 10 ms on Linux. */
export async function processCpuMs(pid: number | undefined): Promise<number | null> {
  if (pid === undefined) return null;
  try {
    const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

export async function waitForServer(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/alive?format=json`, {
        method: 'POST',
        headers: { origin: url, 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      if (response.ok) return;
      throw new Error(
        `server answers the heartbeat with ${response.status}: ${await response.text()}`,
      );
    } catch (error) {
      // Not listening yet: fetch fails to connect. Any other failure is real.
      if (!(error instanceof TypeError)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not start within 60 s');
}

export interface BenchUser {
  cookie: string;
  photoIds: number[];
  collageId: number;
}

const PHOTOS_PER_USER = 6;

/** Users with a session and six photos each, written straight to the database before the server starts. */
export async function seedBenchUsers(db: Queryable, count: number): Promise<BenchUser[]> {
  const users: BenchUser[] = [];
  for (let index = 0; index < count; index += 1) {
    const seeded = await seedUser(db, `bench${index}`);
    const photoIds: number[] = [];
    for (let photo = 0; photo < PHOTOS_PER_USER; photo += 1)
      photoIds.push(await seedPhoto(db, seeded.userId));
    users.push({ cookie: `${SESSION_COOKIE}=${seeded.sessionId}`, photoIds, collageId: 0 });
  }
  return users;
}
