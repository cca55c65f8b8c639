// The poisoning detector (the built-in rules) on the testkit corpus, per kind: attacks caught
// and harmless look-alikes flagged; on the held-out corpus (written before the rules of its
// round and never tuned against); then on every tool of the four real catalogs in bench/data,
// which it must not flag. Writes bench/results/poisoning-detector.json.
// Run: pnpm --filter @arsenal/bench bench:poisoning (or tsx poisoning-detector.ts)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import {
  createRulePoisoningDetector,
  createToolDefinition,
  parseCatalog,
  type ToolDefinition,
} from '@arsenal/core';
import {
  HOLDOUT_HARMLESS_TOOLS,
  HOLDOUT_POISONED_TOOLS,
  measurePoisoningDetector,
  TUNING_LOOK_ALIKE_TOOLS,
} from '@arsenal/testkit';
import { BENCHMARK_SETS, type BenchmarkSet, benchmarkFile } from './lib/benchmark-sets.js';
import { printTable, writeResult } from './lib/report.js';

const detector = createRulePoisoningDetector();
const figures = await measurePoisoningDetector(detector);
// Honest tools written to tune the rules' false positives on, apart from both corpora.
const tuning = await measurePoisoningDetector(detector, {
  poisoned: [],
  harmless: TUNING_LOOK_ALIKE_TOOLS,
});
const holdout = await measurePoisoningDetector(detector, {
  poisoned: HOLDOUT_POISONED_TOOLS,
  harmless: HOLDOUT_HARMLESS_TOOLS,
});

const catalogs: {
  set: BenchmarkSet;
  tools: number;
  flagged: number;
  flaggedNames: string[];
  scanMs: number;
}[] = [];
for (const set of Object.keys(BENCHMARK_SETS) as BenchmarkSet[]) {
  const inputs = parseCatalog(readFileSync(benchmarkFile(set, 'tools'), 'utf8'), {
    format: 'jsonl',
    source: set,
  });
  const tools: ToolDefinition[] = inputs.map((input) =>
    createToolDefinition(input, { hygiene: 'off' }),
  );
  const started = performance.now();
  const flaggedNames: string[] = [];
  for (const tool of tools) {
    const findings = await detector.detect(tool);
    if (findings.length > 0) flaggedNames.push(tool.name);
  }
  const scanMs = performance.now() - started;
  catalogs.push({ set, tools: tools.length, flagged: flaggedNames.length, flaggedNames, scanMs });
}

const share = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
printTable(
  ['kind', 'attacks', 'caught', 'look-alikes', 'flagged'],
  [
    ...figures.kinds.map((kind) => [
      kind.kind,
      kind.poisoned,
      kind.caught,
      kind.harmless,
      kind.flagged,
    ]),
    ['all', figures.poisoned, figures.caught, figures.harmless, figures.flagged],
    ['tuning look-alikes', '—', '—', tuning.harmless, tuning.flagged],
    ['held-out', holdout.poisoned, holdout.caught, holdout.harmless, holdout.flagged],
  ],
);
printTable(
  ['catalog', 'tools', 'flagged', 'scan ms'],
  catalogs.map((catalog) => [
    catalog.set,
    catalog.tools,
    catalog.flagged,
    catalog.scanMs.toFixed(0),
  ]),
);
if (figures.missed.length > 0) console.log(`missed: ${figures.missed.join(', ')}`);
if (figures.falsePositives.length > 0)
  console.log(`flagged look-alikes: ${figures.falsePositives.join(', ')}`);
if (tuning.falsePositives.length > 0)
  console.log(`flagged tuning look-alikes: ${tuning.falsePositives.join(', ')}`);
if (holdout.missed.length > 0) console.log(`held-out missed: ${holdout.missed.join(', ')}`);
if (holdout.falsePositives.length > 0)
  console.log(`held-out flagged: ${holdout.falsePositives.join(', ')}`);

const path = writeResult('poisoning-detector', {
  detector: detector.id,
  corpus: {
    poisoned: figures.poisoned,
    caught: figures.caught,
    recall: share(figures.caught, figures.poisoned),
    harmless: figures.harmless,
    flagged: figures.flagged,
    falsePositiveRate: share(figures.flagged, figures.harmless),
    missed: figures.missed,
    falsePositives: figures.falsePositives,
  },
  kinds: figures.kinds,
  tuning: {
    harmless: tuning.harmless,
    flagged: tuning.flagged,
    falsePositiveRate: share(tuning.flagged, tuning.harmless),
    falsePositives: tuning.falsePositives,
  },
  holdout: {
    poisoned: holdout.poisoned,
    caught: holdout.caught,
    recall: share(holdout.caught, holdout.poisoned),
    harmless: holdout.harmless,
    flagged: holdout.flagged,
    falsePositiveRate: share(holdout.flagged, holdout.harmless),
    missed: holdout.missed,
    falsePositives: holdout.falsePositives,
    kinds: holdout.kinds,
  },
  catalogs,
});
console.log(`wrote ${path}`);
