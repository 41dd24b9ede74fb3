import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Backend } from './helper.js';
import { withPrintMalloc } from '../print/printMalloc.js';

export interface ServerProcess {
  url: string;
  pid: number;
  /** CPU time the process has used so far, in ms (user + system, 10 ms steps): load does not stretch it. */
  cpuMs(): number;
  dataDir: string;
  /** Everything the process wrote (JSON log lines, a start-up failure). */
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL: nothing is closed or released. */
  kill(): Promise<void>;
}

export interface ServerProcessOptions {
  backend: Backend;
  /** Reuse a data folder (a second server on the same folder); a new one otherwise. */
  dataDir?: string;
  env?: Record<string, string>;
}

export interface ExitedEarly {
  exitCode: number | null;
  output: string;
}

/**
 * The real server as its own Node process (server/main.ts), on a free port: what a shop runs, and a
 * measurement of its answers that the test's own work in the same event loop cannot disturb.
 * Resolves when it listens; an exit before that resolves `{ exitCode, output }` instead.
 */
export async function startServerProcess(
  options: ServerProcessOptions,
): Promise<ServerProcess | ExitedEarly> {
  const dataDir =
    options.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'fotocollage-proc-')));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: path.join(dataDir, 'no-build'),
    LOG_LEVEL: 'info',
    ...options.env,
  };
  if (options.backend === 'postgres')
    env.DATABASE_SCHEMA ??= `t_${crypto.randomBytes(6).toString('hex')}`;
  else delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    // as `npm run serve` starts it (server/print/printMalloc.ts)
    env: withPrintMalloc(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const listening = new Promise<string>((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
  });
  const first = await Promise.race([listening, exited.then((code) => ({ code }))]);
  if (typeof first !== 'string') return { exitCode: first.code, output };
  return {
    url: first,
    pid: child.pid!,
    cpuMs: () => {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    },
    dataDir,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

export function isRunning(server: ServerProcess | ExitedEarly): server is ServerProcess {
  return 'url' in server;
}
