// What a command-line tool call costs beyond starting the program: `runProcess` (the program in a
// process group of its own, its output captured, and at the end every process the call left
// looked up in /proc and killed) against a bare `child_process.spawn` of the same program, in
// alternating blocks so load and JIT drift hit both alike. Programs: `true` and `echo`, unsandboxed.
// ARSENAL_EXECUTOR_PROCESS=<path of another build's dist/index.js> measures that build instead;
// set BENCH_LABEL too (e.g. `base`) so its results go to another file.
// Run: pnpm --filter @arsenal/bench bench:process
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { percentile, printTable, writeResult } from './lib/report.js';

type ExecutorProcess = typeof import('@arsenal/executor-process');

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const BLOCK = Number(process.env.BLOCK ?? 10);
const WARMUP = 10;

const other = process.env.ARSENAL_EXECUTOR_PROCESS;
const { runProcess }: ExecutorProcess = other
  ? ((await import(pathToFileURL(other).href)) as ExecutorProcess)
  : await import('@arsenal/executor-process');

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' };

interface Program {
  label: string;
  command: string;
  argv: string[];
}
const PROGRAMS: Program[] = [
  { label: '`true`', command: 'true', argv: [] },
  { label: '`echo hello`', command: 'echo', argv: ['hello'] },
];

/** The floor: start the program with its output piped and wait until it is closed. */
function bareSpawn(program: Program): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program.command, program.argv, {
      env,
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    });
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.end();
    child.once('error', reject);
    child.once('close', () => resolve());
  });
}

async function viaRunProcess(program: Program): Promise<void> {
  const outcome = await runProcess({
    command: program.command,
    argv: program.argv,
    env,
    timeoutMs: 30_000,
    killGraceMs: 2_000,
    maxOutputBytes: 1 << 20,
  });
  if (outcome.exitCode !== 0) throw new Error(`${program.command} exited with ${outcome.exitCode}`);
}

async function block(
  samples: number[] | undefined,
  call: (program: Program) => Promise<void>,
  program: Program,
): Promise<void> {
  for (let i = 0; i < BLOCK; i++) {
    const start = performance.now();
    await call(program);
    samples?.push(performance.now() - start);
  }
}

const processesOnMachine = () => readdirSync('/proc').filter((entry) => /^\d+$/.test(entry)).length;
const ms = (value: number) => Math.round(value * 1000) / 1000;

const results = [];
const processCounts: number[] = [];
for (const program of PROGRAMS) {
  for (let i = 0; i < WARMUP; i++) {
    await bareSpawn(program);
    await viaRunProcess(program);
  }
  const spawnSamples: number[] = [];
  const callSamples: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    processCounts.push(processesOnMachine());
    await block(spawnSamples, bareSpawn, program);
    await block(callSamples, viaRunProcess, program);
  }
  spawnSamples.sort((a, b) => a - b);
  callSamples.sort((a, b) => a - b);
  results.push({
    program: program.label,
    calls: callSamples.length,
    spawnP50Ms: ms(percentile(spawnSamples, 50)),
    spawnP95Ms: ms(percentile(spawnSamples, 95)),
    callP50Ms: ms(percentile(callSamples, 50)),
    callP95Ms: ms(percentile(callSamples, 95)),
    addedP50Ms: ms(percentile(callSamples, 50) - percentile(spawnSamples, 50)),
    addedP95Ms: ms(percentile(callSamples, 95) - percentile(spawnSamples, 95)),
  });
}
processCounts.sort((a, b) => a - b);

printTable(
  ['program', 'spawn p50 ms', 'p95 ms', 'runProcess p50 ms', 'p95 ms', 'added p50 ms', 'p95 ms'],
  results.map((row) => [
    row.program,
    row.spawnP50Ms,
    row.spawnP95Ms,
    row.callP50Ms,
    row.callP95Ms,
    row.addedP50Ms,
    row.addedP95Ms,
  ]),
);
const processes = percentile(processCounts, 50);
console.log(`processes on the machine (median): ${processes}`);
console.log(`wrote ${writeResult('process-calls', { processes, results })}`);
