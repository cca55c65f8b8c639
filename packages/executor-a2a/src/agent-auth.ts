import type { AgentCard } from '@a2a-js/sdk';
import { ConfigurationError } from '@arsenal/core';
import type { A2aCredentials } from './options.js';

/** How requests to the agent carry credentials: headers, plus query parameters for some API keys. */
export interface AgentAuth {
  headers: Record<string, string>;
  query: Record<string, string>;
}

/**
 * The credentials to send, chosen by the card's security schemes. A scheme the card requires
 * that the configuration cannot satisfy is a ConfigurationError naming the missing setting.
 */
export function authFor(
  card: AgentCard,
  credentials: A2aCredentials,
  agentName: string,
): AgentAuth {
  const auth: AgentAuth = { headers: { ...credentials.headers }, query: {} };
  const required = new Set(
    card.securityRequirements.flatMap((requirement) => Object.keys(requirement.schemes)),
  );
  for (const [name, scheme] of Object.entries(card.securitySchemes)) {
    const detail = scheme.scheme;
    const needed = required.has(name);
    if (detail?.$case === 'httpAuthSecurityScheme') {
      const kind = detail.value.scheme.toLowerCase();
      if (kind === 'bearer' && credentials.bearerToken) {
        auth.headers.authorization = `Bearer ${credentials.bearerToken}`;
      } else if (needed && kind === 'bearer') {
        throw new ConfigurationError(
          `A2A agent "${agentName}" requires a bearer token (security scheme "${name}"). Set credentials.bearerToken (a2aAgents.<name>.bearerToken in arsenal.yaml).`,
        );
      } else if (needed && !auth.headers.authorization) {
        throw new ConfigurationError(
          `A2A agent "${agentName}" requires HTTP "${detail.value.scheme}" authentication (security scheme "${name}"), which Arsenal supports only through credentials.headers.authorization.`,
        );
      }
    } else if (detail?.$case === 'apiKeySecurityScheme') {
      const { location, name: keyName } = detail.value;
      if (credentials.apiKey) {
        if (location === 'query') auth.query[keyName] = credentials.apiKey;
        else if (location === 'header') auth.headers[keyName.toLowerCase()] = credentials.apiKey;
        else if (needed)
          throw new ConfigurationError(
            `A2A agent "${agentName}" wants its API key in a ${location}; Arsenal sends API keys in a header or the query only.`,
          );
      } else if (needed) {
        throw new ConfigurationError(
          `A2A agent "${agentName}" requires an API key in ${location} "${keyName}" (security scheme "${name}"). Set credentials.apiKey (a2aAgents.<name>.apiKey in arsenal.yaml).`,
        );
      }
    } else if (needed && detail) {
      // OAuth2, OpenID Connect and mTLS need flows Arsenal does not run for A2A agents yet.
      if (!auth.headers.authorization)
        throw new ConfigurationError(
          `A2A agent "${agentName}" requires ${detail.$case.replace(/SecurityScheme$/, '')} authentication (scheme "${name}"); obtain a token yourself and pass it as credentials.bearerToken.`,
        );
    }
  }
  if (credentials.bearerToken && !auth.headers.authorization)
    auth.headers.authorization = `Bearer ${credentials.bearerToken}`;
  return auth;
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
