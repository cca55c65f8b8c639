import { ConfigurationError } from '@arsenal/core';
import type { OutgoingRequest } from './http-transport.js';
import { checkHeaderValue, encodeComponent, pathValue } from './parameter-serialization.js';
import { serialiseBody } from './request-builder.js';

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_-]*)\}/g;
const WHOLE = /^\{([A-Za-z_][A-Za-z0-9_-]*)\}$/;

function scalar(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Placeholder names in a string or any JSON value. */
export function placeholdersOf(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === 'string')
    for (const match of value.matchAll(PLACEHOLDER)) into.add(match[1] as string);
  else if (Array.isArray(value)) for (const item of value) placeholdersOf(item, into);
  else if (typeof value === 'object' && value !== null) {
    for (const item of Object.values(value)) placeholdersOf(item, into);
  }
  return into;
}

/** The parts of a URL template: `https://api.example.com/users/{id}?expand={expand}`. */
export interface UrlTemplate {
  origin: string;
  path: string;
  query: string;
  pathNames: string[];
}

/** Parse a URL template; placeholders may fill the path and query but never the origin. */
export function parseUrlTemplate(template: string, where: string): UrlTemplate {
  const match = /^(https?:\/\/[^/?#]+)([^?#]*)(?:\?([^#]*))?$/i.exec(template);
  if (!match) {
    throw new ConfigurationError(`${where}: url "${template}" must be an absolute http(s) URL.`);
  }
  const [, origin = '', path = '', query = ''] = match;
  if (origin.includes('{')) {
    throw new ConfigurationError(
      `${where}: url "${template}" has a placeholder in its host; arguments may fill the path and query only.`,
    );
  }
  return { origin, path: path || '/', query, pathNames: [...placeholdersOf(path)] };
}

function fillBody(template: unknown, args: Record<string, unknown>): unknown {
  if (typeof template === 'string') {
    const whole = WHOLE.exec(template);
    if (whole) return args[whole[1] as string];
    return template.replace(PLACEHOLDER, (_, name: string) =>
      args[name] === undefined ? '' : scalar(args[name]),
    );
  }
  if (Array.isArray(template)) return template.map((item) => fillBody(item, args));
  if (typeof template === 'object' && template !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(template)) {
      const value = fillBody(item, args);
      if (value !== undefined) out[key] = value;
    }
    return out;
  }
  return template;
}

export interface TemplateCall {
  toolName: string;
  method: string;
  url: UrlTemplate;
  headers: Record<string, string>;
  body?: unknown;
  contentType: string;
}

/**
 * Fill a plain HTTP tool's templates with arguments. Arguments no template names go to the query
 * (GET, HEAD, DELETE) or make up the JSON body when there is no body template.
 */
export async function buildTemplateRequest(
  call: TemplateCall,
  args: Record<string, unknown>,
): Promise<OutgoingRequest> {
  const { toolName } = call;
  const path = call.url.path.replace(PLACEHOLDER, (_, name: string) =>
    pathValue(
      { property: name, name, in: 'path', style: 'simple', explode: false },
      args[name] ?? '',
      toolName,
    ),
  );
  const url = new URL(`${call.url.origin}${path}`);
  const pairs: string[] = [];
  for (const pair of call.url.query.split('&').filter(Boolean)) {
    const names = [...placeholdersOf(pair)];
    if (names.some((name) => args[name] === undefined)) continue;
    pairs.push(pair.replace(PLACEHOLDER, (_, name: string) => encodeComponent(scalar(args[name]))));
  }
  const used = new Set([
    ...placeholdersOf(call.url.path),
    ...placeholdersOf(call.url.query),
    ...placeholdersOf(call.headers),
    ...placeholdersOf(call.body),
  ]);
  const rest = Object.fromEntries(
    Object.entries(args).filter(([name, value]) => !used.has(name) && value !== undefined),
  );
  const method = call.method.toUpperCase();
  const queryMethod = method === 'GET' || method === 'HEAD' || method === 'DELETE';
  if (queryMethod) {
    for (const [name, value] of Object.entries(rest)) {
      for (const item of Array.isArray(value) ? value : [value]) {
        pairs.push(`${encodeComponent(name)}=${encodeComponent(scalar(item))}`);
      }
    }
  }
  url.search = pairs.join('&');
  const headers: Record<string, string> = {};
  for (const [name, template] of Object.entries(call.headers)) {
    const value = template.replace(PLACEHOLDER, (_, key: string) =>
      args[key] === undefined ? '' : scalar(args[key]),
    );
    headers[name.toLowerCase()] = checkHeaderValue(name, value, toolName);
  }
  let bodyValue: unknown;
  if (call.body !== undefined) bodyValue = fillBody(call.body, args);
  else if (!queryMethod && Object.keys(rest).length > 0) bodyValue = rest;
  if (bodyValue === undefined) return { method, url, headers };
  const serialised = await serialiseBody(call.contentType, bodyValue);
  headers['content-type'] = serialised.contentType;
  return { method, url, headers, body: serialised.body };
}
