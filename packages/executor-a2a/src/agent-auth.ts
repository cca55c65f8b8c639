import type { AgentCard, SecurityScheme } from '@a2a-js/sdk';
import { ConfigurationError } from '@arsenal/core';
import type { A2aCredentials } from './options.js';

/** How requests to the agent carry credentials: headers, plus query parameters for some API keys. */
export interface AgentAuth {
  headers: Record<string, string>;
  query: Record<string, string>;
}

type Applied = { header: [string, string] } | { query: [string, string] } | { missing: string };

/** What one scheme needs from the configuration, and what it sends when it has it. */
function applyScheme(name: string, scheme: SecurityScheme, credentials: A2aCredentials): Applied {
  const detail = scheme.scheme;
  if (detail?.$case === 'httpAuthSecurityScheme') {
    if (detail.value.scheme.toLowerCase() === 'bearer') {
      return credentials.bearerToken
        ? { header: ['authorization', `Bearer ${credentials.bearerToken}`] }
        : { missing: `a bearer token (scheme "${name}"): set credentials.bearerToken` };
    }
    return credentials.headers?.authorization
      ? { header: ['authorization', credentials.headers.authorization] }
      : {
          missing: `HTTP "${detail.value.scheme}" auth (scheme "${name}"): set credentials.headers.authorization`,
        };
  }
  if (detail?.$case === 'apiKeySecurityScheme') {
    const { location, name: keyName } = detail.value;
    if (!credentials.apiKey)
      return {
        missing: `an API key in ${location} "${keyName}" (scheme "${name}"): set credentials.apiKey`,
      };
    if (location === 'query') return { query: [keyName, credentials.apiKey] };
    if (location === 'header') return { header: [keyName.toLowerCase(), credentials.apiKey] };
    return { missing: `an API key in a ${location} (scheme "${name}"), which Arsenal cannot send` };
  }
  // OAuth2, OpenID Connect and mTLS: Arsenal runs no such flow for A2A agents yet; a token
  // obtained elsewhere goes in as a bearer token.
  return credentials.bearerToken
    ? { header: ['authorization', `Bearer ${credentials.bearerToken}`] }
    : {
        missing: `${detail?.$case ?? 'an unknown'} scheme "${name}": pass a token as credentials.bearerToken`,
      };
}

/**
 * The credentials to send, chosen by the card's security requirements (alternatives: the first
 * one the configuration satisfies wins). None satisfiable is a ConfigurationError saying what to set.
 */
export function authFor(
  card: AgentCard,
  credentials: A2aCredentials,
  agentName: string,
): AgentAuth {
  const auth: AgentAuth = { headers: { ...credentials.headers }, query: {} };
  const requirements = card.securityRequirements.map((requirement) =>
    Object.keys(requirement.schemes),
  );
  const apply = (applied: Applied) => {
    if ('header' in applied) auth.headers[applied.header[0]] = applied.header[1];
    if ('query' in applied) auth.query[applied.query[0]] = applied.query[1];
  };
  if (requirements.length === 0) {
    // Nothing required: send what is configured, so optional auth still identifies the caller.
    if (credentials.bearerToken) auth.headers.authorization = `Bearer ${credentials.bearerToken}`;
    return auth;
  }
  const missing: string[] = [];
  for (const names of requirements) {
    const applied = names.map((name) => {
      const scheme = card.securitySchemes[name];
      return scheme
        ? applyScheme(name, scheme, credentials)
        : ({ missing: `scheme "${name}", which the card does not define` } as Applied);
    });
    const gaps = applied.flatMap((entry) => ('missing' in entry ? [entry.missing] : []));
    if (gaps.length === 0) {
      for (const entry of applied) apply(entry);
      return auth;
    }
    missing.push(gaps.join(' and '));
  }
  throw new ConfigurationError(
    `A2A agent "${agentName}" requires authentication, and no configured credential fits: it accepts ${missing.join('; or ')}. In arsenal.yaml set a2aAgents.<name>.bearerToken or .apiKey.`,
  );
}

/** A fetch that adds the agent's credentials to every request it sends. */
export function authenticatingFetch(base: typeof fetch, auth: () => AgentAuth): typeof fetch {
  return (input, init) => {
    const { headers, query } = auth();
    let target = input;
    if (Object.keys(query).length > 0) {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
      for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
      target = url;
    }
    const merged = new Headers(init?.headers);
    for (const [key, value] of Object.entries(headers)) merged.set(key, value);
    return base(target, { ...init, headers: merged });
  };
}
