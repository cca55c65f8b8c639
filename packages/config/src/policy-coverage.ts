import {
  ConfigurationError,
  type SecurityPolicyOptions,
  type ToolDefinition,
  unmatchedPolicyPatterns,
} from '@arsenal/core';
import type { ArsenalConfig } from './schema.js';

type PolicyConfig = NonNullable<ArsenalConfig['policy']>;

/** The `policy` section as core's policy options (without the start-up-only `strict`). */
export function policyOptionsOf(policy: PolicyConfig): SecurityPolicyOptions {
  const { strict: _strict, ...options } = policy;
  return options;
}

/**
 * Patterns of `policy.allow`, `policy.deny` and `policy.requireConfirmation` that match no
 * registered tool protect nothing (a typo, a renamed tool): each is a warning, or with
 * `policy.strict: true` one error listing them all.
 */
export function checkPolicyCoverage(
  policy: PolicyConfig | undefined,
  tools: readonly ToolDefinition[],
  warn: (message: string) => void,
): void {
  if (!policy) return;
  const unmatched = unmatchedPolicyPatterns(policyOptionsOf(policy), tools);
  if (unmatched.length === 0) return;
  if (policy.strict) {
    throw new ConfigurationError(
      `${unmatched.map((entry) => entry.message).join('\n')}\nFix these patterns, or set policy.strict: false to only warn.`,
    );
  }
  for (const entry of unmatched) warn(entry.message);
}
