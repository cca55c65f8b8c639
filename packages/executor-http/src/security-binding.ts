import { ConfigurationError } from '@arsenal/core';
import type { HttpAuth, SchemeCredential } from './auth.js';
import { HttpRequestRefusedError } from './errors.js';
import type { SecurityRequirement } from './operation.js';
import { isNode, type SpecNode } from './spec-resolver.js';

function schemesOf(document: SpecNode): SpecNode {
  const components = isNode(document.components) ? document.components : {};
  if (isNode(components.securitySchemes)) return components.securitySchemes;
  return isNode(document.securityDefinitions) ? document.securityDefinitions : {};
}

function clientCredentialsUrl(scheme: SpecNode): string | undefined {
  if (typeof scheme.tokenUrl === 'string' && scheme.flow === 'application') return scheme.tokenUrl;
  const flows = isNode(scheme.flows) ? scheme.flows : {};
  const flow = isNode(flows.clientCredentials) ? flows.clientCredentials : undefined;
  return flow && typeof flow.tokenUrl === 'string' ? flow.tokenUrl : undefined;
}

/**
 * Bind config credentials to the spec's security schemes: the scheme says how (header, query,
 * basic, bearer, OAuth2 token URL), the credential says with what.
 */
export function bindCredentials(
  document: SpecNode,
  credentials: Record<string, SchemeCredential>,
  where: string,
  specUrl?: string,
): Map<string, HttpAuth> {
  const schemes = schemesOf(document);
  const bound = new Map<string, HttpAuth>();
  for (const [name, credential] of Object.entries(credentials)) {
    const scheme = schemes[name];
    if (!isNode(scheme)) {
      const known = Object.keys(schemes);
      throw new ConfigurationError(
        `${where}.credentials.${name}: the spec has no security scheme "${name}"${known.length ? `; it has ${known.join(', ')}` : ''}.`,
      );
    }
    const fail = (need: string) =>
      new ConfigurationError(
        `${where}.credentials.${name}: scheme "${name}" (${String(scheme.type)}) needs ${need}.`,
      );
    const type = String(scheme.type);
    const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
    if (type === 'apiKey') {
      if (!credential.apiKey) throw fail('"apiKey"');
      const location = scheme.in === 'query' || scheme.in === 'cookie' ? scheme.in : 'header';
      bound.set(name, {
        type: 'apiKey',
        in: location,
        name: String(scheme.name),
        apiKey: credential.apiKey,
      });
    } else if (type === 'basic' || (type === 'http' && httpScheme === 'basic')) {
      if (!credential.username || credential.password === undefined)
        throw fail('"username" and "password"');
      bound.set(name, {
        type: 'basic',
        username: credential.username,
        password: credential.password,
      });
    } else if (
      credential.token &&
      (type === 'http' || type === 'oauth2' || type === 'openIdConnect')
    ) {
      bound.set(name, { type: 'bearer', token: credential.token });
    } else if (type === 'oauth2') {
      const tokenUrl = credential.tokenUrl ?? clientCredentialsUrl(scheme);
      if (!tokenUrl)
        throw fail('a client-credentials flow with a tokenUrl (or "tokenUrl" in config)');
      if (!credential.clientId || !credential.clientSecret)
        throw fail('"clientId" and "clientSecret"');
      bound.set(name, {
        type: 'oauth2',
        tokenUrl: specUrl ? new URL(tokenUrl, specUrl).href : tokenUrl,
        clientId: credential.clientId,
        clientSecret: credential.clientSecret,
        ...(credential.scopes ? { scopes: credential.scopes } : {}),
      });
    } else {
      throw fail(type === 'http' ? `"token" (scheme ${httpScheme})` : 'a supported credential');
    }
  }
  return bound;
}

/** The credentials of the first security alternative config can satisfy. */
export function authFor(
  requirements: readonly SecurityRequirement[],
  bound: ReadonlyMap<string, HttpAuth>,
  toolName: string,
): HttpAuth[] {
  if (requirements.length === 0) return [];
  for (const requirement of requirements) {
    if (requirement.every((scheme) => bound.has(scheme))) {
      return requirement.map((scheme) => bound.get(scheme) as HttpAuth);
    }
  }
  const options = requirements.map((requirement) => requirement.join(' + ')).join(' or ');
  throw new HttpRequestRefusedError(
    'missing_credentials',
    `Tool "${toolName}" needs credentials for ${options}; add them under credentials in the source's config.`,
  );
}
