import type { Principal } from '../ports/executor.js';
import type { ToolResolver } from '../registry/types.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { SecurityPolicy } from './security-policy.js';

/**
 * Whether a principal may see a tool at all: the rule of listing, retrieval, suggestions and
 * refusals alike. `undefined` is an anonymous caller (`audience: 'caller'`, the default), judged
 * as the policy judges a served call without a principal; `'operator'` judges in-process code.
 * A policy that throws hides the tool (it must not throw; failing closed is safer).
 */
export function policyShows(
  policy: SecurityPolicy,
  tool: ToolDefinition,
  principal: Principal | undefined,
  audience: 'operator' | 'caller' = 'caller',
): boolean {
  try {
    return policy.evaluate({ tool, arguments: {}, principal, audience }).effect !== 'deny';
  } catch {
    return false;
  }
}

/**
 * `tool` as a caller sees it: its dependencies and `supersededBy` keep only the tools `shows`
 * accepts (resolved and visible to the caller), so a visible tool never names a hidden one. The
 * tool itself is returned when nothing is left out.
 */
export function withVisibleRelations(
  tool: ToolDefinition,
  shows: (reference: string) => boolean,
): ToolDefinition {
  const dependencies = tool.dependencies.filter((dependency) => shows(dependency.tool));
  const keepSuccessor = tool.supersededBy === undefined || shows(tool.supersededBy);
  if (dependencies.length === tool.dependencies.length && keepSuccessor) return tool;
  const { supersededBy, ...rest } = tool;
  return {
    ...rest,
    ...(keepSuccessor && supersededBy !== undefined ? { supersededBy } : {}),
    dependencies,
  };
}

/**
 * Names close to `reference` ("did you mean") whose tools the principal may see. A name that
 * resolves to nothing, or ambiguously, is left out rather than guessed at.
 */
export function visibleSuggestions(
  resolver: ToolResolver,
  policy: SecurityPolicy,
  reference: string,
  principal: Principal | undefined,
  limit = 3,
): string[] {
  const shown: string[] = [];
  for (const name of resolver.suggest(reference, limit * 4)) {
    const tool = resolver.resolve(name)?.definition;
    if (tool && policyShows(policy, tool, principal)) shown.push(name);
    if (shown.length === limit) break;
  }
  return shown;
}
