// GitHub's REST API description (@octokit/openapi, api.github.com) through the OpenAPI importer:
// how long the whole spec takes to become tools (read + parse + map + register), and how many
// tokens a model turn spends on tool definitions with the full list versus what Arsenal sends
// (top 5 retrieved tools plus the dynamic-mode meta-tools), counted with o200k_base.
// Run: pnpm --filter @arsenal/bench bench:openapi
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { createArsenal, type ToolDefinition } from '@arsenal/core';
import { importOpenApiDocument, parseSpecText } from '@arsenal/executor-http';
import { discoveryMetaTools } from '@arsenal/mcp-server';
import { createAnthropicTranscoder } from '@arsenal/transcoder-anthropic';
import { createOpenAITranscoder } from '@arsenal/transcoder-openai';
import { getEncoding } from 'js-tiktoken';
import { machine, percentile, printTable, writeResult } from './lib/report.js';

const specPath = createRequire(import.meta.url).resolve(
  '@octokit/openapi/generated/api.github.com.json',
);
const runs = Number(process.env.BENCH_RUNS ?? 5);

// Hand-written tasks a GitHub agent gets; not taken from any benchmark data set.
const queries = [
  'open an issue in a repository',
  'list the open pull requests of a repo',
  'merge a pull request',
  'add a label to an issue',
  'comment on a pull request',
  'create a new repository for the authenticated user',
  'list the branches of a repository',
  'get the contents of a file in a repo',
  'create a release with a tag',
  'list workflow runs of GitHub Actions',
  're-run a failed workflow',
  'star a repository',
  'search code across repositories',
  'list the members of an organization',
  'add a collaborator to a repository',
  'create a gist',
  'get the authenticated user profile',
  'list commits on a branch',
  'request a review on a pull request',
  'delete a branch protection rule',
  'list the secrets of a repository for actions',
  'create a webhook for a repository',
  'list notifications of the user',
  'fork a repository',
  'close an issue',
];

type Steps = { read: number; parse: number; map: number; register: number; total: number };
const timings: Steps[] = [];
const cpuTimings: Steps[] = [];
let tools: ToolDefinition[] = [];
let skipped = 0;
// Wall time and this process's CPU time (user + system): on a shared, loaded machine the wall
// time mostly measures waiting for a core, the CPU time what the import itself costs.
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
for (let run = 0; run < runs; run += 1) {
  const marks: [number, number][] = [[performance.now(), cpuMs()]];
  const mark = () => marks.push([performance.now(), cpuMs()]);
  const text = readFileSync(specPath, 'utf8');
  mark();
  const document = parseSpecText(text, 'api.github.com.json');
  mark();
  const result = importOpenApiDocument(document, { sourceId: 'github', namespace: 'github' });
  mark();
  const arsenal = createArsenal();
  await arsenal.register(result.tools);
  mark();
  await arsenal.close();
  tools = result.tools;
  skipped = result.skipped.length;
  for (const [index, into] of [timings, cpuTimings].entries()) {
    const at = (step: number) => (marks[step] as [number, number])[index] as number;
    into.push({
      read: at(1) - at(0),
      parse: at(2) - at(1),
      map: at(3) - at(2),
      register: at(4) - at(3),
      total: at(4) - at(0),
    });
  }
}
const median = (key: keyof Steps, from: Steps[] = timings) =>
  percentile(
    from.map((timing) => timing[key]).sort((a, b) => a - b),
    50,
  );
const specBytes = readFileSync(specPath).byteLength;
const load = loadavg().map((value) => value.toFixed(1));
console.log(
  `\nload average while measuring (1/5/15 min): ${load.join(' / ')}\nGitHub REST spec: ${(specBytes / 2 ** 20).toFixed(1)} MiB, ${tools.length} operations imported, ${skipped} skipped; median of ${runs} runs\n`,
);
const steps = ['read', 'parse', 'map', 'register', 'total'] as const;
printTable(
  ['step', 'wall ms (median)', 'CPU ms (median)'],
  steps.map((step) => [step, median(step).toFixed(0), median(step, cpuTimings).toFixed(0)]),
);

const encoding = getEncoding('o200k_base');
const count = (value: unknown) => encoding.encode(JSON.stringify(value)).length;
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
await arsenal.register(tools);
const rows: (string | number)[][] = [];
const tokenResults: Record<string, unknown>[] = [];
for (const [dialect, { encode, meta }] of Object.entries(dialects)) {
  const full = count(tools.map(encode));
  const perTurn: number[] = [];
  for (const query of queries) {
    const retrieved = await arsenal.retrieve({ query, limit: 5 });
    perTurn.push(count([...retrieved.tools.map((scored) => encode(scored.tool)), ...meta]));
  }
  perTurn.sort((a, b) => a - b);
  const mean = perTurn.reduce((sum, value) => sum + value, 0) / perTurn.length;
  tokenResults.push({
    dialect,
    fullCatalogTokens: full,
    meanTurnTokens: mean,
    p95TurnTokens: percentile(perTurn, 95),
    saving: 1 - mean / full,
  });
  rows.push([
    dialect,
    tools.length.toLocaleString('en-US'),
    full.toLocaleString('en-US'),
    Math.round(mean).toLocaleString('en-US'),
    percentile(perTurn, 95).toLocaleString('en-US'),
    `${((1 - mean / full) * 100).toFixed(2)}%`,
  ]);
}
await arsenal.close();
console.log('');
printTable(
  ['dialect', 'tools', 'full list tokens', 'top 5 + meta-tools (mean)', 'p95', 'fewer tokens'],
  rows,
);
console.log(`\n${queries.length} queries; tokenizer o200k_base`);
console.log(
  `wrote ${writeResult('openapi-import', {
    machine: machine(),
    loadAverage: load,
    spec: 'api.github.com.json',
    specBytes,
    operations: tools.length,
    skipped,
    runs,
    medianWallMs: Object.fromEntries(steps.map((step) => [step, median(step)])),
    medianCpuMs: Object.fromEntries(steps.map((step) => [step, median(step, cpuTimings)])),
    tokens: tokenResults,
  })}`,
);
