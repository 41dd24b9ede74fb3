/**
 * The Chromium renderer process behind a Playwright page, read from Linux /proc: which process it
 * is, its CPU time and its resident memory (now and peak). Used by the photo benchmarks.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

/** VmHWM (peak) and VmRSS (now) of a process, in bytes. */
export function memoryOf(pid: number): { peak: number; now: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { peak: field('VmHWM'), now: field('VmRSS') };
}

/** The parent of a process, from /proc (0 once it is gone). */
function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return 0;
  }
}

/** Whether `pid` is `ancestor` or started under it (within 16 generations). */
export function descendsFrom(pid: number, ancestor: number): boolean {
  for (
    let current = pid, depth = 0;
    current > 1 && depth < 16;
    current = parentOf(current), depth++
  ) {
    if (current === ancestor) return true;
  }
  return false;
}

/**
 * Renderer processes of the Chromium this script started (the cmdline says --type=renderer, not a
 * browser-UI one, and this process is an ancestor; other people's browsers on the machine are not).
 */
function rendererPids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        // Each new context also starts a browser-UI renderer (--top-chrome-webui) that is busy at first.
        return (
          cmdline.includes('--type=renderer') &&
          !cmdline.includes('--top-chrome-webui') &&
          descendsFrom(Number(pid), process.pid)
        );
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/** CPU time (user + system, all threads) of a process in ms, from /proc/<pid>/stat (10 ms ticks). */
export function cpuMsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime (fields 14 and 15)
  } catch {
    return 0;
  }
}

/** The renderer process of a page: the one whose CPU time grows while the page's main thread spins. */
export async function rendererOf(page: Page): Promise<number> {
  const candidates = rendererPids();
  const before = new Map(candidates.map((pid) => [pid, cpuMsOf(pid)]));
  await page.evaluate(() => {
    let sum = 0;
    for (let i = 0; i < 1e8; i++) sum = (sum + i * 7) % 1_000_003;
    return sum;
  });
  let best = 0;
  let found = 0;
  for (const pid of candidates) {
    const grown = cpuMsOf(pid) - before.get(pid)!;
    if (grown > best) [best, found] = [grown, pid];
  }
  if (!found) throw new Error('could not find the renderer process');
  return found;
}

/** Resets the process's peak resident set (VmHWM) to its current size (Linux, needs root or the same user). */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}
