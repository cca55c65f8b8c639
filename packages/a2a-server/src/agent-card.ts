import type { Arsenal } from '@arsenal/core';
import type { AuthenticationSummary, OAuthResourceOptions } from '@arsenal/http';

/** How callers authenticate, as the card declares it: what the front door is configured with. */
export type CardAuth = AuthenticationSummary;

export interface AgentCardOptions {
  /** The base URL callers reach this server at (no trailing slash). */
  baseUrl: string;
  /** Path of the JSON-RPC endpoint under `baseUrl`. */
  rpcPath: string;
  name: string;
  description?: string;
  version: string;
  auth: CardAuth;
  /** One extra skill per namespace in the catalog. */
  namespaceSkills: boolean;
  provider?: { organization: string; url: string };
}

const DISCOVERY_EXAMPLES = ['find tools to convert currencies', 'which tool sends an email?'];

/**
 * The Agent Card of an Arsenal: tool discovery and tool execution skills, optionally one skill per
 * namespace; streaming declared (the server streams status updates); push notifications not.
 * Tool counts and namespace skills cover only the tools an anonymous caller may see.
 */
export function buildAgentCard(
  arsenal: Arsenal,
  options: AgentCardOptions,
): Record<string, unknown> {
  // The card is public: it names only what an anonymous caller may see, whoever asks for it.
  const tools = arsenal.visibleTools(undefined);
  const namespaces = new Map<string, string[]>();
  for (const tool of tools) {
    const names = namespaces.get(tool.namespace) ?? [];
    names.push(tool.name);
    namespaces.set(tool.namespace, names);
  }
  const skills: Record<string, unknown>[] = [
    {
      id: 'tool_discovery',
      name: 'Tool Discovery',
      description:
        'Find the tools that fit a task: send the task as text (or a data part { "query", "limit" }); the answer is a data part listing each tool\'s name, description, input schema and score.',
      tags: ['tools', 'search', 'discovery'],
      examples: DISCOVERY_EXAMPLES,
      inputModes: ['text/plain', 'application/json'],
      outputModes: ['application/json', 'text/plain'],
    },
    {
      id: 'tool_execution',
      name: 'Tool Execution',
      description:
        'Run one tool: send a data part { "tool": name, "arguments": {...} }. Arguments are validated, policy applies, calls that need confirmation stop in input-required until you reply yes or no, and the result comes back as artifacts.',
      tags: ['tools', 'execution'],
      examples: ['{"tool": "get_weather", "arguments": {"city": "Oslo"}}'],
      inputModes: ['application/json'],
      outputModes: ['application/json', 'text/plain'],
    },
  ];
  if (options.namespaceSkills) {
    for (const [namespace, names] of [...namespaces].sort(([a], [b]) => a.localeCompare(b))) {
      const shown = names.slice(0, 12).join(', ');
      skills.push({
        id: `namespace_${namespace}`,
        name: `Tools in ${namespace}`,
        description: `${names.length} tools in namespace "${namespace}": ${shown}${names.length > 12 ? ', …' : ''}. Run one with a data part { "tool": "${namespace}.<name>", "arguments": {...} }.`,
        tags: ['tools', namespace],
        examples: [],
        inputModes: ['application/json', 'text/plain'],
        outputModes: ['application/json', 'text/plain'],
      });
    }
  }
  const security = securityOf(options.auth);
  return {
    name: options.name,
    description:
      options.description ??
      `Arsenal: finds and runs the right tool among ${tools.length} tools${namespaces.size > 0 ? ` in ${namespaces.size} namespaces` : ''}, with policy, validation and confirmations.`,
    version: options.version,
    supportedInterfaces: [
      {
        url: `${options.baseUrl}${options.rpcPath}`,
        protocolBinding: 'JSONRPC',
        protocolVersion: '1.0',
      },
    ],
    ...(options.provider ? { provider: options.provider } : {}),
    capabilities: { streaming: true, pushNotifications: false, extendedAgentCard: false },
    defaultInputModes: ['text/plain', 'application/json'],
    defaultOutputModes: ['application/json', 'text/plain'],
    ...security,
    skills,
  };
}

/** RFC 8414 §3: the metadata of an issuer lives under its host, before the issuer's own path. */
function authorizationServerMetadataUrl(issuer: string): string {
  const url = new URL(issuer);
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${url.origin}/.well-known/oauth-authorization-server${path}`;
}

function oauthScheme(oauth: OAuthResourceOptions): Record<string, unknown> {
  const issuer = oauth.issuer ?? oauth.authorizationServers[0] ?? oauth.resource;
  return {
    oauth2SecurityScheme: {
      description: `OAuth 2.1 access token for ${oauth.resource}, sent as "Authorization: Bearer <token>"`,
      oauth2MetadataUrl: authorizationServerMetadataUrl(issuer),
    },
  };
}

/**
 * The card's security schemes and requirements: exactly the ways the server accepts callers,
 * any one of which is enough. Nothing configured: neither (the server is open on loopback).
 */
function securityOf(auth: CardAuth): Record<string, unknown> {
  const schemes: Record<string, unknown> = {};
  if (auth.tokens || auth.custom) {
    schemes.bearer = {
      httpAuthSecurityScheme: { scheme: 'Bearer', description: 'Arsenal token' },
    };
  }
  if (auth.tokens) {
    schemes.apiKey = {
      apiKeySecurityScheme: { location: 'header', name: 'X-API-Key', description: 'Arsenal token' },
    };
  }
  if (auth.oauth) schemes.oauth2 = oauthScheme(auth.oauth);
  const names = Object.keys(schemes);
  if (names.length === 0) return {};
  return {
    securitySchemes: schemes,
    securityRequirements: names.map((name) => ({ schemes: { [name]: { list: [] } } })),
  };
}
