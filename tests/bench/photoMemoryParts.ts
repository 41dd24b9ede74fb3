/**
 * The pure parts of the photo memory benchmark (photoMemory.ts): reading a process's proportional
 * memory from /proc/PID/smaps_rollup, telling which processes are the measured Chromium's, making
 * distinct copies of one JPEG, and turning the measured steps into bench:ci's figures.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Figure } from './figures';
import { descendsFrom } from './rendererProcess';

/**
 * Pss_Anon + Pss_Shmem of one smaps_rollup, in bytes: the process's share of the memory that only
 * its work fills (heaps, decoded pictures, shared memory between Chromium's processes). File-backed
 * pages (Chromium's own binary and libraries, fonts) are left out: the same in every run, and
 * shared with every other browser on the machine.
 */
export function pssOfRollup(rollup: string): number {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(rollup);
    if (!match) throw new Error(`smaps_rollup has no ${name}`);
    return Number(match[1]) * 1024;
  };
  return field('Pss_Anon') + field('Pss_Shmem');
}

/**
 * A command line's arguments: NUL-separated, or space-separated where Chromium rewrote its process
 * title (its zygote-born processes do).
 */
function argsOf(cmdline: string): string[] {
  return cmdline.split(/\0| /).filter((arg) => arg !== '');
}

/**
 * Whether a process (its NUL-separated command line) is one of the browser's that count: every
 * Chromium process (browser, zygotes, GPU, utilities, renderers) except the browser-UI renderer
 * (--top-chrome-webui), which a headless context starts for itself and no customer's page uses.
 */
export function countsAsChromium(cmdline: string): boolean {
  const args = argsOf(cmdline);
  const program = args[0]?.split('/').pop() ?? '';
  if (!/^(chromium|chrome)$/.test(program)) return false;
  return !args.includes('--top-chrome-webui');
}

/** The kind of a Chromium process by its --type (the browser process has none), for the report. */
export function processKind(cmdline: string): string {
  const type = argsOf(cmdline).find((arg) => arg.startsWith('--type='));
  return type ? type.slice('--type='.length) : 'browser';
}

export interface ProcessMemory {
  pid: number;
  kind: string;
  bytes: number;
}

/** The counted Chromium processes started under this process (not other browsers on the machine). */
export function chromiumMemory(ancestor = process.pid): ProcessMemory[] {
  const found: ProcessMemory[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!countsAsChromium(cmdline) || !descendsFrom(pid, ancestor)) continue;
      const bytes = pssOfRollup(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      found.push({ pid, kind: processKind(cmdline), bytes });
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

/**
 * A copy of a JPEG that differs from every other copy: a comment segment (COM) with `text` after
 * its APPn segments (JFIF, Exif, ICC stay first, as decoders expect). The picture is unchanged; the
 * file's bytes, size and MD5 key are its own, as a customer's photos are.
 */
export function withComment(jpeg: Uint8Array, text: string): Uint8Array {
  if (jpeg[0] !== 0xff || jpeg[1] !== 0xd8) throw new Error('not a JPEG (no SOI)');
  let at = 2;
  while (jpeg[at] === 0xff && jpeg[at + 1]! >= 0xe0 && jpeg[at + 1]! <= 0xef)
    at += 2 + ((jpeg[at + 2]! << 8) | jpeg[at + 3]!);
  const body = new TextEncoder().encode(text);
  const length = body.length + 2;
  if (length > 0xffff) throw new Error('comment too long');
  const out = new Uint8Array(jpeg.length + 2 + length);
  out.set(jpeg.subarray(0, at), 0);
  out.set([0xff, 0xfe, length >> 8, length & 0xff], at);
  out.set(body, at + 4);
  out.set(jpeg.subarray(at), at + 2 + length);
  return out;
}

/** The browser's memory (bytes) at each step of the benchmark. */
export interface MemorySteps {
  /** about:blank in the same browser. */
  blank: number;
  /** The editor as it opens ('Ga aan de slag'), its drawing on screen. */
  editor: number;
  /** The editor with the layout the photos will fill, before any photo. */
  base: number;
  /** The photos added to the photo dialog, their tiles loaded. */
  added: number;
  /** The photos placed in the slots (autofill), the canvas drawing them all. */
  placed: number;
  /** The photo dialog open again and scrolled through to its last tile. */
  scrolled: number;
}

const MB = 2 ** 20;
const mb = (bytes: number, digits: number) => Number((bytes / MB).toFixed(digits));

/**
 * bench:ci's figures: the editor's own memory over a blank page, and the memory each photo adds
 * over the editor with its layout (MiB), after adding, placing and scrolling.
 */
export function memoryFigures(steps: MemorySteps, photos: number): Record<string, Figure> {
  if (!(photos > 0)) throw new Error(`no photos to divide by: ${photos}`);
  const perPhoto = (bytes: number) => ({ value: mb((bytes - steps.base) / photos, 3), unit: 'MB' });
  return {
    editor_over_blank_mb: { value: mb(steps.editor - steps.blank, 1), unit: 'MB' },
    photo_added_mb: perPhoto(steps.added),
    photo_placed_mb: perPhoto(steps.placed),
    photo_scrolled_mb: perPhoto(steps.scrolled),
  };
}
