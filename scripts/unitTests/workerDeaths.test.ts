import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { judgeRun, MAX_RERUN_FILES, workerDeath } from './workerDeaths';

/** The unhandled error vitest 5's forks pool reports when a worker process dies. */
function poolError(detail: string): Error {
  return new Error('[vitest-pool]: Worker forks emitted error.', {
    cause: new Error(`Worker exited unexpectedly ${detail}`),
  });
}
const died = (...files: string[]) =>
  poolError(
    `with signal SIGSEGV during running state while running test file${files.length === 1 ? '' : 's'} ${files.join(', ')}`,
  );

describe('workerDeath', () => {
  it('reads the files in flight from the pool error, one or several', () => {
    const file = fc.stringMatching(/^\/[a-z0-9/._-]{1,40}\.test\.ts$/);
    fc.assert(
      fc.property(fc.uniqueArray(file, { minLength: 1, maxLength: 5 }), (files) => {
        expect(workerDeath(died(...files))?.files).toEqual(files);
      }),
    );
  });

  it('knows a death without files in flight, and nothing else as a death', () => {
    expect(workerDeath(poolError('with exit code 1 during stopping state'))).toEqual({
      message: 'Worker exited unexpectedly with exit code 1 during stopping state',
      files: [],
    });
    expect(workerDeath(new Error('Test timed out in 30000ms'))).toBeNull();
    expect(workerDeath('a string thrown')).toBeNull();
  });
});

describe('judgeRun', () => {
  const passed = (filepath: string) => ({ filepath, state: 'pass' });

  it('runs again only the files a death took, when nothing else failed', () => {
    expect(
      judgeRun(
        [passed('/a.test.ts'), { filepath: '/b.test.ts', state: 'fail' }],
        [died('/b.test.ts')],
      ),
    ).toEqual({
      kind: 'rerun',
      files: ['/b.test.ts'],
      deaths: [
        'Worker exited unexpectedly with signal SIGSEGV during running state while running test file /b.test.ts',
      ],
    });
  });

  it('fails on a failed file the death did not take, and on any other unhandled error', () => {
    const files = [
      { filepath: '/a.test.ts', state: 'fail' },
      { filepath: '/b.test.ts', state: undefined },
    ];
    expect(judgeRun(files, [died('/b.test.ts')])).toMatchObject({ kind: 'failed' });
    expect(judgeRun([passed('/a.test.ts')], [new Error('boom')])).toEqual({
      kind: 'failed',
      why: 'boom',
    });
  });

  it('passes when every file passed and a worker died only after them', () => {
    const stopping = poolError('with exit code 1 during stopping state');
    expect(judgeRun([passed('/a.test.ts')], [stopping])).toEqual({ kind: 'passed' });
    expect(judgeRun([{ filepath: '/a.test.ts', state: 'run' }], [stopping])).toMatchObject({
      kind: 'failed',
    });
  });

  it('fails, without running anything again, when a death took more than a few files', () => {
    const files = Array.from({ length: MAX_RERUN_FILES + 1 }, (_, i) => `/f${i}.test.ts`);
    expect(
      judgeRun(
        files.map((filepath) => ({ filepath, state: undefined })),
        [died(...files)],
      ),
    ).toMatchObject({
      kind: 'failed',
    });
    expect(judgeRun([passed('/a.test.ts')], [])).toEqual({ kind: 'passed' });
  });
});
