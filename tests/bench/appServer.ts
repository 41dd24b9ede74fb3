/**
 * The shop as a customer reaches it, for the browser benchmarks: a fresh `npm run build` into
 * out/bench/dist (not dist/: the e2e tests serve dist/, and a benchmark emptying it under a running
 * e2e made that run fail) served by the real server (`node --import tsx server/main.ts`, as `npm start` runs it) on PGlite
 * in a throwaway data folder, on BENCH_PORT (default 8120).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withPrintMalloc } from '../../server/print/printMalloc';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The benchmarks' own build, apart from the dist/ that `npm run build` and the e2e tests use. */
export const BENCH_DIST = path.join(ROOT, 'out', 'bench', 'dist');

export interface AppServer {
  url: string;
  close(): Promise<void>;
}

/**
 * `npm run build` into BENCH_DIST; throws with Vite's output when it fails. With
 * BENCH_REUSE_BUILD=1 (bench:ci's later steps and re-runs, after bench:phone built the same tree
 * in the same run) an existing build is served as it is.
 */
export function buildApp(log: (...parts: unknown[]) => void): void {
  if (process.env.BENCH_REUSE_BUILD === '1' && fs.existsSync(path.join(BENCH_DIST, 'index.html'))) {
    log(`serving the build in ${path.relative(ROOT, BENCH_DIST)} as it is (BENCH_REUSE_BUILD=1)`);
    return;
  }
  const started = Date.now();
  const args = ['run', '--silent', 'build', '--', '--outDir', BENCH_DIST, '--emptyOutDir'];
  const run = spawnSync('npm', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`npm run build failed:\n${run.stdout}\n${run.stderr}`);
  log(
    `built ${path.relative(ROOT, BENCH_DIST)} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

async function waitUntilServing(url: string, isDead: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (isDead()) throw new Error('the server exited before it served /keuze');
    try {
      const response = await fetch(`${url}/keuze`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not serve ${url}/keuze within 60 s`);
}

export async function startAppServer(
  port = Number(process.env.BENCH_PORT ?? 8120),
): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fotocollage-bench-app-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    // as `npm start` starts it (server/print/printMalloc.ts)
    env: withPrintMalloc({
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: BENCH_DIST,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    }),
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, () => child.exitCode !== null);
  } catch (error) {
    await close();
    throw error;
  }
  return { url, close };
}
