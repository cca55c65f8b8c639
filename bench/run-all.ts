// Every benchmark, each BENCH_REPEATS times (default 3) through repeat.ts, then the tables of
// docs/benchmarks.md rebuilt from the results. Fails if a benchmark changed a tracked file other
// than its results (and the tables). Run: pnpm bench (at the root).
// BENCH_ONLY=peers,telemetry-overhead runs some; BENCH_SKIP=vector-stores-100000 leaves some out.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

interface Bench {
  /** The result it writes: bench/results/<name>.json, and <name>.runs.json for the repeats. */
  name: string;
  script: string;
  nodeFlags?: string[];
  scriptArguments?: string[];
  env?: Record<string, string>;
}

const BENCHES: Bench[] = [
  // 1k, 10k and 100k tools: the tables read the rows in that order.
  { name: 'retrieval-latency', script: 'retrieval-latency.ts' },
  {
    name: 'registration',
    script: 'retrieval-latency.ts',
    scriptArguments: ['--registration-only'],
  },
  { name: 'memory-per-tool', script: 'memory-per-tool.ts', nodeFlags: ['--expose-gc'] },
  { name: 'execution-overhead', script: 'execution-overhead.ts' },
  { name: 'process-calls', script: 'process-calls.ts' },
  {
    name: 'telemetry-overhead',
    script: 'telemetry-overhead.ts',
    env: { ROUNDS: '20' },
    nodeFlags: ['--expose-gc'],
  },
  { name: 'peers', script: 'peers.ts', nodeFlags: ['--expose-gc'] },
  { name: 'retrieval-ablation', script: 'retrieval-ablation.ts' },
  { name: 'retrieval-quality', script: 'retrieval-quality.ts' },
  { name: 'token-savings', script: 'token-savings.ts' },
  { name: 'framework-tokens', script: 'framework-tokens.ts', env: { BENCH_QUERIES: '300' } },
  { name: 'openapi-import', script: 'openapi-import.ts' },
  { name: 'poisoning-detector', script: 'poisoning-detector.ts' },
  { name: 'mcp-tokens', script: 'mcp-tokens.ts' },
  { name: 'mcp-latency', script: 'mcp-latency.ts' },
  { name: 'mcp-throughput', script: 'mcp-throughput.ts' },
  { name: 'a2a-latency', script: 'a2a-latency.ts' },
  { name: 'replicas', script: 'replicas.ts' },
  {
    name: 'vector-store-parity-ef500',
    script: 'vector-store-parity.ts',
    scriptArguments: ['--ef-search', '500'],
  },
  { name: 'vector-store-parity-efdefault', script: 'vector-store-parity.ts' },
  {
    name: 'vector-stores-10000',
    script: 'vector-stores.ts',
    scriptArguments: ['--tools', '10000', '--queries', '200'],
  },
  {
    name: 'vector-stores-100000',
    script: 'vector-stores.ts',
    scriptArguments: ['--tools', '100000', '--queries', '200'],
  },
];

const list = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
const only = list(process.env.BENCH_ONLY);
const skip = list(process.env.BENCH_SKIP);
const unknown = [...only, ...skip].filter((name) => !BENCHES.some((bench) => bench.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}; known: ${BENCHES.map((b) => b.name).join(', ')}.`,
  );
  process.exit(2);
}
const repeats = Number(process.env.BENCH_REPEATS ?? 3);
if (!Number.isInteger(repeats) || repeats < 1) {
  console.error(`BENCH_REPEATS must be a positive integer, got "${process.env.BENCH_REPEATS}".`);
  process.exit(2);
}

const here = import.meta.dirname;
const git = (...args: string[]) => execFileSync('git', args, { cwd: here, encoding: 'utf8' });
/** Tracked files changed, outside what benchmarks exist to update. */
const strayChanges = () =>
  git('status', '--porcelain', '--untracked-files=all')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => line.slice(3))
    .filter((path) => !path.startsWith('bench/results/') && path !== 'docs/benchmarks.md');
const before = new Set(strayChanges());

const chosen = BENCHES.filter(
  (bench) => (only.length === 0 || only.includes(bench.name)) && !skip.includes(bench.name),
);
for (const bench of chosen) {
  const started = Date.now();
  console.log(`\n== ${bench.name} (${repeats} runs)`);
  execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(here, 'repeat.ts'),
      String(repeats),
      bench.name,
      bench.script,
      ...(bench.nodeFlags ?? []),
      ...(bench.scriptArguments ? ['--', ...bench.scriptArguments] : []),
    ],
    { cwd: here, stdio: 'inherit', env: { ...process.env, ...bench.env } },
  );
  console.log(`== ${bench.name}: ${Math.round((Date.now() - started) / 1000)} s`);
}

execFileSync(process.execPath, ['--import', 'tsx', join(here, 'tables.ts')], {
  cwd: here,
  stdio: 'inherit',
});
const stray = strayChanges().filter((path) => !before.has(path));
if (stray.length > 0) {
  console.error(
    `Benchmarks changed files they should not: ${stray.join(', ')}. Write scratch files under os.tmpdir().`,
  );
  process.exit(1);
}
