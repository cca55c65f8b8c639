import type { HygieneMode, JsonSchema, ToolSource } from '@arsenal/core';
import { toToolName } from '@arsenal/core/adapter';
import {
  createHttpToolSource,
  type HttpAuth,
  type HttpClientOptions,
  type HttpToolDeclaration,
} from '@arsenal/executor-http';
import { createMcpToolSource, type McpTransportOptions } from '@arsenal/executor-mcp';
import { createProcessToolSource, type ProcessToolSpec } from '@arsenal/executor-process';
import type { SkippedUtcpTool, UtcpAuth, UtcpCall, UtcpToolSpec } from './manual-format.js';

type HttpCall = Extract<UtcpCall, { type: 'http' | 'sse' | 'streamable_http' }>;
type CliCall = Extract<UtcpCall, { type: 'cli' }>;

export interface SourceBuildOptions {
  /** The manual's name: namespace of its tools. */
  manual: string;
  hygiene: HygieneMode;
  http?: HttpClientOptions;
  /** Run CLI tools inside bubblewrap. */
  sandbox?: boolean;
}

/** Arsenal's snake_case tool name; UTCP's `manual.tool` keeps only `tool`. */
export function arsenalToolName(name: string, manual: string): string {
  const local = name.startsWith(`${manual}.`) ? name.slice(manual.length + 1) : name;
  return toToolName(local) || 'tool';
}

export function toHttpAuth(auth: UtcpAuth): HttpAuth {
  if (auth.auth_type === 'api_key') {
    return {
      type: 'apiKey',
      in: auth.location ?? 'header',
      name: auth.var_name ?? 'X-Api-Key',
      apiKey: auth.api_key,
    };
  }
  if (auth.auth_type === 'basic')
    return { type: 'basic', username: auth.username, password: auth.password };
  return {
    type: 'oauth2',
    tokenUrl: auth.token_url,
    clientId: auth.client_id,
    clientSecret: auth.client_secret,
    ...(auth.scope ? { scopes: auth.scope.split(/[\s,]+/).filter(Boolean) } : {}),
    clientAuth: 'body',
  };
}

function propertyNames(schema: JsonSchema): string[] {
  const properties = (schema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
}

/**
 * UTCP's HTTP call: `{name}` in the URL is a path argument, `header_fields` go to headers,
 * `body_field` is the body, and every other argument goes to the query string.
 */
function httpDeclaration(spec: UtcpToolSpec, call: HttpCall, name: string): HttpToolDeclaration {
  const inPath = new Set([...call.url.matchAll(/\{([A-Za-z_][A-Za-z0-9_-]*)\}/g)].map((m) => m[1]));
  const headers: Record<string, string> = { ...call.headers };
  for (const field of call.headerFields) headers[field] = `{${field}}`;
  if (call.type === 'sse' && !Object.keys(headers).some((h) => h.toLowerCase() === 'accept'))
    headers.accept = 'text/event-stream';
  const query = propertyNames(spec.inputs)
    .filter((p) => !inPath.has(p) && !call.headerFields.includes(p) && p !== call.bodyField)
    .map((p) => `${encodeURIComponent(p)}={${p}}`);
  const url = query.length
    ? `${call.url}${call.url.includes('?') ? '&' : '?'}${query.join('&')}`
    : call.url;
  return {
    name,
    description: spec.description,
    method: call.method,
    url,
    headers,
    ...(call.bodyField ? { body: `{${call.bodyField}}` } : {}),
    contentType: call.contentType,
    inputSchema: spec.inputs,
    ...(call.auth ? { auth: toHttpAuth(call.auth) } : {}),
    tags: [...spec.tags, 'utcp'],
  };
}

/** Split a command line into argv the way a shell would quote, without running one. */
export function splitCommand(line: string): string[] {
  const argv: string[] = [];
  let current = '';
  let quote: string | undefined;
  let started = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i] as string;
    if (quote) {
      if (char === quote) quote = undefined;
      else if (char === '\\' && quote === '"' && i + 1 < line.length) current += line[++i];
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) argv.push(current);
      current = '';
      started = false;
    } else {
      current += char === '\\' && i + 1 < line.length ? line[++i] : char;
      started = true;
    }
  }
  if (quote) throw new Error(`unterminated ${quote} quote in command "${line}"`);
  if (started) argv.push(current);
  return argv;
}

/** UTCP's `UTCP_ARG_name_UTCP_ARG` placeholders become argv slots; other arguments `--name value`. */
function processSpec(
  spec: UtcpToolSpec,
  call: CliCall,
  name: string,
  sandbox: boolean,
): ProcessToolSpec {
  const toSlot = (token: string) => token.replace(/UTCP_ARG_([A-Za-z0-9_]+?)_UTCP_ARG/g, '{{$1}}');
  const [command, ...rest] = splitCommand(call.command).map(toSlot);
  if (!command) throw new Error('the cli command is empty');
  if (command.includes('{{')) throw new Error('the program itself cannot be an argument');
  const used = new Set(
    rest.flatMap((token) => [...token.matchAll(/\{\{([A-Za-z0-9_]+)\}\}/g)].map((m) => m[1])),
  );
  const flags = propertyNames(spec.inputs)
    .filter((p) => !used.has(p))
    .map((p) => [`--${p}`, `{{${p}}}`]);
  return {
    name,
    description: spec.description,
    command,
    args: [...rest, ...flags],
    input: spec.inputs as Record<string, unknown>,
    ...(call.workingDir ? { cwd: call.workingDir } : {}),
    env: call.env,
    tags: [...spec.tags, 'utcp'],
    ...(sandbox ? { sandbox: true } : {}),
  };
}

/** An MCP server entry of `config.mcpServers`, in executor-mcp's terms. */
export function mcpTransport(server: Record<string, unknown>): McpTransportOptions {
  const headers = server.headers as Record<string, string> | undefined;
  if (typeof server.url === 'string') {
    const type = server.transport === 'sse' ? 'sse' : 'http';
    return { type, url: server.url, ...(headers ? { headers } : {}) };
  }
  if (typeof server.command === 'string') {
    return {
      type: 'stdio',
      command: server.command,
      ...(Array.isArray(server.args) ? { args: server.args.map(String) } : {}),
      ...(server.env ? { env: server.env as Record<string, string> } : {}),
    };
  }
  throw new Error('an MCP server needs "url" or "command"');
}

/** The executor-backed sources for one manual's tools; tools that cannot run are skipped. */
export function toSources(
  tools: readonly UtcpToolSpec[],
  options: SourceBuildOptions,
): { sources: ToolSource[]; skipped: SkippedUtcpTool[] } {
  const skipped: SkippedUtcpTool[] = [];
  const http: HttpToolDeclaration[] = [];
  const cli: ProcessToolSpec[] = [];
  const mcp = new Map<string, Record<string, unknown>>();
  const names = new Set<string>();
  for (const spec of tools) {
    const name = arsenalToolName(spec.name, options.manual);
    try {
      if (names.has(name) && spec.call.type !== 'mcp')
        throw new Error(`the name "${name}" is used twice`);
      names.add(name);
      const { call } = spec;
      if (call.type === 'cli') cli.push(processSpec(spec, call, name, options.sandbox === true));
      else if (call.type === 'mcp') {
        for (const [server, config] of Object.entries(call.servers)) mcp.set(server, config);
      } else if (call.type === 'text') {
        throw new Error('a text template names a manual file; load that file as a manual');
      } else http.push(httpDeclaration(spec, call, name));
    } catch (error) {
      skipped.push({ tool: spec.name, reason: (error as Error).message });
    }
  }
  const sources: ToolSource[] = [];
  if (http.length) {
    sources.push(
      createHttpToolSource({
        name: options.manual,
        tools: http,
        hygiene: options.hygiene,
        ...options.http,
      }),
    );
  }
  if (cli.length) sources.push(createProcessToolSource({ id: options.manual, tools: cli }));
  for (const [server, config] of mcp) {
    try {
      const name = mcp.size === 1 ? options.manual : `${options.manual}_${server}`;
      sources.push(createMcpToolSource({ name, transport: mcpTransport(config) }));
    } catch (error) {
      skipped.push({ tool: `mcpServers.${server}`, reason: (error as Error).message });
    }
  }
  return { sources, skipped };
}
