import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  hasPrintMalloc,
  PRINT_MALLOC_TUNABLE,
  warnWithoutPrintMalloc,
  withPrintMalloc,
} from './printMalloc';

describe('the print malloc tunable', () => {
  it('is added to an environment without GLIBC_TUNABLES', () => {
    expect(withPrintMalloc({ PATH: '/bin' })).toEqual({
      PATH: '/bin',
      GLIBC_TUNABLES: PRINT_MALLOC_TUNABLE,
    });
  });

  it("keeps the operator's own tunables and adds the threshold after them", () => {
    const env = withPrintMalloc({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' });
    expect(env.GLIBC_TUNABLES).toBe(`glibc.malloc.arena_max=2:${PRINT_MALLOC_TUNABLE}`);
    expect(hasPrintMalloc(env)).toBe(true);
  });

  it("leaves an operator's own threshold as it is", () => {
    const env = { GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536' };
    expect(withPrintMalloc(env)).toBe(env);
    expect(hasPrintMalloc({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' })).toBe(false);
  });

  it('is set by every npm script that starts the server or a print worker', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['start', 'serve', 'print-worker'])
      expect(scripts[name], name).toMatch(
        new RegExp(`GLIBC_TUNABLES=${PRINT_MALLOC_TUNABLE.replaceAll('.', '\\.')} node `),
      );
  });

  it('warns a Linux process started without it, once, and not one started with it', () => {
    const lines: string[] = [];
    const saved = process.env.GLIBC_TUNABLES;
    try {
      delete process.env.GLIBC_TUNABLES;
      warnWithoutPrintMalloc((line) => lines.push(line));
      process.env.GLIBC_TUNABLES = PRINT_MALLOC_TUNABLE;
      warnWithoutPrintMalloc((line) => lines.push(line));
    } finally {
      if (saved === undefined) delete process.env.GLIBC_TUNABLES;
      else process.env.GLIBC_TUNABLES = saved;
    }
    expect(lines).toHaveLength(process.platform === 'linux' ? 1 : 0);
  });
});
