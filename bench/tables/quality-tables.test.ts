import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { regenerate } from './generate.js';
import { QUALITY_TABLES, README_BM25_LABEL } from './quality-tables.js';

const machine = (load: number) => ({
  node: 'v20.20.2',
  cpu: 'AMD EPYC',
  cores: 2,
  date: '2026-11-25',
  loadAverage: [load, 1, 1],
  commit: 'abc1234',
});

const row = (set: string, stage: string, p95Ms: number, command = '') => ({
  set,
  stage,
  label: `label of ${stage}`,
  command: `arsenal eval --tools bench/data/${set}/tools.jsonl --queries bench/data/${set}/queries.jsonl${command}`,
  n: 1047,
  recall1: 44.74,
  recall5: 93.95,
  recall10: 96.32,
  ndcg10: 94.99,
  mrr: 97.99,
  p95Ms,
});

const run = (load: number, p95Ms: number) => ({
  machine: machine(load),
  results: ['seal-tools', 'metatool'].flatMap((set) => [
    row(set, 'defaults', p95Ms),
    row(set, 'learning', p95Ms, ' --train-split 0.5'),
  ]),
});

/** Median, min and max of every figure over the runs, keyed by path, as repeat.ts writes them. */
function summaryOf(runs: ReturnType<typeof run>[]) {
  const summary: Record<string, { median: number; min: number; max: number }> = {};
  const paths = runs[0]!.results.flatMap((result, index) =>
    Object.entries(result)
      .filter(([, value]) => typeof value === 'number')
      .map(([key]) => [index, key] as const),
  );
  for (const [index, key] of paths) {
    const values = runs.map((each) => each.results[index]![key as 'n']).sort((a, b) => a - b);
    summary[`results.${index}.${key}`] = {
      median: values[1]!,
      min: values[0]!,
      max: values[2]!,
    };
  }
  return summary;
}

function resultsDirectory(files: Record<string, unknown>): string {
  const directory = temporaryDirectory('quality-tables-');
  for (const [name, data] of Object.entries(files))
    writeFileSync(join(directory, name), JSON.stringify(data));
  return directory;
}

const quality = QUALITY_TABLES.find((spec) => spec.name === 'retrieval-quality')!;
const stages = QUALITY_TABLES.find((spec) => spec.name === 'retrieval-quality-stages')!;
const marked = (name: string) => `<!-- bench:table ${name} -->\n<!-- /bench:table -->`;

describe('retrieval quality tables', () => {
  const runs = [run(1.5, 1.0), run(2, 1.2), run(3, 1.9)];
  const directory = resultsDirectory({
    'retrieval-quality.runs.json': { runs: 3, summary: summaryOf(runs), each: runs },
  });

  it('quotes the dataset READMEs for plain BM25 and reads every other row from the results', () => {
    const rebuilt = regenerate(marked('retrieval-quality'), directory, [quality]);
    const lines = rebuilt.split('\n');
    const bm25 = lines.filter((line) => line.includes(README_BM25_LABEL));
    expect(bm25).toHaveLength(2);
    expect(bm25[0]).toMatch(
      /Seal-Tools .*\| 1,047 +\| 40\.74 +\| 84\.06 +\| 91\.04 +\| 86\.43 +\| – /,
    );
    expect(bm25[1]).toMatch(/MetaTool .*\| 10,548 +\| 28\.92 +\| 46\.38 /);
    // The figures each set's bar is about stand out on the defaults rows.
    expect(rebuilt).toMatch(
      /\*\*Arsenal defaults\*\* +\| 1,047 +\| 44\.74 +\| \*\*93\.95\*\* +\| 96\.32 +\| \*\*94\.99\*\*/,
    );
    expect(rebuilt).toContain(
      'Source: `bench/results/retrieval-quality.runs.json`; 3 runs, median (min–max); load average (1 min) 1.5–3;',
    );
  });

  it('gives each stage its switches and its latency as median (min–max)', () => {
    const rebuilt = regenerate(marked('retrieval-quality-stages'), directory, [stages]);
    expect(rebuilt).toMatch(/label of defaults +\| Seal-Tools +\| \(none\) +\|/);
    expect(rebuilt).toMatch(/label of learning +\| MetaTool +\| `--train-split 0\.5` +\|/);
    expect(rebuilt).toContain('| 1.20 (1.00–1.90) |');
  });

  it('refuses results that lack a row the table needs', () => {
    const stale = resultsDirectory({
      'retrieval-quality.json': {
        machine: machine(1),
        results: [row('seal-tools', 'defaults', 1)],
      },
    });
    expect(() => regenerate(marked('retrieval-quality'), stale, [quality])).toThrow(
      /retrieval-quality\.json has no row for seal-tools at stage "learning"/,
    );
  });
});
