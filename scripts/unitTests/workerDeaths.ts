/**
 * What a unit-test run's outcome means when a test worker process died under it (`npm run
 * test:unit`, main.ts). Vitest 5 reports such a death as an unhandled error, "Worker exited
 * unexpectedly with signal SIGSEGV during running state while running test file /a.test.ts", and
 * fails the run: the file's tests are lost, not failed. The run is judged here: a real failure
 * fails it, and the files lost with a dead worker are run once more, which decides.
 */

/** A test file's outcome as vitest's state has it (`File.result.state`, with its path). */
export interface FileOutcome {
  filepath: string;
  state: string | undefined;
}

export type Verdict =
  | { kind: 'passed' }
  | { kind: 'failed'; why: string }
  | { kind: 'rerun'; files: string[]; deaths: string[] };

const DEATH = /^Worker exited unexpectedly\b/;
const IN_FLIGHT = / while running test files? (.+)$/;

/** More than this many files lost at once is not a chance death: the run fails as it is. */
export const MAX_RERUN_FILES = 4;

/** The messages of an error and of its causes, outermost first. */
export function errorMessages(error: unknown): string[] {
  const messages: string[] = [];
  for (let current = error, depth = 0; current && depth < 8; depth += 1) {
    const message = (current as { message?: unknown }).message;
    messages.push(typeof message === 'string' ? message : String(current));
    current = (current as { cause?: unknown }).cause;
  }
  return messages;
}

/** The worker death an unhandled error reports, or null when it is another error. */
export function workerDeath(error: unknown): { message: string; files: string[] } | null {
  const message = errorMessages(error).find((text) => DEATH.test(text));
  if (!message) return null;
  const inFlight = IN_FLIGHT.exec(message)?.[1];
  const files = inFlight ? inFlight.split(', ') : [];
  return { message, files };
}

/** The run's verdict from its files' outcomes and its unhandled errors. */
export function judgeRun(files: FileOutcome[], unhandled: unknown[]): Verdict {
  const deaths = unhandled.map(workerDeath);
  const other = unhandled.find((_, index) => deaths[index] === null);
  if (other !== undefined) return { kind: 'failed', why: errorMessages(other).join(': ') };
  const lost = new Set(deaths.flatMap((death) => death?.files ?? []));
  const failed = files.find((file) => file.state === 'fail' && !lost.has(file.filepath));
  if (failed) return { kind: 'failed', why: `${failed.filepath} failed` };
  if (deaths.length === 0) return { kind: 'passed' };
  const messages = deaths.map((death) => death!.message);
  if (lost.size === 0) {
    // a worker died after its files had all reported (while stopping): nothing was lost, but a
    // run that cannot say which file it was can only pass if every file passed
    const unfinished = files.find((file) => !['pass', 'skip', 'todo'].includes(file.state ?? ''));
    return unfinished
      ? { kind: 'failed', why: `${unfinished.filepath} did not finish (${messages.join('; ')})` }
      : { kind: 'passed' };
  }
  if (lost.size > MAX_RERUN_FILES)
    return { kind: 'failed', why: `${lost.size} test files lost: ${messages.join('; ')}` };
  return { kind: 'rerun', files: [...lost], deaths: messages };
}
