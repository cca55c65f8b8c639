import { cell, decimals, rowsOf, whole } from './formats.js';
import type { ResultView } from './result-view.js';
import type { TableSpec } from './table-spec.js';

const ms3 = decimals(3);
const ms1 = decimals(1);
const ARSENAL = (label: string) => label.replace(/\barsenal\b/, 'Arsenal');

const OPENAPI_STEPS: [string, string][] = [
  ['read', 'read (12.4 MiB)'],
  ['parse', 'parse (JSON)'],
  ['map', 'map (operations → tools)'],
  ['register', 'register (lexical index)'],
  ['total', '**total**'],
];

/** Every path of an `mcp-latency` run: its transport, calls in flight and percentiles. */
const MCP_LATENCY_ROWS: Pick<TableSpec, 'headers' | 'rows'> = {
  headers: ['transport', 'in flight', 'path', 'p50 ms', 'p95 ms', 'p99 ms'],
  rows: ([file]) =>
    rowsOf(file!, 'rows').map((row) => [
      row.text('transport').replace(/^http/, 'HTTP'),
      cell(row, 'concurrency', whole),
      ARSENAL(row.text('label')),
      cell(row, 'p50', ms3),
      cell(row, 'p95', ms3),
      cell(row, 'p99', ms3),
    ]),
};

/**
 * The paths of one `mcp-latency` run over `transport`, grouped by calls in flight (in the run's
 * order), each group with its Arsenal row.
 */
function pathsByLevel(
  run: ResultView,
  transport: string,
): { level: number | undefined; paths: ResultView[]; arsenal: ResultView | undefined }[] {
  const rows = run.list('rows').filter((row) => row.text('transport') === transport);
  const levels = [...new Set(rows.map((row) => row.figure('concurrency')?.median))];
  return levels.map((level) => {
    const paths = rows.filter((row) => row.figure('concurrency')?.median === level);
    return { level, paths, arsenal: paths.find((row) => /arsenal/i.test(row.text('label'))) };
  });
}

/** Arsenal's figure `key` over a peer's, or a dash when either is missing. */
function ratioTo(
  arsenal: ResultView | undefined,
  peer: ResultView | undefined,
  key: string,
): string {
  const mine = arsenal?.figure(key)?.median;
  const theirs = peer?.figure(key)?.median;
  return mine !== undefined && theirs ? (mine / theirs).toFixed(2) : '—';
}

/** Tables of the protocol servers, executors and vector stores. */
export const PROTOCOL_TABLES: TableSpec[] = [
  {
    name: 'openapi-import',
    sources: ['openapi-import'],
    headers: ['step', 'wall ms', 'CPU ms'],
    rows: ([file]) => {
      const root = file!.root();
      return OPENAPI_STEPS.map(([step, label]) => [
        label,
        cell(root, `medianWallMs.${step}`, whole),
        cell(root, `medianCpuMs.${step}`, whole),
      ]);
    },
  },
  {
    name: 'mcp-tokens',
    sources: ['mcp-tokens'],
    headers: ['mode', 'tools listed', 'tokens', 'bytes'],
    rows: ([file]) =>
      rowsOf(file!, 'rows').map((row) => [
        row.text('mode'),
        cell(row, 'tools', whole),
        cell(row, 'tokens', whole),
        cell(row, 'bytes', whole),
      ]),
  },
  {
    name: 'mcp-latency',
    sources: ['mcp-latency'],
    ...MCP_LATENCY_ROWS,
  },
  {
    name: 'mcp-latency-steady',
    sources: ['mcp-latency-warmup-3000'],
    ...MCP_LATENCY_ROWS,
  },
  {
    name: 'mcp-stdio',
    sources: ['mcp-latency', 'mcp-latency-warmup-3000'],
    headers: [
      'warm-up calls',
      'run',
      'in flight',
      'Arsenal p50 ms',
      'SDK proxy p50 ms',
      'Arsenal / SDK proxy, p50',
      'same, p99',
    ],
    rows: (files) =>
      files.flatMap((file) =>
        file.runs().flatMap((run, index) =>
          pathsByLevel(run, 'stdio').map(({ level, paths, arsenal }) => {
            const proxy = paths.find((row) => /SDK proxy/.test(row.text('label')));
            return [
              cell(run, 'warmup', whole),
              String(index + 1),
              level === undefined ? '1' : String(level),
              arsenal ? cell(arsenal, 'p50', ms3) : '—',
              proxy ? cell(proxy, 'p50', ms3) : '—',
              ratioTo(arsenal, proxy, 'p50'),
              ratioTo(arsenal, proxy, 'p99'),
            ];
          }),
        ),
      ),
  },
  {
    name: 'mcp-throughput',
    sources: ['mcp-throughput'],
    headers: ['clients', 'requests', 'errors', 'requests/s', 'p50 ms', 'p99 ms'],
    rows: ([file]) => {
      const root = file!.root();
      return [
        [
          cell(root, 'clients', whole),
          cell(root, 'requests', whole),
          cell(root, 'errors', whole),
          cell(root, 'requestsPerSecond', whole),
          cell(root, 'p50Ms', decimals(2)),
          cell(root, 'p99Ms', decimals(2)),
        ],
      ];
    },
  },
  {
    name: 'replicas',
    sources: ['replicas'],
    headers: [
      'setup',
      'calls',
      'calls/s',
      'p50 ms',
      'p95 ms',
      'rate limit: allowed / capacity',
      'reached the backend',
    ],
    rows: ([file]) =>
      rowsOf(file!, 'results').map((row) => [
        row.text('setup').replace('redis', 'Redis').replace('postgres', 'Postgres'),
        cell(row, 'throughput.calls', whole),
        cell(row, 'throughput.callsPerSecond', whole),
        cell(row, 'throughput.p50Ms', decimals(1)),
        cell(row, 'throughput.p95Ms', decimals(1)),
        `${cell(row, 'rateLimit.allowed', whole)} / ${cell(row, 'rateLimit.capacity', whole)}`,
        cell(row, 'rateLimit.backendCalls', whole),
      ]),
  },
  {
    name: 'vector-stores',
    sources: ['vector-stores-100000', 'vector-stores-10000'],
    headers: [
      'store',
      'tools',
      'indexing tools/s',
      'store query p50 ms',
      'p95 ms',
      'hybrid retrieve p50 ms',
      'p95 ms',
    ],
    rows: (files) =>
      files.flatMap((file) =>
        file
          .root()
          .list('results')
          .map((row: ResultView) => [
            row.prefix.replace(/^results\./, '').replace(/^chroma$/, 'Chroma'),
            cell(row, 'tools', whole),
            cell(row, 'toolsPerSecond', whole),
            cell(row, 'storeQueryP50', ms1),
            cell(row, 'storeQueryP95', ms1),
            cell(row, 'retrieveP50', ms1),
            cell(row, 'retrieveP95', ms1),
          ]),
      ),
  },
  {
    name: 'a2a-latency',
    sources: ['a2a-latency'],
    headers: ['mode', 'path', 'p50 ms', 'p95 ms', 'p99 ms'],
    rows: ([file]) =>
      rowsOf(file!, 'rows').map((row) => [
        row.text('mode'),
        ARSENAL(row.text('label')),
        cell(row, 'p50', ms3),
        cell(row, 'p95', ms3),
        cell(row, 'p99', ms3),
      ]),
  },
  {
    name: 'mcp-gateway',
    sources: ['mcp-latency'],
    headers: [
      'run',
      'in flight',
      'Arsenal p50 ms',
      'supergateway p50 ms',
      'mcp-proxy p50 ms',
      'Arsenal / supergateway, p50',
      'same, p99',
      'Arsenal / mcp-proxy, p50',
      'same, p99',
    ],
    rows: ([file]) =>
      file!.runs().flatMap((run, index) =>
        pathsByLevel(run, 'http→stdio').map(({ level, paths, arsenal }) => {
          const find = (name: string) => paths.find((row) => row.text('label').startsWith(name));
          const supergateway = find('supergateway');
          const mcpProxy = find('mcp-proxy');
          return [
            String(index + 1),
            level === undefined ? '1' : String(level),
            arsenal ? cell(arsenal, 'p50', ms3) : '—',
            supergateway ? cell(supergateway, 'p50', ms3) : '—',
            mcpProxy ? cell(mcpProxy, 'p50', ms3) : '—',
            ratioTo(arsenal, supergateway, 'p50'),
            ratioTo(arsenal, supergateway, 'p99'),
            ratioTo(arsenal, mcpProxy, 'p50'),
            ratioTo(arsenal, mcpProxy, 'p99'),
          ];
        }),
      ),
  },
  {
    name: 'vector-store-parity',
    sources: ['vector-store-parity-ef500', 'vector-store-parity-efdefault'],
    headers: ['efSearch', 'same top 10, ties aside', 'identical order'],
    rows: (files) =>
      files.map((file, index) => {
        const root = file.root();
        const queries = cell(root, 'queries', whole);
        return [
          index === 0 ? '500 (both stores)' : 'defaults (Chroma 200, pgvector 100)',
          `**${cell(root, 'tiesAside', whole)} / ${queries}**`,
          `${cell(root, 'exact', whole)} / ${queries}`,
        ];
      }),
  },
];
