import type { Principal } from '../ports/executor.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { firstMatch, matchGlob } from './glob.js';

/** Globs matched against a tool; a rule matches when any list matches. */
export interface PolicyRule {
  /** Globs on the tool's name, `namespace.name` or qualified name: `delete_*`, `billing.*`. */
  tools?: readonly string[];
  /** Globs on the tool's namespace. */
  namespaces?: readonly string[];
  /** Globs on the tool's capabilities: `financial`, `write_*`. */
  capabilities?: readonly string[];
}

/**
 * Rules of the built-in policy: tools denied, allowed, or needing confirmation, and the
 * capabilities they need.
 */
export interface SecurityPolicyOptions {
  /** When given, only tools this rule matches may be called. */
  allow?: PolicyRule;
  /** Tools this rule matches are refused, whatever else says. */
  deny?: PolicyRule;
  /** Tools this rule matches need a human confirmation before they run. */
  requireConfirmation?: PolicyRule;
  /**
   * Hosts network tools (`network_access`, `external_api`) may reach, checked against URLs in the
   * arguments. `example.com` also allows its subdomains; `*.example.com` only subdomains.
   * Absent: no domain restriction.
   */
  allowedDomains?: readonly string[];
  /** Tool-name globs treated as destructive. Default {@link DESTRUCTIVE_TOOL_PATTERNS}. */
  destructivePatterns?: readonly string[];
  /** Destructive tools need confirmation. Default true. */
  confirmDestructive?: boolean;
  /** Refuse tools needing a capability the principal lacks. Default true. */
  checkCapabilities?: boolean;
  /** Refuse calls without a principal. Default false (local, trusted callers). */
  requirePrincipal?: boolean;
  /**
   * Capability globs a served caller without a principal (`audience: 'caller'`: an anonymous
   * client of REST, MCP, A2A, UTCP, the public agent card) holds. Unset (default), anonymous
   * callers are not judged by capabilities, like a principal that lists none. Set it (`[]` for
   * none) once the server authenticates its callers, so that a stranger neither sees nor calls a
   * tool needing a capability it was not granted. In-process calls without a principal (the
   * operator's own code) are never judged by it.
   */
  anonymousCapabilities?: readonly string[];
}

/** A call the policy decides on: the tool, its arguments and who calls it. */
export interface PolicyRequest {
  tool: ToolDefinition;
  arguments: Readonly<Record<string, unknown>>;
  principal?: Principal;
  /**
   * Who asks. `'caller'`: a client of a served surface, so a missing principal is an anonymous
   * caller (holding `anonymousCapabilities` only). `'operator'` (default): in-process code.
   */
  audience?: 'operator' | 'caller';
}

/** What the policy decided about a call, and why. */
export interface PolicyDecision {
  effect: 'allow' | 'deny' | 'confirm';
  /** Why, in words an operator understands: `matches deny rule "delete_*"`. */
  reason: string;
}

/** Decides whether a call may run, must be confirmed first, or is refused. Must not throw. */
export interface SecurityPolicy {
  /** Decide whether a call may run, must be confirmed first, or is denied. */
  evaluate(request: PolicyRequest): PolicyDecision;
}

/** Tool-name globs treated as destructive: calls to them ask for confirmation (`confirmDestructive`, on by default). */
export const DESTRUCTIVE_TOOL_PATTERNS: readonly string[] = [
  'delete_*',
  'payment_*',
  'drop_*',
  'refund_*',
];

const NETWORK_CAPABILITIES = new Set(['network_access', 'external_api']);
const HOST_KEYS = new Set(['host', 'hostname', 'domain']);
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\//i;
const ALLOW: PolicyDecision = Object.freeze({ effect: 'allow', reason: 'no rule refuses it' });

/**
 * Metadata key under which a source records the name the tool has upstream, before Arsenal made
 * it snake_case (`get-env` for `get_env`). Policy rules match that name as well.
 */
export const UPSTREAM_NAME_METADATA_KEY = 'upstreamName';

/** The tool's upstream name, when its source recorded one that differs from its Arsenal name. */
export function upstreamNameOf(tool: ToolDefinition): string | undefined {
  const upstream = tool.metadata[UPSTREAM_NAME_METADATA_KEY];
  return typeof upstream === 'string' && upstream !== tool.name ? upstream : undefined;
}

/**
 * Names a rule's `tools` globs are matched against: the Arsenal name, `namespace.name`, the
 * qualified name, and the same with the upstream name, so `everything.get-env` blocks the tool
 * Arsenal calls `everything.get_env`.
 */
export function toolNames(tool: ToolDefinition): string[] {
  const names = [tool.name, `${tool.namespace}.${tool.name}`, tool.qualifiedName];
  const upstream = upstreamNameOf(tool);
  if (upstream !== undefined) names.push(upstream, `${tool.namespace}.${upstream}`);
  return names;
}

function ruleMatch(rule: PolicyRule | undefined, tool: ToolDefinition): string | undefined {
  if (!rule) return undefined;
  const byTool = firstMatch(rule.tools, toolNames(tool));
  if (byTool) return `tool pattern "${byTool}"`;
  const byNamespace = firstMatch(rule.namespaces, [tool.namespace]);
  if (byNamespace) return `namespace pattern "${byNamespace}"`;
  const byCapability = firstMatch(rule.capabilities, tool.capabilities);
  if (byCapability) return `capability pattern "${byCapability}"`;
  return undefined;
}

/** Whether the tool is destructive by name, annotation or its own `requiresConfirmation`. */
export function isDestructiveTool(
  tool: ToolDefinition,
  patterns: readonly string[] = DESTRUCTIVE_TOOL_PATTERNS,
): boolean {
  if (tool.requiresConfirmation || tool.annotations?.destructiveHint === true) return true;
  // The verdict of the default patterns, remembered per definition (definitions do not change):
  // matching them was a glob test per pattern on every call.
  if (patterns === DESTRUCTIVE_TOOL_PATTERNS) {
    let destructive = destructiveByName.get(tool);
    if (destructive === undefined) {
      destructive = patterns.some((pattern) => matchGlob(pattern, tool.name));
      destructiveByName.set(tool, destructive);
    }
    return destructive;
  }
  return patterns.some((pattern) => matchGlob(pattern, tool.name));
}

const destructiveByName = new WeakMap<ToolDefinition, boolean>();

/** Hosts named in the arguments: URLs anywhere (4 levels deep) and `host`/`domain` fields. */
export function hostsInArguments(args: unknown, depth = 0, hosts: string[] = []): string[] {
  if (depth > 4 || typeof args !== 'object' || args === null) return hosts;
  for (const [key, value] of Object.entries(args)) {
    if (typeof value === 'string') {
      if (URL_LIKE.test(value)) {
        try {
          hosts.push(new URL(value).hostname.toLowerCase());
        } catch {
          // Not a URL after all; schema validation answers for its shape.
        }
      } else if (HOST_KEYS.has(key.toLowerCase())) {
        hosts.push(value.toLowerCase());
      }
    } else if (typeof value === 'object') {
      hostsInArguments(value, depth + 1, hosts);
    }
  }
  return hosts;
}

function domainAllowed(host: string, allowed: readonly string[]): boolean {
  return allowed.some((domain) => {
    const pattern = domain.toLowerCase();
    if (pattern.includes('*')) return matchGlob(pattern, host);
    return host === pattern || host.endsWith(`.${pattern}`);
  });
}

/**
 * The pattern-based policy ("Aegis"): deny, allow, capabilities, namespaces, domains, then
 * confirmation for rules and destructive tools.
 *
 * @example
 * const policy = createSecurityPolicy({
 *   deny: { tools: ['drop_*'] },
 *   requireConfirmation: { capabilities: ['financial'] },
 *   allowedDomains: ['api.example.com'],
 * });
 */
export function createSecurityPolicy(options: SecurityPolicyOptions = {}): SecurityPolicy {
  const destructivePatterns = options.destructivePatterns ?? DESTRUCTIVE_TOOL_PATTERNS;
  const confirmDestructive = options.confirmDestructive ?? true;
  const checkCapabilities = options.checkCapabilities ?? true;
  const anonymousCapabilities = options.anonymousCapabilities;
  return {
    evaluate({ tool, arguments: args, principal, audience }) {
      const denied = ruleMatch(options.deny, tool);
      if (denied) return { effect: 'deny', reason: `it matches the deny ${denied}` };
      if (options.allow && !ruleMatch(options.allow, tool)) {
        return { effect: 'deny', reason: 'it matches no allow rule' };
      }
      if (options.requirePrincipal && !principal) {
        return {
          effect: 'deny',
          reason: 'the call carries no principal and the policy requires one',
        };
      }
      if (checkCapabilities && principal?.capabilities && tool.capabilities.length > 0) {
        const held = new Set(principal.capabilities);
        const missing = tool.capabilities.filter((capability) => !held.has(capability));
        if (missing.length > 0) {
          return {
            effect: 'deny',
            reason: `principal "${principal.id}" lacks the capabilities ${missing.join(', ')}`,
          };
        }
      }
      if (checkCapabilities && anonymousCapabilities && !principal && audience === 'caller') {
        const missing = tool.capabilities.filter(
          (capability) => !firstMatch(anonymousCapabilities, [capability]),
        );
        if (missing.length > 0) {
          return {
            effect: 'deny',
            reason: `an anonymous caller lacks the capabilities ${missing.join(', ')} (authenticate, or grant them with anonymousCapabilities)`,
          };
        }
      }
      if (principal?.namespaces && !principal.namespaces.includes(tool.namespace)) {
        return {
          effect: 'deny',
          reason: `principal "${principal.id}" may not use namespace "${tool.namespace}"`,
        };
      }
      const domainDecision = checkDomains(options.allowedDomains, tool, args);
      if (domainDecision) return domainDecision;
      const confirm = ruleMatch(options.requireConfirmation, tool);
      if (confirm) return { effect: 'confirm', reason: `it matches the confirmation ${confirm}` };
      if (confirmDestructive && isDestructiveTool(tool, destructivePatterns)) {
        return { effect: 'confirm', reason: 'it is destructive' };
      }
      return ALLOW;
    },
  };
}

function checkDomains(
  allowed: readonly string[] | undefined,
  tool: ToolDefinition,
  args: Readonly<Record<string, unknown>>,
): PolicyDecision | undefined {
  if (!allowed || !tool.capabilities.some((c) => NETWORK_CAPABILITIES.has(c))) return undefined;
  const hosts = hostsInArguments(args);
  if (tool.sourceUri && /^https?:\/\//i.test(tool.sourceUri)) {
    hostsInArguments({ sourceUri: tool.sourceUri }, 0, hosts);
  }
  const outside = hosts.find((host) => !domainAllowed(host, allowed));
  if (outside === undefined) return undefined;
  return {
    effect: 'deny',
    reason: `host "${outside}" is not in the allowed domains (${allowed.join(', ')})`,
  };
}

/** A policy that allows everything, for trusted local use and benchmarks. */
export const allowAllPolicy: SecurityPolicy = Object.freeze({ evaluate: () => ALLOW });
