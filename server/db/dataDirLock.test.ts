import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLocked, LOCK_FILE, lockDataDir } from './dataDirLock.js';
import { isRunning, startServerProcess } from '../test/serverProcess.js';

const folders: string[] = [];
async function folder(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-lock-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(folders.splice(0).map((dir) => fs.rm(dir, { recursive: true, force: true })));
});

/** The pid of a process that has exited: a holder killed without releasing its lock. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('the embedded database folder lock', () => {
  it('refuses a second holder with a message naming the folder and the holder, and frees the folder on release', async () => {
    const dir = await folder();
    const lock = await lockDataDir(dir);
    const refusal = await lockDataDir(dir).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirLocked);
    expect((refusal as Error).message).toContain(dir);
    expect((refusal as Error).message).toContain(`process ${process.pid}`);
    expect(JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      host: os.hostname(),
    });
    await lock.release();
    await (await lockDataDir(dir)).release();
  });

  it('takes over the lock of a killed process, once, when several start at the same moment', async () => {
    const dir = await folder();
    await fs.writeFile(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: await deadPid(), started: 1, host: os.hostname() }),
    );
    const outcomes = await Promise.allSettled([
      lockDataDir(dir),
      lockDataDir(dir),
      lockDataDir(dir),
    ]);
    // one process in this test: the in-process rule refuses the others like a second process
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
  });

  it('does not take over a lock written on another host', async () => {
    const dir = await folder();
    await fs.writeFile(
      path.join(dir, LOCK_FILE),
      JSON.stringify({ pid: 1, started: 1, host: 'other-host' }),
    );
    await expect(lockDataDir(dir)).rejects.toThrow(/in use by process 1 on other-host/);
  });
});

describe('a second server on the same PGlite folder', () => {
  it(
    'exits non-zero with a message naming the folder, and the first keeps serving',
    { timeout: 180_000 },
    async () => {
      const first = await startServerProcess({ backend: 'pglite' });
      if (!isRunning(first)) throw new Error(first.output);
      try {
        const second = await startServerProcess({ backend: 'pglite', dataDir: first.dataDir });
        expect(isRunning(second)).toBe(false);
        if (isRunning(second)) return void (await second.stop());
        expect(second.exitCode).not.toBe(0);
        expect(second.output).toContain(
          `The database folder ${path.join(first.dataDir, 'db')} is in use by process`,
        );
        expect(
          (
            await fetch(`${first.url}/api/alive?format=json`, {
              method: 'POST',
              body: new URLSearchParams({ s: '' }),
            })
          ).status,
        ).toBe(200);
      } finally {
        await first.stop();
        await fs.rm(first.dataDir, { recursive: true, force: true });
      }
    },
  );

  it('starts on a folder whose server was killed', { timeout: 180_000 }, async () => {
    const first = await startServerProcess({ backend: 'pglite' });
    if (!isRunning(first)) throw new Error(first.output);
    await first.kill();
    const second = await startServerProcess({ backend: 'pglite', dataDir: first.dataDir });
    expect(isRunning(second)).toBe(true);
    if (isRunning(second)) await second.stop();
    await fs.rm(first.dataDir, { recursive: true, force: true });
  });
});
