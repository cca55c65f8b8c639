import type { RetrievalResult, ScoredTool } from '@arsenal/core';
import {
  type CommandSpec,
  integerOption,
  numberOption,
  type ParsedCommandArgs,
  stringListOption,
  stringOption,
} from '../args.js';
import { CliError } from '../cli-error.js';
import { CONFIG_OPTION, type OpenedToolIndex, openToolIndex } from '../config-index.js';
import { createTokenCounter } from '../dialects.js';
import { type CliIO, writeLine } from '../io.js';
import { formatCount, formatMs, formatTable, truncate } from '../table.js';
import { CATALOG_OPTION } from '../tool-index.js';
import { displayName } from './tool-display.js';

export const searchSpec: CommandSpec = {
  name: 'search',
  summary: 'Find the tools that fit a request, with the score of each retrieval signal.',
  usage: 'arsenal search "<query>" [options]',
  positionals: [{ name: '<query>', description: 'What the agent is asked to do.', required: true }],
  options: {
    catalog: CATALOG_OPTION,
    config: CONFIG_OPTION,
    limit: {
      type: 'string',
      short: 'n',
      valueName: 'n',
      description: 'Most tools to show. Default 10.',
    },
    namespace: {
      type: 'string',
      multiple: true,
      valueName: 'ns',
      description: 'Only tools in this namespace.',
    },
    threshold: {
      type: 'string',
      valueName: 'x',
      description: 'Drop tools scoring below x (0–1).',
    },
    'token-budget': {
      type: 'string',
      valueName: 'n',
      description:
        'Return the best tools whose definitions fit n prompt tokens (counted exactly, o200k_base).',
    },
    explain: {
      type: 'boolean',
      description: 'Show each tool’s description and what every signal means.',
    },
    json: { type: 'boolean', description: 'Print the retrieval result as JSON.' },
  },
  examples: [
    'arsenal search "convert this amount of dollars to euros"',
    'arsenal search "open a ticket for the login bug" --namespace jira --explain',
    'arsenal search "send the report" --catalog my-tools.yaml --limit 3 --json',
  ],
};

/**
 * The options of `arsenal search`, parsed: the request and how many tools to return.
 *
 * @example
 * ```ts
 * import { createMemoryWriter, type SearchArgs, searchCommand } from '@arsenal/cli';
 *
 * const args: SearchArgs = {
 *   query: 'refund a card payment',
 *   catalogs: [], // none: the built-in demo catalog
 *   limit: 5,
 *   namespaces: [],
 *   explain: true,
 *   json: false,
 * };
 * const stdout = createMemoryWriter();
 * await searchCommand(args, { stdout, stderr: createMemoryWriter() });
 * ```
 */
export interface SearchArgs {
  query: string;
  catalogs: string[];
  config?: string;
  limit: number;
  namespaces: string[];
  threshold?: number;
  tokenBudget?: number;
  explain: boolean;
  json: boolean;
}

export function toSearchArgs(parsed: ParsedCommandArgs): SearchArgs {
  const { values } = parsed;
  const query = parsed.positionals[0] ?? '';
  if (query.trim() === '') {
    throw new CliError(
      'the query is empty',
      'say what the tool should do, e.g. arsenal search "send an email"',
    );
  }
  return {
    query,
    catalogs: stringListOption(values, 'catalog'),
    config: stringOption(values, 'config'),
    limit: integerOption(values, 'limit', { min: 1, max: 1000 }) ?? 10,
    namespaces: stringListOption(values, 'namespace'),
    threshold: numberOption(values, 'threshold', { min: 0, max: 1 }),
    tokenBudget: integerOption(values, 'token-budget', { min: 1, max: 10_000_000 }),
    explain: values.explain === true,
    json: values.json === true,
  };
}

// What the retriever's signals mean; unknown signals are shown too, with a generic label.
const SIGNAL_MEANINGS: Readonly<Record<string, string>> = {
  lexical: 'keyword match (BM25F) over name, description, tags, parameters and examples',
  semantic: 'embedding similarity between the query and the tool (needs an embedder)',
  subquery: 'best match for one clause of a multi-part request',
  group: "how well the tool's server (namespace) matches: its best tool's keyword match",
  server:
    "how well the tool's server matches as a whole (its name, its tools' names and descriptions)",
  coverage: 'moved up as the best tool for one part of a request that spans servers',
  learned: 'similar past queries that this tool answered',
  relevance: 'the relevance signals above, combined',
  intent: 'fit with the intent classified from the query',
  conversation: 'fit with the conversation so far (needs a conversation context)',
  health: 'recent success rate and latency of the tool',
  cost: 'cheapness of a call (latency, money, prompt tokens)',
  penalty: 'subtracted: already used, recently failed or deprecated',
  rerank: 'the reranker score (needs a reranker)',
};
const SIGNAL_ORDER = Object.keys(SIGNAL_MEANINGS);

/** Signals in display order: relevance parts, relevance, other factors, then unknown ones. */
export function signalNames(tools: readonly ScoredTool[]): string[] {
  const names = new Set<string>();
  for (const scored of tools) {
    for (const [name, value] of Object.entries(scored.signals)) {
      if (typeof value === 'number') names.add(name);
    }
  }
  const known = SIGNAL_ORDER.filter((name) => names.has(name));
  const rest = [...names].filter((name) => !SIGNAL_ORDER.includes(name)).sort();
  return [...known, ...rest];
}

/** The RetrievalResult as printed by --json: tools reduced to what a reader needs. */
export interface SearchResultJson extends Omit<RetrievalResult, 'tools'> {
  tools: {
    rank: number;
    name: string;
    qualifiedName: string;
    description: string;
    score: number;
    signals: ScoredTool['signals'];
  }[];
}

export function searchResultJson(result: RetrievalResult): SearchResultJson {
  return {
    ...result,
    tools: result.tools.map((scored) => ({
      rank: scored.rank,
      name: scored.tool.name,
      qualifiedName: scored.tool.qualifiedName,
      description: scored.tool.description,
      score: scored.score,
      signals: scored.signals,
    })),
  };
}

function formatScore(value: number | undefined): string {
  return typeof value === 'number' ? value.toFixed(3) : '–';
}

/**
 * `arsenal search`: the tools that fit a request, best first, with their scores. Resolves to the exit code.
 *
 * @example
 * ```ts
 * import { createMemoryWriter, searchCommand } from '@arsenal/cli';
 *
 * const stdout = createMemoryWriter();
 * const exitCode = await searchCommand(
 *   { query: 'convert dollars to euros', catalogs: [], limit: 3, namespaces: [], explain: false, json: true },
 *   { stdout, stderr: createMemoryWriter() },
 * );
 * const results = JSON.parse(stdout.text);
 * ```
 */
export async function searchCommand(args: SearchArgs, io: CliIO): Promise<number> {
  // Budgets are counted with a real tokenizer over the tool's JSON definition.
  const countTokens = args.tokenBudget === undefined ? undefined : await createTokenCounter();
  const index = await openToolIndex(
    args,
    io,
    countTokens
      ? {
          retrieval: {
            tokenCounter: (tool) =>
              countTokens(
                JSON.stringify({
                  name: tool.name,
                  description: tool.description,
                  parameters: tool.parametersSchema,
                }),
              ),
          },
        }
      : {},
  );
  try {
    return await printSearch(args, index, io);
  } finally {
    await index.close();
  }
}

async function printSearch(args: SearchArgs, index: OpenedToolIndex, io: CliIO): Promise<number> {
  const result = await index.arsenal.retrieve({
    query: args.query,
    limit: args.limit,
    ...(args.tokenBudget === undefined ? {} : { tokenBudget: args.tokenBudget }),
    ...(args.threshold === undefined ? {} : { scoreThreshold: args.threshold }),
    ...(args.namespaces.length > 0 ? { filters: { namespaces: args.namespaces } } : {}),
  });
  if (args.json) {
    writeLine(io.stdout, JSON.stringify(searchResultJson(result), null, 2));
    return 0;
  }
  const signals = signalNames(result.tools);
  writeLine(
    io.stdout,
    `Query: "${args.query}" — ${formatCount(index.toolCount)} tools in ${index.label}`,
  );
  writeLine(io.stdout);
  if (result.tools.length === 0) {
    writeLine(
      io.stdout,
      'No tools matched. Try other words, a lower --threshold, or a different --namespace.',
    );
  } else {
    const width = io.stdout.columns ?? 100;
    const columns = [
      { header: '#', align: 'right' as const },
      { header: 'tool', maxWidth: 48 },
      { header: 'score', align: 'right' as const },
      ...signals.map((name) => ({ header: name, align: 'right' as const })),
    ];
    const rows = result.tools.map((scored) => [
      String(scored.rank),
      displayName(scored.tool),
      formatScore(scored.score),
      ...signals.map((name) => formatScore(scored.signals[name])),
    ]);
    const table = formatTable(columns, rows).split('\n');
    writeLine(io.stdout, table[0]);
    result.tools.forEach((scored, index) => {
      writeLine(io.stdout, table[index + 1]);
      if (args.explain) {
        writeLine(io.stdout, `    ${truncate(scored.tool.description, Math.max(40, width - 6))}`);
      }
    });
  }
  writeLine(io.stdout);
  writeLine(
    io.stdout,
    `${formatCount(result.candidateCount)} candidates, ${formatCount(result.filteredCount)} filtered · ` +
      `embedding ${formatMs(result.timings.embeddingMs)} · search ${formatMs(result.timings.searchMs)} · ` +
      `total ${formatMs(result.timings.totalMs)} · indexed in ${formatMs(index.indexMs)}`,
  );
  if (args.tokenBudget !== undefined) {
    writeLine(
      io.stdout,
      `Tokens: ${formatCount(result.totalTokens ?? 0)} of a ${formatCount(args.tokenBudget)} budget · ` +
        `${formatCount(result.overBudgetCount ?? 0)} ranked tools did not fit`,
    );
  }
  if (!args.explain) {
    writeLine(
      io.stdout,
      'Add --explain to see what each signal means and each tool’s description.',
    );
  }
  if (args.explain) {
    writeLine(io.stdout);
    writeLine(io.stdout, 'Signals (each 0–1; the score weighs them together):');
    for (const name of signals) {
      writeLine(
        io.stdout,
        `  ${name.padEnd(10)} ${SIGNAL_MEANINGS[name] ?? 'a signal reported by the retriever'}`,
      );
    }
    writeLine(io.stdout, `Trace id: ${result.traceId}`);
  }
  return 0;
}
