export { compileGlob, matchGlob } from './glob.js';
export { type UnmatchedPolicyPattern, unmatchedPolicyPatterns } from './policy-coverage.js';
export type {
  PolicyDecision,
  PolicyRequest,
  PolicyRule,
  SecurityPolicy,
  SecurityPolicyOptions,
} from './security-policy.js';
export {
  allowAllPolicy,
  createSecurityPolicy,
  DESTRUCTIVE_TOOL_PATTERNS,
  hostsInArguments,
  isDestructiveTool,
  UPSTREAM_NAME_METADATA_KEY,
  upstreamNameOf,
} from './security-policy.js';
