// Tokens of tool definitions a model sees per turn through each framework integration: the tools
// Arsenal selects for the turn versus binding the whole Seal-Tools catalog (4,076 tools), counted
// with o200k_base (js-tiktoken) over exactly what the framework hands the model.
// Run: pnpm --filter @arsenal/bench bench:framework-tokens   (BENCH_QUERIES=100 by default)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createArsenalToolSelection } from '@arsenal/ai-sdk';
import { createArsenal, parseCatalog } from '@arsenal/core';
import { toLangChainTool } from '@arsenal/langchain';
import { selectTools } from '@arsenal/langchain/langgraph';
import { HumanMessage } from '@langchain/core/messages';
import { convertToOpenAITool } from '@langchain/core/utils/function_calling';
import { generateText } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { getEncoding } from 'js-tiktoken';
import { percentile, printTable, writeResult } from './lib/report.js';

const data = join(import.meta.dirname, 'data', 'seal-tools');
const encoding = getEncoding('o200k_base');
const tokens = (value: unknown) => encoding.encode(JSON.stringify(value)).length;
const limit = 5;

const arsenal = createArsenal();
const { tools: catalog } = await arsenal.register(
  parseCatalog(readFileSync(join(data, 'tools.jsonl'), 'utf8'), {
    format: 'jsonl',
    source: 'seal-tools',
  }),
);
const queries = readFileSync(join(data, 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => (JSON.parse(line) as { query: string }).query)
  .slice(0, Number(process.env.BENCH_QUERIES ?? 100));

// LangChain: the OpenAI tool format ChatOpenAI sends for bound tools.
const langchainFull = tokens(catalog.map((d) => convertToOpenAITool(toLangChainTool(arsenal, d))));
const langchainTurns: number[] = [];
for (const query of queries) {
  const selection = await selectTools(arsenal, [new HumanMessage(query)], { limit });
  const bound = selection.tools.flatMap((t) => {
    const d = arsenal.registry.get(t.qualifiedName);
    return d ? [convertToOpenAITool(toLangChainTool(arsenal, d, { name: t.name }))] : [];
  });
  langchainTurns.push(tokens(bound));
}

// AI SDK: the tool definitions generateText passes to the model (LanguageModelV3 call options).
let seen: unknown[] = [];
const model = new MockLanguageModelV3({
  doGenerate: async (options) => {
    seen = options.tools ?? [];
    return {
      content: [{ type: 'text', text: 'ok' }],
      finishReason: { unified: 'stop', raw: 'stop' },
      usage: {
        inputTokens: { total: 0, noCache: 0, cacheRead: undefined, cacheWrite: undefined },
        outputTokens: { total: 0, text: 0, reasoning: undefined },
      },
      warnings: [],
    };
  },
});
const selection = createArsenalToolSelection(arsenal, { limit });
await generateText({ model, tools: selection.tools, prompt: queries[0] ?? 'hello' });
const aiSdkFull = tokens(seen);
const aiSdkCatalogSize = seen.length;
const aiSdkTurns: number[] = [];
for (const query of queries) {
  await generateText({
    model,
    tools: selection.tools,
    prepareStep: selection.prepareStep,
    prompt: query,
  });
  aiSdkTurns.push(tokens(seen));
}

const rows: (string | number)[][] = [];
const results: Record<string, unknown>[] = [];
for (const [name, size, full, turns] of [
  ['@arsenal/langchain (createArsenalAgent)', catalog.length, langchainFull, langchainTurns],
  ['@arsenal/ai-sdk (prepareStep → activeTools)', aiSdkCatalogSize, aiSdkFull, aiSdkTurns],
] as const) {
  const sorted = [...turns].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, v) => sum + v, 0) / sorted.length;
  results.push({
    integration: name,
    tools: size,
    fullCatalogTokens: full,
    meanTurnTokens: mean,
    p95TurnTokens: percentile(sorted, 95),
  });
  rows.push([
    name,
    size.toLocaleString('en-US'),
    full.toLocaleString('en-US'),
    Math.round(mean).toLocaleString('en-US'),
    percentile(sorted, 95).toLocaleString('en-US'),
    `${((1 - mean / full) * 100).toFixed(2)}%`,
  ]);
}
printTable(
  [
    'integration',
    'tools',
    'whole catalog tokens',
    `top ${limit} per turn (mean)`,
    'p95',
    'fewer tokens',
  ],
  rows,
);
console.log(`\n${queries.length} queries; tokenizer o200k_base`);
console.log(`wrote ${writeResult('framework-tokens', { queries: queries.length, results })}`);
await arsenal.close();
