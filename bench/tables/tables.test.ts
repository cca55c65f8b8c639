import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { temporaryDirectory } from '@arsenal/testkit';
import { describe, expect, it } from 'vitest';
import { regenerate, TABLES } from './generate.js';
import { ResultFile } from './result-view.js';
import type { TableSpec } from './table-spec.js';

const root = join(import.meta.dirname, '..', '..');

function resultsDirectory(files: Record<string, unknown>): string {
  const directory = temporaryDirectory('bench-tables-');
  for (const [name, data] of Object.entries(files))
    writeFileSync(join(directory, name), JSON.stringify(data));
  return directory;
}

const latency: TableSpec = {
  name: 'latency',
  sources: ['latency'],
  headers: ['tools', 'p50 ms'],
  rows: ([file]) =>
    file!
      .root()
      .list('results')
      .map((row) => [row.text('tools'), String(row.figure('p50Ms')?.median ?? '—')]),
};

describe('docs/benchmarks.md', () => {
  it('is in sync with bench/results: rebuilding its tables changes nothing', () => {
    const document = readFileSync(join(root, 'docs', 'benchmarks.md'), 'utf8');
    const rebuilt = regenerate(document, join(root, 'bench', 'results'));
    expect(rebuilt).toBe(document);
  });

  it('marks every table the generator knows', () => {
    const document = readFileSync(join(root, 'docs', 'benchmarks.md'), 'utf8');
    for (const spec of TABLES) expect(document).toContain(`<!-- bench:table ${spec.name} -->`);
  });
});

describe('table generation', () => {
  const document = [
    '# Title',
    'Prose before, kept as written.',
    '<!-- bench:table latency -->',
    '| stale | table |',
    '<!-- /bench:table -->',
    'Prose after.',
  ].join('\n');

  it('rewrites only the marked region, with median (min–max) and where the runs came from', () => {
    const run = (p50Ms: number, load: number) => ({
      machine: {
        node: 'v20.20.2',
        cpu: 'AMD EPYC',
        cores: 2,
        date: '2026-11-25',
        loadAverage: [load, 1, 1],
        commit: 'abc1234',
      },
      results: [{ tools: 10000, p50Ms }],
    });
    const directory = resultsDirectory({
      'latency.json': run(0.3, 2),
      'latency.runs.json': {
        runs: 3,
        summary: { 'results.0.p50Ms': { median: 0.3, min: 0.25, max: 0.4 } },
        each: [run(0.25, 1.5), run(0.3, 2), run(0.4, 3.25)],
      },
    });
    const spec: TableSpec = {
      ...latency,
      rows: ([file]) =>
        file!
          .root()
          .list('results')
          .map((row) => {
            const figure = row.figure('p50Ms')!;
            return [row.text('tools'), `${figure.median} (${figure.min}–${figure.max})`];
          }),
    };
    const rebuilt = regenerate(document, directory, [spec]);
    expect(rebuilt.startsWith('# Title\nProse before, kept as written.\n')).toBe(true);
    expect(rebuilt.endsWith('<!-- /bench:table -->\nProse after.')).toBe(true);
    expect(rebuilt).not.toContain('stale');
    expect(rebuilt).toContain('| 10000 | 0.3 (0.25–0.4) |');
    expect(rebuilt).toContain(
      'Source: `bench/results/latency.runs.json`; 3 runs, median (min–max); load average (1 min) 1.5–3.25; AMD EPYC, 2 cores, Node v20.20.2; 2026-11-25; commit abc1234.',
    );
    // Rebuilding what was rebuilt changes nothing.
    expect(regenerate(rebuilt, directory, [spec])).toBe(rebuilt);
  });

  it('gives each run on its own for tables with a row per run', () => {
    const run = (p50Ms: number) => ({ results: [{ tools: 10, p50Ms }] });
    const directory = resultsDirectory({
      'latency.runs.json': {
        runs: 2,
        summary: { 'results.0.p50Ms': { median: 0.35, min: 0.3, max: 0.4 } },
        each: [run(0.3), run(0.4)],
      },
    });
    const file = new ResultFile(directory, 'latency');
    expect(file.runs().map((view) => view.at('results.0').figure('p50Ms'))).toEqual([
      { median: 0.3, min: 0.3, max: 0.3 },
      { median: 0.4, min: 0.4, max: 0.4 },
    ]);
    expect(file.root().at('results.0').figure('p50Ms')).toEqual({
      median: 0.35,
      min: 0.3,
      max: 0.4,
    });
  });

  it('says which fields a result file lacks instead of inventing them', () => {
    const directory = resultsDirectory({
      'latency.json': { machine: { cpu: 'AMD EPYC', cores: 2 }, results: [{ tools: 10 }] },
    });
    const rebuilt = regenerate(document, directory, [latency]);
    expect(rebuilt).toContain('| 10    | —      |');
    expect(rebuilt).toContain(
      'number of runs not recorded; load average not recorded; AMD EPYC, 2 cores; date not recorded; commit not recorded.',
    );
  });

  it('refuses a marker no spec builds, a spec with no marker, and a missing results file', () => {
    const directory = resultsDirectory({ 'latency.json': { results: [] } });
    expect(() => regenerate(document, directory, [])).toThrow(
      /marks tables no spec builds: latency/,
    );
    expect(() => regenerate('# no markers', directory, [latency])).toThrow(
      /no marker in docs\/benchmarks.md: latency/,
    );
    expect(() => new ResultFile(directory, 'absent')).toThrow(/absent.json is missing/);
  });
});
