// Tokens a model turn spends on tool definitions: the whole catalog versus what Arsenal sends
// (the top 5 retrieved tools plus the dynamic-mode meta-tools), counted with a real tokenizer
// (o200k_base) on the largest real catalog at hand: Seal-Tools, 4,076 tools with schemas.
// Run: pnpm --filter @arsenal/bench bench:tokens
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createArsenal, parseCatalog, type ToolDefinition } from '@arsenal/core';
import { discoveryMetaTools } from '@arsenal/mcp-server';
import { createAnthropicTranscoder } from '@arsenal/transcoder-anthropic';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { getEncoding } from 'js-tiktoken';
import { percentile, printTable, writeResult } from './lib/report.js';

const data = join(import.meta.dirname, 'data', 'seal-tools');
const encoding = getEncoding('o200k_base');
const tokens = (value: unknown) => encoding.encode(JSON.stringify(value)).length;

const openai = createOpenAITranscoder();
const anthropic = createAnthropicTranscoder();
const metaTools = discoveryMetaTools();
const dialects: Record<string, { encode: (tool: ToolDefinition) => unknown; meta: unknown[] }> = {
  openai: {
    encode: (tool: ToolDefinition) => openai.encode(tool),
    meta: metaTools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
    })),
  },
  anthropic: {
    encode: (tool: ToolDefinition) => anthropic.encode(tool),
    meta: metaTools.map((tool) => ({
      name: tool.name,
      description: tool.description,
      input_schema: tool.inputSchema,
    })),
  },
};

const arsenal = createArsenal();
const summary = await arsenal.register(
  parseCatalog(readFileSync(join(data, 'tools.jsonl'), 'utf8'), {
    format: 'jsonl',
    source: 'seal-tools',
  }),
);
const catalog = summary.tools;
const queries = readFileSync(join(data, 'queries.jsonl'), 'utf8')
  .trim()
  .split('\n')
  .map((line) => JSON.parse(line) as { query: string });
const sample = queries.slice(0, Number(process.env.BENCH_QUERIES ?? 300));

const rows: (string | number)[][] = [];
const results: Record<string, unknown>[] = [];
for (const [dialect, { encode, meta }] of Object.entries(dialects)) {
  const full = tokens(catalog.map(encode));
  const perTurn: number[] = [];
  for (const { query } of sample) {
    const { tools } = await arsenal.retrieve({ query, limit: 5 });
    perTurn.push(tokens([...tools.map((scored) => encode(scored.tool)), ...meta]));
  }
  perTurn.sort((a, b) => a - b);
  const mean = perTurn.reduce((sum, value) => sum + value, 0) / perTurn.length;
  const saving = 1 - mean / full;
  results.push({
    dialect,
    tools: catalog.length,
    fullCatalogTokens: full,
    meanTurnTokens: mean,
    p95TurnTokens: percentile(perTurn, 95),
    saving,
  });
  rows.push([
    dialect,
    catalog.length.toLocaleString('en-US'),
    full.toLocaleString('en-US'),
    Math.round(mean).toLocaleString('en-US'),
    percentile(perTurn, 95).toLocaleString('en-US'),
    `${(saving * 100).toFixed(2)}%`,
  ]);
}
printTable(
  ['dialect', 'tools', 'full list tokens', 'top 5 + meta-tools (mean)', 'p95', 'fewer tokens'],
  rows,
);
console.log(
  `\n${sample.length} queries; tokenizer o200k_base; meta-tools: ${metaTools.map((t) => t.name).join(', ')}`,
);
console.log(`wrote ${writeResult('token-savings', { queries: sample.length, results })}`);
