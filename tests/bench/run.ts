/**
 * npm run bench: every benchmark of the project, one after the other (they measure side by side
 * inside each run; running two at once on two cores would only measure each other). Each writes
 * its own JSON report into out/bench/; this writes out/bench/runs.json with each one's last line.
 * bench:ci (the CI subset, with budgets, out/bench/summary.json and the report) is not among them.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const scripts = JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts as Record<
  string,
  string
>;
const only = process.argv.slice(2);
const benches = Object.keys(scripts)
  .filter((name) => name.startsWith('bench:') && name !== 'bench:ci')
  .filter((name) => only.length === 0 || only.includes(name.slice('bench:'.length)))
  .sort();

const summary: Record<string, { ok: boolean; seconds: number; line: string }> = {};
for (const name of benches) {
  console.log(`\n== npm run ${name}`);
  const started = Date.now();
  const run = spawnSync('npm', ['run', '--silent', name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.stdout.write(run.stdout ?? '');
  const lines = (run.stdout ?? '').trim().split('\n');
  summary[name] = {
    ok: run.status === 0,
    seconds: Math.round((Date.now() - started) / 100) / 10,
    line: lines.at(-1) ?? '',
  };
}

fs.mkdirSync(path.join('out', 'bench'), { recursive: true });
fs.writeFileSync(
  path.join('out', 'bench', 'runs.json'),
  JSON.stringify({ date: new Date().toISOString(), results: summary }, null, 2),
);
console.log('\n== summary');
for (const [name, result] of Object.entries(summary))
  console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${name}: ${result.line}`);
if (Object.values(summary).some((result) => !result.ok)) process.exitCode = 1;
