/**
 * `npm run test:unit`: `vitest run` (the arguments are vitest's), and once more for the test
 * files whose worker process died under them (workerDeaths.ts). A worker's death is a crash of its
 * Node process (a signal, an abort), not a test's verdict; CI lost a submission to one whose
 * file's tests had not failed (stop 35: "Worker exited unexpectedly", 2 of 2207 tests lost). The
 * death, its signal and its files are printed, the files run again in a run of their own, and that
 * run decides; a test that fails is never run again.
 */
import { parseCLI, startVitest, type Vitest } from 'vitest/node';
import { judgeRun, type FileOutcome } from './workerDeaths';

async function run(filters: string[], options: ReturnType<typeof parseCLI>['options']) {
  process.exitCode = 0;
  const vitest: Vitest = await startVitest(filters, { ...options, run: true, watch: false });
  const files: FileOutcome[] = vitest.state
    .getFiles()
    .map((file) => ({ filepath: file.filepath, state: file.result?.state }));
  return { files, unhandled: vitest.state.getUnhandledErrors(), exitCode: process.exitCode };
}

const { filter, options } = parseCLI(['vitest', 'run', ...process.argv.slice(2)]);
const first = await run(filter, options);
const verdict = judgeRun(first.files, first.unhandled);

if (verdict.kind === 'rerun') {
  console.error(
    `\n[test:unit] A test worker process died, taking ${verdict.files.length} test file(s) with it:\n` +
      verdict.deaths.map((death) => `  ${death}\n`).join('') +
      `[test:unit] Running ${verdict.files.join(', ')} once more; that run decides.\n`,
  );
  const again = await run(verdict.files, options);
  const second = judgeRun(again.files, again.unhandled);
  const passed = second.kind === 'passed' && again.exitCode === 0;
  console.error(
    passed
      ? `[test:unit] The re-run passed. Every other file had passed in the first run.`
      : `[test:unit] The re-run did not pass: ${second.kind === 'failed' ? second.why : 'a worker died again'}.`,
  );
  process.exit(passed ? 0 : 1);
}
if (verdict.kind === 'passed' && first.unhandled.length > 0)
  console.error('[test:unit] A test worker died after its files had all passed; nothing was lost.');
process.exit(
  verdict.kind === 'passed' && (first.exitCode === 0 || first.unhandled.length > 0) ? 0 : 1,
);
