// Provider tool search with Arsenal's retrieval behind it, against the alternatives, on the four
// labelled catalogs of bench/data. Per set and dialect (OpenAI Responses, Anthropic Messages),
// one bench query per turn:
//   (a) all tools in every request;
//   (b) Arsenal's top 5 for each turn (the tools array changes every turn);
//   (c) every tool deferred (@arsenal/tool-search), each turn's search answered by Arsenal;
//   (d) the same deferred list, the search answered by a regex, or by a plain BM25, over names and
//       descriptions only (bench/lib/tool-search-baselines.ts).
// Reported: the tool tokens the model reads per turn (o200k_base on the JSON of what each
// provider's docs say the model sees — the whole list for (a) and (b); for (c) and (d), on OpenAI
// the names and descriptions of the deferred functions and the tool_search tool, on Anthropic the
// search tool only, deferred tools staying out of the prompt — plus the five definitions the
// search loads), the cache-stable prefix (tokens of the model-visible tool list shared with the
// previous turn's), and Recall@5 of what the turn's tools hold (the labelled tools among them).
// Run: pnpm --filter @arsenal/bench bench:tool-search   (BENCH_QUERIES per set, default 300)
import { readFileSync } from 'node:fs';
import { type Arsenal, createArsenal, parseCatalog, type ToolDefinition } from '@arsenal/core';
import { createAnthropicToolSearch, createOpenAIToolSearch } from '@arsenal/tool-search';
import { createAnthropicTranscoder } from '@arsenal/transcoder-anthropic';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { getEncoding } from 'js-tiktoken';
import { BENCHMARK_SETS, type BenchmarkSet, benchmarkFile } from './lib/benchmark-sets.js';
import { printTable, writeResult } from './lib/report.js';
import { Bm25Search, RegexSearch } from './lib/tool-search-baselines.js';

const LIMIT = 5;
const QUERIES = Number(process.env.BENCH_QUERIES ?? 300);
const SETS = Object.keys(BENCHMARK_SETS) as BenchmarkSet[];
const encoding = getEncoding('o200k_base');
const tokenize = (value: unknown) => encoding.encode(JSON.stringify(value));
const tokens = (value: unknown) => tokenize(value).length;
const openai = createOpenAITranscoder({ api: 'responses' });
const anthropic = createAnthropicTranscoder();

type Dialect = 'openai' | 'anthropic';
const DIALECTS: Dialect[] = ['openai', 'anthropic'];

interface Query {
  query: string;
  relevant: string[];
}

interface Strategy {
  id: string;
  label: string;
  /** The model-visible tool list of a turn (its tokens, and the prefix shared across turns). */
  visible: Record<Dialect, (query: string) => Promise<unknown[]>>;
  /** What the turn loads at the end of the context (deferred modes) and the tools the turn holds. */
  turn: (query: string) => Promise<{ loaded: ToolDefinition[]; holds: ToolDefinition[] | 'all' }>;
}

/** Token lists of the constant tool lists, computed once (a full catalog is large). */
const tokenized = new WeakMap<unknown[], number[]>();
function tokenizeList(list: unknown[]): number[] {
  let cached = tokenized.get(list);
  if (!cached) {
    cached = tokenize(list);
    tokenized.set(list, cached);
  }
  return cached;
}

function commonPrefix(a: readonly number[], b: readonly number[]): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  return index;
}

async function loadSet(set: BenchmarkSet) {
  const arsenal = createArsenal({ transcoders: [openai, anthropic] });
  const summary = await arsenal.register(
    parseCatalog(readFileSync(benchmarkFile(set, 'tools'), 'utf8'), {
      format: 'jsonl',
      source: set,
    }),
  );
  // Every mode is compared on the same tools: those both dialects can encode (a name over 64
  // characters, say, cannot be sent to either).
  let unencodable = 0;
  for (const tool of arsenal.list()) {
    try {
      openai.encode(tool, { strict: false });
      anthropic.encode(tool);
    } catch {
      unencodable += 1;
      await arsenal.unregister(tool.qualifiedName);
    }
  }
  const catalog = arsenal.list();
  const byName = new Map<string, ToolDefinition>();
  for (const tool of catalog) {
    byName.set(tool.name, tool);
    const original = tool.metadata.originalName;
    if (typeof original === 'string') byName.set(original, tool);
  }
  const queries = readFileSync(benchmarkFile(set, 'queries'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Query)
    .filter((q) => q.relevant.some((name) => byName.has(name)))
    .slice(0, QUERIES);
  return { arsenal, catalog, byName, queries, failed: summary.failed.length + unencodable };
}

/** What the model sees of a deferred OpenAI list: namespaces and deferred functions by name and description. */
function openAIVisible(tools: readonly unknown[]): unknown[] {
  return tools.map((tool) => {
    const { type, name, description, defer_loading } = tool as Record<string, unknown>;
    if (type === 'namespace') return { type, name, description };
    if (type === 'function' && defer_loading === true) return { name, description };
    return tool;
  });
}

function strategies(arsenal: Arsenal, catalog: readonly ToolDefinition[]) {
  const encoders: Record<Dialect, (tool: ToolDefinition) => unknown> = {
    openai: (tool) => openai.encode(tool, { strict: false }),
    anthropic: (tool) => anthropic.encode(tool),
  };
  const full: Record<Dialect, unknown[]> = {
    openai: catalog.map(encoders.openai),
    anthropic: catalog.map(encoders.anthropic),
  };
  const openAISearch = createOpenAIToolSearch(arsenal, { limit: LIMIT });
  const anthropicSearch = createAnthropicToolSearch(arsenal, { limit: LIMIT });
  const deferredVisible: Record<Dialect, unknown[]> = {
    openai: openAIVisible(openAISearch.tools),
    anthropic: anthropicSearch.tools.filter((tool) => tool.defer_loading !== true),
  };
  // In (d) the request carries the provider's own search tool instead of the client-side one.
  const hostedVisible: Record<Dialect, unknown[]> = {
    openai: [...deferredVisible.openai.slice(0, -1), { type: 'tool_search' }],
    anthropic: [{ type: 'tool_search_tool_regex_20251119', name: 'tool_search_tool_regex' }],
  };
  const bm25Visible: Record<Dialect, unknown[]> = {
    openai: hostedVisible.openai,
    anthropic: [{ type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' }],
  };
  const regex = new RegexSearch(catalog);
  const bm25 = new Bm25Search(catalog);
  let conversations = 0;
  const retrieve = async (query: string) =>
    (await arsenal.retrieve({ query, limit: LIMIT })).tools.map((scored) => scored.tool);
  const constant = (lists: Record<Dialect, unknown[]>) => ({
    openai: async () => lists.openai,
    anthropic: async () => lists.anthropic,
  });
  const list: Strategy[] = [
    {
      id: 'all',
      label: '(a) all tools',
      visible: constant(full),
      turn: async () => ({ loaded: [], holds: 'all' }),
    },
    {
      id: 'top-k',
      label: '(b) Arsenal top 5 per turn',
      visible: {
        openai: async (query) => (await retrieve(query)).map(encoders.openai),
        anthropic: async (query) => (await retrieve(query)).map(encoders.anthropic),
      },
      turn: async (query) => ({ loaded: [], holds: await retrieve(query) }),
    },
    {
      id: 'deferred-arsenal',
      label: '(c) deferred + Arsenal search',
      visible: constant(deferredVisible),
      turn: async (query) => {
        // One conversation per turn: nothing is loaded yet, so the search loads its five.
        conversations += 1;
        const id = `turn-${conversations}`;
        const hits = await openAISearch.conversation(id).session.search(query);
        openAISearch.endConversation(id);
        const loaded = hits.loaded.map((entry) => entry.tool);
        return { loaded, holds: loaded };
      },
    },
    {
      id: 'deferred-regex',
      label: '(d) deferred + regex',
      visible: constant(hostedVisible),
      turn: async (query) => {
        const loaded = regex.search(query, LIMIT);
        return { loaded, holds: loaded };
      },
    },
    {
      id: 'deferred-bm25',
      label: '(d) deferred + BM25',
      visible: constant(bm25Visible),
      turn: async (query) => {
        const loaded = bm25.search(query, LIMIT);
        return { loaded, holds: loaded };
      },
    },
  ];
  return { list, encoders };
}

const rows: Record<string, unknown>[] = [];
for (const set of SETS) {
  const { arsenal, catalog, byName, queries, failed } = await loadSet(set);
  const { list, encoders } = strategies(arsenal, catalog);
  for (const strategy of list) {
    const perDialect: Record<Dialect, { tokens: number[]; prefix: number[] }> = {
      openai: { tokens: [], prefix: [] },
      anthropic: { tokens: [], prefix: [] },
    };
    const previous: Partial<Record<Dialect, number[]>> = {};
    const recalls: number[] = [];
    for (const { query, relevant } of queries) {
      const { loaded, holds } = await strategy.turn(query);
      const wanted = relevant.flatMap((name) => {
        const tool = byName.get(name);
        return tool ? [tool.qualifiedName] : [];
      });
      const held = holds === 'all' ? undefined : new Set(holds.map((tool) => tool.qualifiedName));
      recalls.push(held ? wanted.filter((name) => held.has(name)).length / wanted.length : 1);
      for (const dialect of DIALECTS) {
        const list = tokenizeList(await strategy.visible[dialect](query));
        const loadedTokens = loaded.length > 0 ? tokens(loaded.map(encoders[dialect])) : 0;
        perDialect[dialect].tokens.push(list.length + loadedTokens);
        const before = previous[dialect];
        if (before) perDialect[dialect].prefix.push(commonPrefix(before, list));
        previous[dialect] = list;
      }
    }
    const mean = (values: number[]) =>
      values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
    rows.push({
      set,
      benchmark: BENCHMARK_SETS[set],
      strategy: strategy.id,
      label: strategy.label,
      tools: catalog.length,
      failedToRegister: failed,
      queries: queries.length,
      openaiTokens: mean(perDialect.openai.tokens),
      openaiPrefix: mean(perDialect.openai.prefix),
      anthropicTokens: mean(perDialect.anthropic.tokens),
      anthropicPrefix: mean(perDialect.anthropic.prefix),
      recall5: mean(recalls),
    });
  }
  await arsenal.close();
}

const whole = (value: unknown) => Math.round(value as number).toLocaleString('en-US');
printTable(
  [
    'benchmark',
    'mode',
    'OpenAI tokens/turn',
    'OpenAI stable prefix',
    'Anthropic tokens/turn',
    'Anthropic stable prefix',
    'Recall@5',
  ],
  rows.map((row) => [
    row.benchmark as string,
    row.label as string,
    whole(row.openaiTokens),
    whole(row.openaiPrefix),
    whole(row.anthropicTokens),
    whole(row.anthropicPrefix),
    `${((row.recall5 as number) * 100).toFixed(2)}%`,
  ]),
);
console.log(
  `\n${QUERIES} queries per set at most; tokenizer o200k_base; ${LIMIT} tools per search`,
);
// Token counts and recall are deterministic: one run is the measurement.
console.log(
  `wrote ${writeResult('tool-search', { runs: 1, queriesPerSet: QUERIES, limit: LIMIT, rows })}`,
);
