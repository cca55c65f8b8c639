export { compileGlob, matchGlob } from './glob.js';
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
} from './security-policy.js';
