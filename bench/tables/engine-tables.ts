import { cell, decimals, percentOf, rowsOf, significant, whole } from './formats.js';
import type { ResultView } from './result-view.js';
import type { TableSpec } from './table-spec.js';

const ms3 = decimals(3);

const tokenRows = (rows: ResultView[], label: (row: ResultView) => string) =>
  rows.map((row) => [
    label(row),
    cell(row, 'tools', whole),
    cell(row, 'fullCatalogTokens', whole),
    cell(row, 'meanTurnTokens', whole),
    cell(row, 'p95TurnTokens', whole),
    `**${cell(row, 'saving', percentOf)}**`,
  ]);
const DIALECTS: Record<string, string> = { openai: 'OpenAI (chat)', anthropic: 'Anthropic' };
const TOKEN_HEADERS = [
  'dialect',
  'tools',
  'full list tokens',
  'top 5 + meta-tools, mean',
  'p95',
  'fewer tokens per turn',
];

/** Tables of the engine itself: tokens, retrieval, memory, execution, peers, telemetry. */
export const ENGINE_TABLES: TableSpec[] = [
  {
    name: 'token-savings',
    sources: ['token-savings'],
    headers: TOKEN_HEADERS,
    rows: ([file]) =>
      tokenRows(rowsOf(file!, 'results'), (row) => DIALECTS[row.text('dialect')] ?? ''),
  },
  {
    name: 'openapi-tokens',
    sources: ['openapi-import'],
    headers: TOKEN_HEADERS,
    rows: ([file]) => {
      const tools = file!.figure('operations');
      return tokenRows(rowsOf(file!, 'tokens'), (row) => DIALECTS[row.text('dialect')] ?? '').map(
        // The import records its tool count once, not per dialect.
        ([dialect, , ...rest]) => [dialect!, tools ? whole(tools.median) : '—', ...rest],
      );
    },
  },
  {
    name: 'framework-tokens',
    sources: ['framework-tokens'],
    headers: [
      'integration',
      'tools',
      'whole catalog tokens',
      'top 5 per turn, mean',
      'p95',
      'fewer tokens per turn',
    ],
    rows: ([file]) =>
      rowsOf(file!, 'results').map((row) => {
        const full = row.figure('fullCatalogTokens');
        const mean = row.figure('meanTurnTokens');
        const saving = full && mean ? percentOf(1 - mean.median / full.median) : '—';
        return [
          row.text('integration').replace(/^(\S+) \((.+)\)$/, '`$1` (`$2`)'),
          cell(row, 'tools', whole),
          cell(row, 'fullCatalogTokens', whole),
          cell(row, 'meanTurnTokens', whole),
          cell(row, 'p95TurnTokens', whole),
          `**${saving}**`,
        ];
      }),
  },
  {
    name: 'retrieval-latency',
    sources: ['retrieval-latency'],
    headers: [
      'tools',
      'register, tools/s',
      'unchanged re-register, tools/s',
      'retrieve p50 ms',
      'p95 ms',
      'p99 ms',
    ],
    rows: ([file]) =>
      rowsOf(file!, 'results').map((row) => [
        cell(row, 'tools', whole),
        cell(row, 'registerPerSecond', whole),
        cell(row, 'unchangedReregisterPerSecond', whole),
        cell(row, 'p50Ms', significant),
        cell(row, 'p95Ms', significant),
        cell(row, 'p99Ms', significant),
      ]),
  },
  {
    name: 'memory-per-tool',
    sources: ['memory-per-tool'],
    headers: ['tools', 'bytes per tool', 'retained MiB'],
    rows: ([file]) =>
      rowsOf(file!, 'results').map((row) => [
        cell(row, 'tools', whole),
        cell(row, 'bytesPerTool', whole),
        cell(row, 'heapMiB', decimals(1)),
      ]),
  },
  {
    name: 'execution-overhead',
    sources: ['execution-overhead'],
    headers: ['path', 'p50 µs', 'p99 µs', 'sequential calls/s'],
    rows: ([file]) => {
      const root = file!.root();
      const us = decimals(2);
      return [
        [
          'handler directly',
          cell(root, 'directP50Us', us),
          cell(root, 'directP99Us', us),
          cell(root, 'directCallsPerSecond', whole),
        ],
        [
          '`engine.execute`',
          cell(root, 'engineP50Us', us),
          cell(root, 'engineP99Us', us),
          cell(root, 'engineCallsPerSecond', whole),
        ],
        [
          '**added by the engine**',
          `**${cell(root, 'addedP50Us', us)}**`,
          `**${cell(root, 'addedP99Us', us)}**`,
          '–',
        ],
      ];
    },
  },
  {
    name: 'process-calls',
    // The build before the /proc lookup read stat first, measured once and kept, then this one.
    sources: ['process-calls.runs.base', 'process-calls'],
    headers: [
      'build',
      'program',
      'bare spawn p50 ms',
      'p95 ms',
      '`runProcess` p50 ms',
      'p95 ms',
      'added p50 ms',
      'added p95 ms',
    ],
    rows: (files) =>
      files.flatMap((file, index) =>
        rowsOf(file, 'results').map((row) => [
          index === 0 ? 'before: environ and fds of every process' : 'after: stat first',
          row.text('program'),
          cell(row, 'spawnP50Ms', significant),
          cell(row, 'spawnP95Ms', significant),
          cell(row, 'callP50Ms', significant),
          cell(row, 'callP95Ms', significant),
          `**${cell(row, 'addedP50Ms', significant)}**`,
          `**${cell(row, 'addedP95Ms', significant)}**`,
        ]),
      ),
  },
  {
    name: 'peers',
    sources: ['peers'],
    headers: [
      'catalog',
      'engine',
      'queries',
      'index tools/s',
      'bytes/tool',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'Recall@5 %',
    ],
    rows: ([file]) =>
      rowsOf(file!, 'results').map((row) => [
        row.text('dataset'),
        row.text('engine'),
        cell(row, 'queries', whole),
        cell(row, 'indexToolsPerSecond', whole),
        cell(row, 'bytesPerTool', whole),
        cell(row, 'p50Ms', ms3),
        cell(row, 'p95Ms', ms3),
        cell(row, 'p99Ms', ms3),
        row.text('recallAt5') === '' ? 'n/a' : cell(row, 'recallAt5', decimals(2)),
      ]),
  },
  {
    name: 'real-requests',
    sources: ['real-requests'],
    headers: [
      'tools',
      'build',
      'requests',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'postings / request',
      'postings read / request',
    ],
    rows: (files) =>
      files.flatMap((file) =>
        rowsOf(file, 'results').map((row) => [
          cell(row, 'tools', whole),
          row.text('build'),
          cell(row, 'queries', whole),
          cell(row, 'p50Ms', ms3),
          cell(row, 'p95Ms', ms3),
          cell(row, 'p99Ms', ms3),
          row.text('postingsPerRequest') === '' ? 'n/a' : cell(row, 'postingsPerRequest', whole),
          row.text('postingsReadPerRequest') === ''
            ? 'n/a'
            : cell(row, 'postingsReadPerRequest', whole),
        ]),
      ),
  },
  {
    name: 'seal-registration',
    sources: ['seal-registration'],
    headers: ['engine', 'tools', 'tools/s, median of warm rounds', 'best round', 'first round'],
    rows: ([file]) =>
      rowsOf(file!, 'results').map((row) => [
        row.text('engine'),
        cell(row, 'tools', whole),
        cell(row, 'toolsPerSecond', whole),
        cell(row, 'bestToolsPerSecond', whole),
        cell(row, 'firstRoundToolsPerSecond', whole),
      ]),
  },
  {
    name: 'telemetry-overhead',
    sources: ['telemetry-overhead'],
    headers: [
      'operation',
      'telemetry',
      'p50 µs',
      'added at p50',
      'mean µs',
      'added to the mean',
      'CPU µs per call',
      'added CPU',
      'p99 µs',
    ],
    rows: ([file]) =>
      rowsOf(file!, 'results').map((row) => {
        const off = row.text('variant') === 'off';
        const both = row.text('variant') === 'both';
        const us = decimals(1);
        const percent = (value: number) => `${value.toFixed(1)}%`;
        const bold = (text: string) => (both ? `**${text}**` : text);
        const added = (key: string) =>
          off
            ? '–'
            : `${cell(row, `added${key}Percent`, percent)}, ${cell(row, `added${key}Us`, us)} µs`;
        return [
          row.text('operation'),
          bold(row.text('variant')),
          cell(row, 'p50Us', us),
          off ? '–' : bold(added('P50')),
          cell(row, 'meanUs', us),
          added('Mean'),
          cell(row, 'cpuUs', us),
          off ? '–' : bold(added('Cpu')),
          cell(row, 'p99Us', whole),
        ];
      }),
  },
];
