/**
 * Native libjpeg-turbo `djpeg -scale M/8` (Debian's libjpeg-turbo-progs, SIMD): decode only, the
 * PPM written to /dev/null, no resize. The physical limit the codec benchmarks compare with.
 * Wall and CPU time come from bash's `time` (the process start is in them: about 1 ms); the peak
 * resident memory from GNU time (`/usr/bin/time`, package `time`) when it is installed.
 */
import { spawnSync } from 'node:child_process';

export const DJPEG_MISSING =
  "djpeg not found: the native column (the physical limit) needs Debian's libjpeg-turbo-progs " +
  '(`apt-get install -y libjpeg-turbo-progs`; .ci/run does not install it, benchmarks are not part of CI)';

export function djpegAvailable(): boolean {
  return !spawnSync('djpeg', ['-version']).error;
}

const TIMED = `TIMEFORMAT='%3R %3U %3S'; time djpeg -scale "$2" -outfile /dev/null "$1"`;

/** One run: wall and CPU (user + system) milliseconds. */
export function djpegOnce(file: string, eighths: number): { wallMs: number; cpuMs: number } {
  const run = spawnSync('bash', ['-c', TIMED, 'bench', file, `${eighths}/8`], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`djpeg failed on ${file}: ${run.stderr}`);
  const [real, user, sys] = run.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wallMs: real! * 1000, cpuMs: (user! + sys!) * 1000 };
}

/** `runs` runs after one warm-up (page cache), or null when djpeg is not installed. */
export function timeDjpeg(
  file: string,
  eighths: number,
  runs: number,
): { wallMs: number[]; cpuMs: number[] } | null {
  if (!djpegAvailable()) return null;
  djpegOnce(file, eighths);
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    const { wallMs: wall, cpuMs: cpu } = djpegOnce(file, eighths);
    wallMs.push(wall);
    cpuMs.push(cpu);
  }
  return { wallMs, cpuMs };
}

/** Peak resident memory of one djpeg run in bytes; null without djpeg or GNU time. */
export function djpegPeakBytes(file: string, eighths: number): number | null {
  const run = spawnSync(
    '/usr/bin/time',
    ['-f', '%M', 'djpeg', '-scale', `${eighths}/8`, '-outfile', '/dev/null', file],
    { encoding: 'utf8' },
  );
  if (run.error || run.status !== 0) return null;
  const kb = Number(run.stderr.trim().split('\n').at(-1));
  return Number.isFinite(kb) ? kb * 1024 : null;
}
