import type { Principal } from '../ports/executor.js';
import type { ToolResolver } from '../registry/types.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import type { SecurityPolicy } from './security-policy.js';

/**
 * Whether a principal may see a tool at all: the rule of listing, retrieval, suggestions and
 * refusals alike. `undefined` is an anonymous caller, judged as the policy judges a call without
 * a principal. A policy that throws hides the tool (it must not throw; failing closed is safer).
 */
export function policyShows(
  policy: SecurityPolicy,
  tool: ToolDefinition,
  principal: Principal | undefined,
): boolean {
  try {
    return policy.evaluate({ tool, arguments: {}, principal }).effect !== 'deny';
  } catch {
    return false;
  }
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
