import { matchGlob } from '../policy/glob.js';
import type { ToolDefinition } from '../tool/tool-definition.js';

/** A forced tool in OpenAI's `tool_choice` shape. */
export interface ForcedToolChoice {
  type: 'function';
  function: { name: string };
}

/** What a user or admin chose for a space: tools disabled, tools forced. */
export interface ToolSetRequest {
  /** Tools an admin disabled for this space (names or globs). Removed first. */
  disabled?: readonly string[];
  /** Tools the user picked; only these are offered, and the model is told to call them. */
  forced?: readonly string[];
}

/**
 * The tools to offer the model once disabled, exclusive and forced tools are applied, and the
 * `tool_choice` to send.
 */
export interface ToolSet {
  tools: ToolDefinition[];
  /** The exclusive tool, when one was present: it is then the only tool offered. */
  exclusive?: string;
  forced: ForcedToolChoice[];
  /** OpenAI `tool_choice`: one forced tool by name, `required` for several, else `auto`. */
  toolChoice: 'auto' | 'required' | ForcedToolChoice;
  /** Guidance the offered tools carry for the system prompt. */
  promptGuidance: { tool: string; guidance: string }[];
  /** Offered tools that take control of the conversation when called (hand-off). */
  handOffTools: string[];
  excluded: { tool: string; reason: 'disabled' | 'not_forced' | 'exclusive' }[];
}

/** `metadata.exclusive: true`: when present, the only tool offered (deep research...). */
export function isExclusiveTool(tool: ToolDefinition): boolean {
  return tool.metadata.exclusive === true;
}

/** `metadata.takesControl: true` (or `handOff`): the tool takes over the conversation. */
export function takesControl(tool: ToolDefinition): boolean {
  return tool.metadata.takesControl === true || tool.metadata.handOff === true;
}

/** `metadata.promptGuidance`: text for the system prompt when the tool is offered. */
export function promptGuidanceOf(tool: ToolDefinition): string | undefined {
  const guidance = tool.metadata.promptGuidance;
  return typeof guidance === 'string' && guidance.trim() !== '' ? guidance : undefined;
}

function named(patterns: readonly string[] | undefined, tool: ToolDefinition): boolean {
  if (!patterns) return false;
  return patterns.some(
    (pattern) =>
      matchGlob(pattern, tool.name) ||
      matchGlob(pattern, tool.qualifiedName) ||
      matchGlob(pattern, `${tool.namespace}.${tool.name}`),
  );
}

/**
 * The tools to offer for one request: admin-disabled tools removed, then an exclusive tool wins
 * alone, then user-forced tools narrow the set. Disabled comes first on purpose: an admin who
 * switches off an exclusive tool must not see it take over anyway.
 */
export function filterToolSet(
  tools: readonly ToolDefinition[],
  request: ToolSetRequest = {},
): ToolSet {
  const excluded: ToolSet['excluded'] = [];
  let offered: ToolDefinition[] = [];
  for (const tool of tools) {
    if (named(request.disabled, tool)) excluded.push({ tool: tool.name, reason: 'disabled' });
    else offered.push(tool);
  }
  const exclusive = offered.find(isExclusiveTool);
  if (exclusive) {
    for (const tool of offered)
      if (tool !== exclusive) excluded.push({ tool: tool.name, reason: 'exclusive' });
    offered = [exclusive];
  } else if (request.forced && request.forced.length > 0) {
    const kept: ToolDefinition[] = [];
    for (const tool of offered) {
      if (named(request.forced, tool)) kept.push(tool);
      else excluded.push({ tool: tool.name, reason: 'not_forced' });
    }
    offered = kept;
  }
  const forced: ForcedToolChoice[] =
    exclusive || !request.forced
      ? []
      : offered.map((tool) => ({ type: 'function', function: { name: tool.name } }));
  const set: ToolSet = {
    tools: offered,
    forced,
    toolChoice: forced.length === 1 ? forced[0]! : forced.length > 1 ? 'required' : 'auto',
    promptGuidance: offered.flatMap((tool) => {
      const guidance = promptGuidanceOf(tool);
      return guidance ? [{ tool: tool.name, guidance }] : [];
    }),
    handOffTools: offered.filter(takesControl).map((tool) => tool.name),
    excluded,
  };
  if (exclusive) set.exclusive = exclusive.name;
  return set;
}
