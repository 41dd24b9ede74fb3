import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CONFIG = 'scripts/unitTests/fixtures/vitest.config.ts';
let markDir = '';

/** `npm run test:unit`'s runner on the fixtures the filters name, in a child process of its own. */
function runUnitTests(...filters: string[]) {
  markDir = mkdtempSync(path.join(tmpdir(), 'unit-tests-'));
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/unitTests/main.ts', '--config', CONFIG, ...filters],
    { encoding: 'utf8', env: { ...process.env, UNIT_FIXTURE_DIR: markDir }, timeout: 120_000 },
  );
  return { status: child.status, output: `${child.stdout}${child.stderr}` };
}

afterEach(() => rmSync(markDir, { recursive: true, force: true }));

describe('npm run test:unit when a test worker dies', { timeout: 150_000 }, () => {
  it('runs the file it took once more, alone, and passes when that run passes', () => {
    const { status, output } = runUnitTests('diesOnce', 'passes');
    expect(existsSync(path.join(markDir, 'diesOnce.died'))).toBe(true);
    expect(output).toMatch(
      /Worker exited unexpectedly with signal SIGKILL .*diesOnce\.fixture\.ts/,
    );
    expect(output).toMatch(/Running \S*diesOnce\.fixture\.ts once more/);
    expect(output).not.toMatch(/Running \S*passes\.fixture\.ts once more/);
    expect(output).toContain('The re-run passed');
    expect(status).toBe(0);
  });

  it('fails when the worker dies again in the re-run', () => {
    const { status, output } = runUnitTests('diesAlways', 'passes');
    expect(output).toMatch(/Running \S*diesAlways\.fixture\.ts once more/);
    expect(output).toContain('The re-run did not pass');
    expect(status).toBe(1);
  });

  it('never runs a failing test again: a death elsewhere in the run does not save it', () => {
    const { status, output } = runUnitTests('diesOnce', 'fails');
    expect(output).toContain('expected 4 to be 5');
    expect(output).not.toContain('once more');
    expect(status).toBe(1);
  });

  it('passes a run without deaths as vitest does, and fails a failing one', () => {
    expect(runUnitTests('passes').status).toBe(0);
    expect(runUnitTests('fails').status).toBe(1);
  });
});
