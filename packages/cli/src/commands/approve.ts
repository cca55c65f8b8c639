import { pinTool, writePinLock } from '@arsenal/config';
import {
  type CommandSpec,
  type ParsedCommandArgs,
  stringListOption,
  stringOption,
} from '../args.js';
import { type CliIO, writeLine } from '../io.js';
import { definitionOfMcpTool, openForPinning, PINNING_OPTIONS } from './pinning-support.js';

export const approveSpec: CommandSpec = {
  name: 'approve',
  summary: 'Approve the tools of the MCP servers as they are now (pinning lock file).',
  usage: 'arsenal approve [options]',
  positionals: [],
  options: {
    ...PINNING_OPTIONS,
    tool: {
      type: 'string',
      multiple: true,
      valueName: 'name',
      description:
        'Only this tool, by its MCP or Arsenal name (repeatable); a quarantined tool named here is released. Default: every tool that is not quarantined.',
    },
    quarantined: {
      type: 'boolean',
      description:
        'Also approve every quarantined tool (held by the poisoning detector) as it is now. Without it, a quarantined tool is only released when named with --tool.',
    },
  },
  examples: [
    'arsenal approve --config arsenal.yaml',
    'arsenal diff && arsenal approve --server github --tool create_issue',
    'arsenal list --quarantined && arsenal approve --quarantined',
  ],
};

export interface ApproveArgs {
  config: string;
  servers: string[];
  tools: string[];
  /** Approve quarantined tools too, without naming them. */
  quarantined: boolean;
}

export function toApproveArgs(parsed: ParsedCommandArgs): ApproveArgs {
  return {
    config: stringOption(parsed.values, 'config') ?? 'arsenal.yaml',
    servers: stringListOption(parsed.values, 'server'),
    tools: stringListOption(parsed.values, 'tool'),
    quarantined: parsed.values.quarantined === true,
  };
}

/**
 * Record the pinning hash (and the text and schemas) of every tool each server lists now in the
 * lock file beside the config. Approving a whole server replaces its entry, so tools it no
 * longer lists are dropped; approving named tools adds to it. A quarantined tool is approved
 * only when named (`--tool`) or with `--quarantined`: a plain approval after a routine change
 * must not release what the poisoning detector held. Quarantined tools approved here are let
 * through from then on, as long as they do not change.
 */
export async function approveCommand(args: ApproveArgs, io: CliIO): Promise<number> {
  const opened = await openForPinning(args.config, args.servers, io);
  const { configured, lock } = opened;
  try {
    const approvedAt = new Date().toISOString();
    let approved = 0;
    let changed = 0;
    let released = 0;
    const withheld: string[] = [];
    const matched = new Set<string>();
    for (const source of opened.servers) {
      const previous = lock.servers[source.id]?.tools ?? {};
      const tools = args.tools.length === 0 ? {} : { ...previous };
      for (const tool of source.listedTools()) {
        const definition = definitionOfMcpTool(configured, source.namespace, tool.name);
        if (
          args.tools.length > 0 &&
          !args.tools.some((name) => {
            const hit = name === tool.name || name === definition?.name;
            if (hit) matched.add(name);
            return hit;
          })
        )
          continue;
        const quarantined =
          definition !== undefined &&
          configured.arsenal.quarantined().some((held) => held.tool === definition);
        if (quarantined && args.tools.length === 0 && !args.quarantined) {
          // Left as it was: its earlier approval (if any) stays, this content is not approved.
          if (previous[tool.name]) tools[tool.name] = previous[tool.name]!;
          withheld.push(tool.name);
          continue;
        }
        const pinned = pinTool(tool, approvedAt, definition?.contentHash);
        if (previous[tool.name] && previous[tool.name]!.hash !== pinned.hash) changed++;
        if (quarantined) released++;
        tools[tool.name] = pinned;
        approved++;
      }
      lock.servers[source.id] = { tools };
    }
    const missing = args.tools.filter((name) => !matched.has(name));
    if (missing.length > 0) {
      writeLine(
        io.stderr,
        `arsenal: no tool named ${missing.map((name) => `"${name}"`).join(', ')} on ${
          args.servers.length > 0 ? args.servers.join(', ') : 'any server'
        } — check the name with \`arsenal diff\`; nothing was written`,
      );
      return 1;
    }
    await writePinLock(opened.lockPath, lock);
    writeLine(
      io.stdout,
      `Approved ${approved} tool(s) of ${opened.servers.length} server(s) in ${opened.lockPath}${
        changed > 0 ? ` (${changed} changed since the last approval)` : ''
      }${released > 0 ? `; ${released} quarantined tool(s) are let through from now on` : ''}.`,
    );
    if (withheld.length > 0)
      writeLine(
        io.stdout,
        `Left out ${withheld.length} quarantined tool(s): ${withheld.join(', ')}. See why with \`arsenal list --quarantined\`; approve one with --tool <name>, or all with --quarantined.`,
      );
    return 0;
  } finally {
    await configured.close();
  }
}
