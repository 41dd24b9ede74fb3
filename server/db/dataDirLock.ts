import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * One process per embedded database folder. Two servers on one PGlite folder both start and then
 * overwrite each other's writes (issue 17: ids given to two saves, saves lost after a restart), so
 * the folder gets a lock file naming its holder: pid, the process's start time (a pid is reused
 * after a restart, the pair is not) and host.
 *
 * - Taking the lock: the file is written under a temporary name and hard-linked into place, which
 *   fails when a lock exists: no moment where a half-written lock can be read.
 * - A lock whose holder is gone (killed, crashed) is stale. Taking it over goes through a second
 *   link-created file, so two servers starting at once cannot both take over: the loser finds the
 *   winner's live lock and stops.
 * - A lock held by a live process, or written on another host (its process cannot be checked from
 *   here), is refused with a message naming the folder and the holder.
 */

export const LOCK_FILE = 'fotocollage.lock';

export interface LockHolder {
  pid: number;
  /** Start time of the process (Linux /proc, clock ticks since boot); null where unknown. */
  started: number | null;
  host: string;
}

export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder | null,
  ) {
    const who = holder ? `process ${holder.pid} on ${holder.host}` : 'another process';
    super(
      `The database folder ${dataDir} is in use by ${who}. Only one server may use an embedded database folder: ` +
        `stop the other server, or give this one its own DATA_DIR (or a DATABASE_URL). ` +
        `If no server uses it, delete ${path.join(dataDir, LOCK_FILE)}.`,
    );
    this.name = 'DataDirLocked';
  }
}

/** Start time of a process from /proc (field 22 of stat); null when it cannot be read. */
function processStart(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const started = Number(fields[19]);
    return Number.isFinite(started) ? started : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Locks this process holds (a second openDb on the same folder in one process is refused as well). */
const heldHere = new Set<string>();

function self(): LockHolder {
  return { pid: process.pid, started: processStart(process.pid), host: os.hostname() };
}

/** True when the holder certainly no longer runs: same host, and its pid is gone or is another process now. */
function isStale(holder: LockHolder, lockPath: string): boolean {
  if (holder.host !== os.hostname()) return false;
  // our own pid: held by this process, or left by an earlier one that had the same pid (a container's)
  if (holder.pid === process.pid) return !heldHere.has(lockPath);
  if (!isAlive(holder.pid)) return true;
  const started = processStart(holder.pid);
  return holder.started !== null && started !== null && started !== holder.started;
}

async function readHolder(file: string): Promise<LockHolder | null> {
  try {
    const parsed = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return {
      pid: parsed.pid,
      started: typeof parsed.started === 'number' ? parsed.started : null,
      host: parsed.host,
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // unreadable content: treated as a holder we cannot check
    return { pid: -1, started: null, host: 'unknown' };
  }
}

/** Links a file holding `holder` into `target`; false when `target` exists. */
async function linkNew(target: string, holder: LockHolder): Promise<boolean> {
  const temp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  await fs.writeFile(temp, JSON.stringify(holder));
  try {
    await fs.link(temp, target);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
}

export interface DataDirLock {
  release(): Promise<void>;
}

/** Takes the folder's lock or throws DataDirLocked. The folder must exist. */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const me = self();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (!heldHere.has(lockPath) && (await linkNew(lockPath, me))) return held(lockPath);
    const holder = await readHolder(lockPath);
    if (holder === null) continue; // released meanwhile: try again
    if (!isStale(holder, lockPath)) throw new DataDirLocked(dataDir, holder);
    await takeOver(lockPath, holder, me);
  }
  throw new DataDirLocked(dataDir, await readHolder(lockPath));
}

/**
 * Replaces a stale lock. Only the process that creates the takeover file may replace it, and it
 * checks again, under that file, that the lock still names the stale holder. A takeover file left by
 * a process killed during its takeover is itself stale and removed.
 */
async function takeOver(lockPath: string, stale: LockHolder, me: LockHolder): Promise<void> {
  const takeoverPath = `${lockPath}.takeover`;
  if (!(await linkNew(takeoverPath, me))) {
    const other = await readHolder(takeoverPath);
    if (other && isStale(other, takeoverPath)) await fs.rm(takeoverPath, { force: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    return;
  }
  try {
    const current = await readHolder(lockPath);
    if (
      current &&
      current.pid === stale.pid &&
      current.started === stale.started &&
      current.host === stale.host
    )
      await fs.rm(lockPath, { force: true });
  } finally {
    await fs.rm(takeoverPath, { force: true });
  }
}

function held(lockPath: string): DataDirLock {
  heldHere.add(lockPath);
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      heldHere.delete(lockPath);
      const holder = await readHolder(lockPath);
      if (holder?.pid === process.pid) await fs.rm(lockPath, { force: true });
    },
  };
}
