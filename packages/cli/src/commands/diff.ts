import { type McpListedTool, type PinnedTool, pinTool } from '@arsenal/config';
import {
  type CommandSpec,
  type ParsedCommandArgs,
  stringListOption,
  stringOption,
} from '../args.js';
import { type CliIO, writeLine } from '../io.js';
import { openForPinning, PINNING_OPTIONS } from './pinning-support.js';

export const diffSpec: CommandSpec = {
  name: 'diff',
  summary: 'Show how the tools of the MCP servers changed since they were approved.',
  usage: 'arsenal diff [options]',
  positionals: [],
  options: { ...PINNING_OPTIONS },
  examples: ['arsenal diff --config arsenal.yaml', 'arsenal diff --server github'],
};

export interface DiffArgs {
  config: string;
  servers: string[];
}

export function toDiffArgs(parsed: ParsedCommandArgs): DiffArgs {
  return {
    config: stringOption(parsed.values, 'config') ?? 'arsenal.yaml',
    servers: stringListOption(parsed.values, 'server'),
  };
}

const FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;
const MAX_SHOWN = 400;

function shown(value: unknown): string {
  const text =
    typeof value === 'string' ? value : value === undefined ? '(none)' : JSON.stringify(value);
  return text.length > MAX_SHOWN
    ? `${text.slice(0, MAX_SHOWN)}… (${text.length} characters)`
    : text;
}

/** One line per field that differs, old (`-`) then new (`+`). */
function fieldChanges(approved: PinnedTool['tool'], current: PinnedTool['tool']): string[] {
  const lines: string[] = [];
  for (const field of FIELDS) {
    const before = approved[field];
    const after = current[field];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    lines.push(`    ${field}:`, `    - ${shown(before)}`, `    + ${shown(after)}`);
  }
  return lines;
}

/**
 * Compare what each server lists now with what `arsenal approve` recorded: tools added, removed
 * and changed (field by field). Exit code 1 when anything differs, 0 when nothing does.
 */
export async function diffCommand(args: DiffArgs, io: CliIO): Promise<number> {
  const opened = await openForPinning(args.config, args.servers, io);
  try {
    let differences = 0;
    for (const source of opened.servers) {
      const approved = opened.lock.servers[source.id]?.tools;
      const listed = source.listedTools();
      if (!approved) {
        writeLine(
          io.stdout,
          `${source.id}: never approved (${listed.length} tool(s)); review them, then run \`arsenal approve --server ${source.id}\`.`,
        );
        differences += listed.length;
        continue;
      }
      const lines: string[] = [];
      const now = new Date().toISOString();
      const current = new Map<string, McpListedTool>(listed.map((tool) => [tool.name, tool]));
      for (const [name, tool] of current) {
        const pinned = approved[name];
        const snapshot = pinTool(tool, now);
        if (!pinned) lines.push(`  + ${name}: new, not approved`);
        else if (pinned.hash !== snapshot.hash) {
          lines.push(`  ~ ${name}: changed since ${pinned.approvedAt}`);
          lines.push(...fieldChanges(pinned.tool, snapshot.tool));
        }
      }
      for (const name of Object.keys(approved)) {
        if (!current.has(name)) lines.push(`  - ${name}: approved, no longer listed`);
      }
      const count = lines.filter((line) => /^ {2}[+~-] /.test(line)).length;
      differences += count;
      writeLine(
        io.stdout,
        count === 0
          ? `${source.id}: ${listed.length} tool(s), all as approved.`
          : [`${source.id}: ${count} difference(s) from the approved tools:`, ...lines].join('\n'),
      );
    }
    if (differences > 0) {
      writeLine(
        io.stdout,
        '\nChanged and unapproved tools are withheld from models (pinning: reject). Approve what you reviewed with `arsenal approve`.',
      );
    }
    return differences > 0 ? 1 : 0;
  } finally {
    await opened.configured.close();
  }
}
