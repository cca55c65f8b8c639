// Retrieval quality at this commit, measured by `arsenal eval` itself (run in-process through
// the CLI's own entry point, so the loading, the switches and the metrics are the command's):
// zero-shot with the embedded defaults (no embedder) on the Seal-Tools and MetaTool dev files,
// each stage of the ablation switched on or off with the command's flags. Quality figures are
// deterministic; latency (p50/p95/p99 of one `retrieve`) depends on the machine and its load. An
// unrecorded run of 200 queries first warms the JIT, as every row after it finds it warm.
// Run: pnpm --filter @arsenal/bench bench:quality (one run; `pnpm bench` runs it 3 times).
// BENCH_SETS=seal-tools,metatool picks the sets.
import { relative } from 'node:path';
import { createMemoryWriter, type EvaluationReport, runCli } from '@arsenal/cli';
import {
  type BenchmarkSet,
  benchmarkFile,
  printQualityTable,
  qualityFigures,
} from './lib/benchmark-sets.js';
import { writeResult } from './lib/report.js';

interface Stage {
  /** Stable id the table generators select rows by. */
  id: string;
  label: string;
  /** `arsenal eval` flags that set this stage up. */
  switches: string[];
}

const STAGES: Stage[] = [
  {
    id: 'bm25f',
    label: 'BM25F fields + stemming only',
    switches: ['--weights', 'subquery=0,intent=0,lexicon=0', '--no-decompose'],
  },
  {
    id: 'sub-queries',
    label: '+ sub-queries',
    switches: ['--weights', 'intent=0,lexicon=0'],
  },
  { id: 'intent', label: '+ intent', switches: ['--weights', 'lexicon=0'] },
  { id: 'defaults', label: '+ lexicon 0.2 (= defaults)', switches: [] },
  { id: 'reranker', label: 'defaults + lexical reranker', switches: ['--rerank'] },
  { id: 'mmr', label: 'defaults + MMR 0.3', switches: ['--diversity', '0.3'] },
  {
    id: 'learning',
    label: 'defaults + learning (other half)',
    switches: ['--train-split', '0.5'],
  },
];

const ALL_SETS: BenchmarkSet[] = ['seal-tools', 'metatool'];
const sets = (process.env.BENCH_SETS?.split(',') ?? ALL_SETS).map((set) => set.trim());
const unknown = sets.filter((set) => !ALL_SETS.includes(set as BenchmarkSet));
if (unknown.length > 0) {
  console.error(`BENCH_SETS has ${unknown.join(', ')}; known: ${ALL_SETS.join(', ')}.`);
  process.exit(2);
}

const repository = new URL('..', import.meta.url).pathname;

interface EvalOutput extends EvaluationReport {
  tools: { registered: number; failed: number };
  queries: { evaluated: number; total: number };
}

/** One `arsenal eval --json` run; a failing command stops the benchmark with its message. */
async function runEval(argv: string[]): Promise<EvalOutput> {
  const stdout = createMemoryWriter();
  const stderr = createMemoryWriter();
  const exitCode = await runCli([...argv, '--json'], { stdout, stderr });
  if (exitCode !== 0) {
    throw new Error(`arsenal ${argv.join(' ')} exited with ${exitCode}: ${stderr.text.trim()}`);
  }
  const output = JSON.parse(stdout.text) as EvalOutput;
  if (output.tools.failed > 0) {
    throw new Error(`arsenal ${argv.join(' ')}: ${output.tools.failed} tools were not registered`);
  }
  return output;
}

const evalArguments = (set: BenchmarkSet, switches: readonly string[]) => [
  'eval',
  '--tools',
  benchmarkFile(set, 'tools'),
  '--queries',
  benchmarkFile(set, 'queries'),
  ...switches,
];

/** One row: the stage's switches on one set. */
async function evaluate(set: BenchmarkSet, stage: Stage) {
  const argv = evalArguments(set, stage.switches);
  const output = await runEval(argv);
  const shown = argv.map((part) => (part.startsWith('/') ? relative(repository, part) : part));
  return {
    set,
    stage: stage.id,
    label: stage.label,
    command: `arsenal ${shown.join(' ')}`,
    tools: output.tools.registered,
    ...qualityFigures(output),
  };
}

// JIT warm-up, not recorded: the rows share one process, so the first would otherwise pay it.
await runEval(evalArguments(sets[0] as BenchmarkSet, ['--limit-queries', '200']));

const results: Awaited<ReturnType<typeof evaluate>>[] = [];
for (const set of sets as BenchmarkSet[]) {
  for (const stage of STAGES) results.push(await evaluate(set, stage));
}
printQualityTable(results, true);
console.log(`results: ${writeResult('retrieval-quality', { results })}`);
