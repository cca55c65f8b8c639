import { closestNames } from '../text/suggest.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { matchGlob } from './glob.js';
import { type PolicyRule, type SecurityPolicyOptions, toolNames } from './security-policy.js';

/** A pattern of a policy rule that matches none of the registered tools. */
export interface UnmatchedPolicyPattern {
  rule: 'allow' | 'deny' | 'requireConfirmation';
  field: keyof PolicyRule;
  pattern: string;
  /** Registered names close to the pattern ("did you mean"), best first. */
  suggestions: string[];
  /** `policy.deny.tools: "everything.get_evn" matches no registered tool; did you mean ...?` */
  message: string;
}

const RULES = ['allow', 'deny', 'requireConfirmation'] as const;
const FIELDS = ['tools', 'namespaces', 'capabilities'] as const;
const WHAT: Record<keyof PolicyRule, string> = {
  tools: 'tool',
  namespaces: 'namespace',
  capabilities: 'capability',
};

function valuesOf(field: keyof PolicyRule, tool: ToolDefinition): readonly string[] {
  if (field === 'tools') return toolNames(tool);
  if (field === 'namespaces') return [tool.namespace];
  return tool.capabilities;
}

/**
 * The patterns of a policy's allow, deny and confirmation rules that match no tool in `tools`.
 * A deny rule that matches nothing protects nothing, usually because of a typo or a renamed
 * tool: report these at start-up.
 *
 * @example
 * for (const unmatched of unmatchedPolicyPatterns(options, arsenal.registry.list())) warn(unmatched.message);
 */
export function unmatchedPolicyPatterns(
  options: SecurityPolicyOptions,
  tools: readonly ToolDefinition[],
): UnmatchedPolicyPattern[] {
  const unmatched: UnmatchedPolicyPattern[] = [];
  for (const rule of RULES) {
    for (const field of FIELDS) {
      for (const pattern of options[rule]?.[field] ?? []) {
        const matched = tools.some((tool) =>
          valuesOf(field, tool).some((value) => matchGlob(pattern, value)),
        );
        if (matched) continue;
        const known = tools.flatMap((tool) => valuesOf(field, tool));
        const suggestions = closestNames(pattern.replace(/[*?]/g, ''), known, 2);
        const hint =
          suggestions.length > 0
            ? ` Did you mean ${suggestions.map((name) => `"${name}"`).join(' or ')}?`
            : ` Check the spelling; \`arsenal list\` shows the registered ${WHAT[field]} names.`;
        unmatched.push({
          rule,
          field,
          pattern,
          suggestions,
          message: `policy.${rule}.${field}: "${pattern}" matches no registered ${WHAT[field]}.${hint}`,
        });
      }
    }
  }
  return unmatched;
}
