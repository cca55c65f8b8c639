import {
  type CommandSpec,
  integerOption,
  type ParsedCommandArgs,
  stringListOption,
  stringOption,
} from '../args.js';
import { CONFIG_OPTION, type OpenedToolIndex, openToolIndex } from '../config-index.js';
import { type CliIO, writeLine } from '../io.js';
import { PRINCIPAL_OPTIONS, principalFor } from '../principal-options.js';
import { formatCount, formatTable } from '../table.js';
import { CATALOG_OPTION } from '../tool-index.js';
import { printQuarantined } from './quarantined.js';
import { displayName } from './tool-display.js';

export const listSpec: CommandSpec = {
  name: 'list',
  summary: 'List the tools of a catalog, optionally filtered.',
  usage: 'arsenal list [options]',
  positionals: [],
  options: {
    catalog: CATALOG_OPTION,
    config: CONFIG_OPTION,
    ...PRINCIPAL_OPTIONS,
    namespace: { type: 'string', valueName: 'ns', description: 'Only tools in this namespace.' },
    source: {
      type: 'string',
      valueName: 'kind',
      description: 'Only tools from this source (catalog, mcp_server, openapi...).',
    },
    tag: { type: 'string', valueName: 'tag', description: 'Only tools with this tag.' },
    offset: { type: 'string', valueName: 'n', description: 'Skip the first n tools. Default 0.' },
    limit: {
      type: 'string',
      short: 'n',
      valueName: 'n',
      description: 'Most tools to show. Default 50.',
    },
    json: { type: 'boolean', description: 'Print the tool definitions as JSON.' },
    quarantined: {
      type: 'boolean',
      description: 'List the imported tools held back because the poisoning detector flagged them.',
    },
  },
  examples: [
    'arsenal list --namespace payments',
    'arsenal list --tag email --json',
    'arsenal list --namespace seal --offset 100 --limit 20',
    'arsenal list --config arsenal.yaml --principal reader',
    'arsenal list --capability financial',
    'arsenal list --quarantined --catalog tools.jsonl',
  ],
};

/**
 * The options of `arsenal list`, parsed: which catalogs, whose view, which page.
 *
 * @example
 * ```ts
 * import { createMemoryWriter, type ListArgs, listCommand } from '@arsenal/cli';
 *
 * const args: ListArgs = {
 *   catalogs: ['tools.yaml'],
 *   capabilities: [],
 *   namespace: 'payments',
 *   offset: 0,
 *   limit: 50,
 *   json: true,
 *   quarantined: false,
 * };
 * await listCommand(args, { stdout: createMemoryWriter(), stderr: createMemoryWriter() });
 * ```
 */
export interface ListArgs {
  catalogs: string[];
  config?: string;
  principal?: string;
  capabilities: string[];
  namespace?: string;
  source?: string;
  tag?: string;
  offset: number;
  limit: number;
  json: boolean;
  quarantined: boolean;
}

export function toListArgs(parsed: ParsedCommandArgs): ListArgs {
  const { values } = parsed;
  return {
    catalogs: stringListOption(values, 'catalog'),
    config: stringOption(values, 'config'),
    principal: stringOption(values, 'principal'),
    capabilities: stringListOption(values, 'capability'),
    namespace: stringOption(values, 'namespace'),
    source: stringOption(values, 'source'),
    tag: stringOption(values, 'tag'),
    offset: integerOption(values, 'offset', { min: 0 }) ?? 0,
    limit: integerOption(values, 'limit', { min: 1 }) ?? 50,
    json: values.json === true,
    quarantined: values.quarantined === true,
  };
}

/**
 * `arsenal list`: the registered tools a principal may see, a page at a time. Resolves to the exit code.
 *
 * @example
 * ```ts
 * import { listCommand } from '@arsenal/cli';
 *
 * const exitCode = await listCommand(
 *   { catalogs: [], capabilities: ['network_access'], offset: 0, limit: 20, json: false, quarantined: false },
 *   { stdout: process.stdout, stderr: process.stderr },
 * );
 * ```
 */
export async function listCommand(args: ListArgs, io: CliIO): Promise<number> {
  const index = await openToolIndex(args, io);
  try {
    if (args.quarantined)
      return printQuarantined(index.arsenal, io, { json: args.json, label: index.label });
    return printList(args, index, io);
  } finally {
    await index.close();
  }
}

function printList(args: ListArgs, index: OpenedToolIndex, io: CliIO): number {
  const filters = {
    ...(args.namespace === undefined ? {} : { namespace: args.namespace }),
    ...(args.source === undefined ? {} : { source: args.source }),
    ...(args.tag === undefined ? {} : { tag: args.tag }),
  };
  const principal = principalFor(args, index.principals);
  const matching = index.arsenal.list({ ...filters, ...(principal ? { principal } : {}) });
  const hidden = principal ? index.arsenal.list(filters).length - matching.length : 0;
  const seenBy = principal
    ? ` as seen by principal "${principal.id}" (${formatCount(hidden)} hidden by the policy)`
    : '';
  const page = matching.slice(args.offset, args.offset + args.limit);
  if (args.json) {
    writeLine(
      io.stdout,
      JSON.stringify(
        {
          total: matching.length,
          ...(principal ? { principal: principal.id, hidden } : {}),
          offset: args.offset,
          limit: args.limit,
          tools: page,
        },
        null,
        2,
      ),
    );
    return 0;
  }
  if (page.length === 0) {
    writeLine(
      io.stdout,
      matching.length === 0
        ? `No tools match those filters among ${formatCount(index.toolCount)} tools in ${index.label}${seenBy}.`
        : `No tools past --offset ${args.offset}; there are ${formatCount(matching.length)}.`,
    );
    return 0;
  }
  const width = io.stdout.columns ?? 120;
  const rows = page.map((tool) => [
    displayName(tool),
    tool.version,
    tool.source,
    tool.tags.join(', '),
    tool.description,
  ]);
  writeLine(
    io.stdout,
    formatTable(
      [
        { header: 'tool', maxWidth: 44 },
        { header: 'version' },
        { header: 'source' },
        { header: 'tags', maxWidth: 28 },
        { header: 'description', maxWidth: io.stdout.columns ? Math.max(30, width - 100) : 80 },
      ],
      rows,
    ),
  );
  writeLine(io.stdout);
  const last = args.offset + page.length;
  const more =
    last < matching.length
      ? ` Next page: --offset ${last}${args.limit === 50 ? '' : ` --limit ${args.limit}`}.`
      : '';
  writeLine(
    io.stdout,
    `Tools ${formatCount(args.offset + 1)}–${formatCount(last)} of ${formatCount(matching.length)} matching (${formatCount(
      index.toolCount,
    )} in ${index.label})${seenBy}.${more}`,
  );
  return 0;
}
