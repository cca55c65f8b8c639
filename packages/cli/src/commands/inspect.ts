import type { ToolDefinition } from '@arsenal/core';
import {
  type CommandSpec,
  type ParsedCommandArgs,
  stringListOption,
  stringOption,
} from '../args.js';
import { CliError } from '../cli-error.js';
import { CONFIG_OPTION, type OpenedToolIndex, openToolIndex } from '../config-index.js';
import {
  createTokenCounter,
  type DialectEncoding,
  encodeInAllDialects,
  type ModuleLoader,
} from '../dialects.js';
import { type CliIO, writeLine } from '../io.js';
import { formatCount } from '../table.js';
import { CATALOG_OPTION } from '../tool-index.js';
import { displayName } from './tool-display.js';

export const inspectSpec: CommandSpec = {
  name: 'inspect',
  summary: 'Show a tool’s definition and how it looks in every model dialect, with token counts.',
  usage: 'arsenal inspect <tool> [options]',
  positionals: [
    {
      name: '<tool>',
      description: 'Name, namespace.name or namespace.name:version.',
      required: true,
    },
  ],
  options: {
    catalog: CATALOG_OPTION,
    config: CONFIG_OPTION,
    json: { type: 'boolean', description: 'Print the definition and encodings as JSON.' },
  },
  notes: [
    'Token counts use the o200k_base encoding on the compact JSON of each encoding; a vendor adds',
    'its own framing around tools, so treat them as a comparison between dialects.',
  ],
  examples: ['arsenal inspect create_payment', 'arsenal inspect payments.create_refund --json'],
};

/**
 * The options of `arsenal inspect`, parsed: which tool, from which catalogs.
 *
 * @example
 * ```ts
 * import { createMemoryWriter, type InspectArgs, inspectCommand } from '@arsenal/cli';
 *
 * const args: InspectArgs = { tool: 'get_weather', catalogs: ['tools.yaml'], json: true };
 * const stdout = createMemoryWriter();
 * await inspectCommand(args, { stdout, stderr: createMemoryWriter() });
 * ```
 */
export interface InspectArgs {
  tool: string;
  catalogs: string[];
  config?: string;
  json: boolean;
  /** Loads transcoder packages; tests replace it. */
  loadModule?: ModuleLoader;
}

export function toInspectArgs(parsed: ParsedCommandArgs): InspectArgs {
  return {
    tool: parsed.positionals[0] ?? '',
    catalogs: stringListOption(parsed.values, 'catalog'),
    config: stringOption(parsed.values, 'config'),
    json: parsed.values.json === true,
  };
}

function describeTool(tool: ToolDefinition): string[] {
  const rows: [string, string][] = [
    ['qualified name', tool.qualifiedName],
    ['namespace', tool.namespace],
    ['version', tool.version],
    ['source', tool.sourceUri ? `${tool.source} (${tool.sourceUri})` : tool.source],
    ['tags', tool.tags.join(', ') || '–'],
    ['capabilities', tool.capabilities.join(', ') || '–'],
    ['confirmation', tool.requiresConfirmation ? 'required before each call' : 'not required'],
    ['content hash', tool.contentHash],
  ];
  if (tool.deprecated) {
    rows.push([
      'deprecated',
      tool.deprecationMessage ?? (tool.supersededBy ? `use ${tool.supersededBy}` : 'yes'),
    ]);
  }
  return rows.map(([key, value]) => `  ${key.padEnd(15)} ${value}`);
}

function dialectSummary(encoding: DialectEncoding): string {
  if (encoding.status === 'encoded') return `${formatCount(encoding.tokens)} tokens`;
  if (encoding.status === 'failed') return `cannot encode: ${encoding.error}`;
  return `not installed (${encoding.packageName})`;
}

/**
 * `arsenal inspect`: a tool's definition and its encoding in every model dialect, with token counts. Resolves to the exit code.
 *
 * @example
 * ```ts
 * import { inspectCommand } from '@arsenal/cli';
 *
 * const exitCode = await inspectCommand(
 *   { tool: 'payments.create_refund', catalogs: [], json: false },
 *   { stdout: process.stdout, stderr: process.stderr },
 * );
 * ```
 */
export async function inspectCommand(args: InspectArgs, io: CliIO): Promise<number> {
  const index = await openToolIndex(args, io);
  try {
    return await printInspect(args, index, io);
  } finally {
    await index.close();
  }
}

async function printInspect(args: InspectArgs, index: OpenedToolIndex, io: CliIO): Promise<number> {
  const tool = index.arsenal.registry.get(args.tool);
  if (!tool) {
    // A bare name shared by several namespaces resolves to nothing: say which ones to pick from.
    const sameName = index.arsenal.registry
      .list()
      .filter((candidate) => candidate.name === args.tool);
    if (sameName.length > 1) {
      throw new CliError(
        `tool name "${args.tool}" exists in several namespaces`,
        `name one: ${sameName.map((candidate) => `"${displayName(candidate)}"`).join(' or ')}`,
      );
    }
    const suggestions = index.arsenal.registry.suggest(args.tool).slice(0, 3);
    throw new CliError(
      `tool "${args.tool}" not found in ${index.label}`,
      suggestions.length > 0
        ? `did you mean ${suggestions.map((name) => `"${name}"`).join(' or ')}?`
        : 'run `arsenal list` to see the tools, or `arsenal search "<what it does>"` to find one',
    );
  }
  const countTokens = await createTokenCounter();
  const encodings = await encodeInAllDialects(tool, countTokens, args.loadModule);
  if (args.json) {
    writeLine(io.stdout, JSON.stringify({ definition: tool, dialects: encodings }, null, 2));
    return 0;
  }
  writeLine(io.stdout, displayName(tool));
  writeLine(io.stdout, `  ${tool.description}`);
  writeLine(io.stdout);
  for (const line of describeTool(tool)) writeLine(io.stdout, line);
  writeLine(io.stdout);
  writeLine(io.stdout, 'Parameters (JSON Schema):');
  writeLine(io.stdout, JSON.stringify(tool.parametersSchema, null, 2));
  writeLine(io.stdout);
  writeLine(io.stdout, 'Dialects (tokens: o200k_base over the compact JSON):');
  for (const encoding of encodings) {
    writeLine(io.stdout, `  ${encoding.dialect.padEnd(15)} ${dialectSummary(encoding)}`);
  }
  for (const encoding of encodings) {
    if (encoding.status !== 'encoded') continue;
    writeLine(io.stdout);
    writeLine(io.stdout, `── ${encoding.dialect} · ${formatCount(encoding.tokens)} tokens ──`);
    writeLine(io.stdout, JSON.stringify(encoding.tool, null, 2));
  }
  return 0;
}
