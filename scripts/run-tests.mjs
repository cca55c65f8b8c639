#!/usr/bin/env node
// `pnpm test`: builds, lints, typechecks and tests the workspace, then prints how long
// each package's tests took and the 10 slowest tests, so the next slow test shows before it
// becomes a flake.
//
//   node scripts/run-tests.mjs [--under-load] [--load-workers=N] [turbo options, e.g. --filter=@arsenal/core]
//
// --under-load keeps every core busy with spinning processes for the whole run (the suite must
// pass on a machine doing other work) and prints the load averages it saw.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const REPORT = 'node_modules/.cache/arsenal-tests/vitest.json';
const SLOWEST = 10;

const args = process.argv.slice(2);
const underLoad = args.includes('--under-load');
const workersArg = args.find((arg) => arg.startsWith('--load-workers='));
const workers = workersArg ? Number(workersArg.split('=')[1]) : availableParallelism();
const turboArgs = args.filter((arg) => arg !== '--under-load' && arg !== workersArg);
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`--load-workers must be a whole number of processes, got ${workersArg}.`);
  process.exit(2);
}

/** Every workspace package folder: packages/*, apps/*, examples/*, bench, deploy. */
function packageDirs() {
  const dirs = [];
  for (const group of ['packages', 'apps', 'examples']) {
    const base = join(root, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base)) dirs.push(join(base, name));
  }
  dirs.push(join(root, 'bench'), join(root, 'deploy'));
  return dirs.filter((dir) => existsSync(join(dir, 'package.json')));
}

function run(command, commandArgs) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

/** Spinning processes, one a core, and a sampler of the 1-minute load average. */
function startLoad() {
  const spinners = Array.from({ length: workers }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  const samples = [loadavg()[0]];
  const sampler = setInterval(() => samples.push(loadavg()[0]), 5_000);
  const stop = () => {
    clearInterval(sampler);
    for (const spinner of spinners) spinner.kill('SIGKILL');
  };
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      stop();
      process.exit(130);
    });
  }
  return { samples, stop };
}

function format(ms) {
  return ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
}

/** The newest turbo run summary written since `since`. */
function latestSummary(since) {
  const runs = join(root, '.turbo', 'runs');
  if (!existsSync(runs)) return undefined;
  const newest = readdirSync(runs)
    .map((name) => join(runs, name))
    .filter((path) => statSync(path).mtimeMs >= since)
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  return newest ? JSON.parse(readFileSync(newest, 'utf8')) : undefined;
}

function printPackageDurations(summary) {
  const tasks = (summary?.tasks ?? [])
    .filter((task) => task.task === 'test')
    .map((task) => ({
      name: task.package,
      ms: (task.execution?.endTime ?? 0) - (task.execution?.startTime ?? 0),
      cached: task.cache?.status === 'HIT',
      exitCode: task.execution?.exitCode,
    }))
    .sort((a, b) => b.ms - a.ms);
  if (tasks.length === 0) return;
  console.log('\nTest time per package (turbo, wall clock, slowest first):');
  for (const task of tasks) {
    const note = task.cached ? ' (cached)' : task.exitCode ? ` (exit ${task.exitCode})` : '';
    console.log(`  ${format(task.ms).padStart(9)}  ${task.name}${note}`);
  }
}

function printSlowestTests(since) {
  const tests = [];
  for (const dir of packageDirs()) {
    const path = join(dir, REPORT);
    if (!existsSync(path) || statSync(path).mtimeMs < since) continue;
    const name = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).name;
    const report = JSON.parse(readFileSync(path, 'utf8'));
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (typeof test.duration !== 'number') continue;
        tests.push({
          ms: test.duration,
          where: `${name} ${relative(dir, file.name)}`,
          title: test.fullName ?? test.title,
          status: test.status,
        });
      }
    }
  }
  if (tests.length === 0) return;
  tests.sort((a, b) => b.ms - a.ms);
  console.log(`\nSlowest ${Math.min(SLOWEST, tests.length)} of ${tests.length} tests:`);
  for (const test of tests.slice(0, SLOWEST)) {
    const note = test.status === 'passed' ? '' : ` [${test.status}]`;
    console.log(`  ${format(test.ms).padStart(9)}  ${test.where} > ${test.title}${note}`);
  }
}

const started = Date.now();
for (const dir of packageDirs()) rmSync(join(dir, REPORT), { force: true });
const load = underLoad ? startLoad() : undefined;
if (load) console.log(`Load generator: ${workers} spinning process(es) for the whole run.`);

let code = await run('pnpm', ['turbo', 'run', 'build', 'lint', 'typecheck', ...turboArgs]);
const testsStarted = Date.now();
if (code === 0) {
  code = await run('pnpm', [
    'turbo',
    'run',
    'test',
    // Built above; the reporter options below would otherwise give every build a new hash.
    '--only',
    // Every package's tests run to the end, so one failure does not hide the others.
    '--continue',
    '--summarize',
    ...turboArgs,
    '--',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${REPORT}`,
  ]);
  printPackageDurations(latestSummary(testsStarted));
  printSlowestTests(testsStarted);
}

const elapsed = Date.now() - started;
console.log(`\nbuild, lint, typecheck and test: ${format(elapsed)}, exit ${code}`);
if (load) {
  load.stop();
  const { samples } = load;
  const mean = samples.reduce((sum, value) => sum + value, 0) / samples.length;
  console.log(
    `Load average (1 min) under the generator: min ${Math.min(...samples).toFixed(1)}, mean ${mean.toFixed(1)}, max ${Math.max(...samples).toFixed(1)} over ${samples.length} samples; ${availableParallelism()} cores.`,
  );
}
process.exit(code);
