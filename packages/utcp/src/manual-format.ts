import { ConfigurationError, type JsonSchema } from '@arsenal/core';

/** UTCP auth, as both manual formats write it. */
export type UtcpAuth =
  | {
      auth_type: 'api_key';
      api_key: string;
      var_name?: string;
      location?: 'header' | 'query' | 'cookie';
    }
  | { auth_type: 'basic'; username: string; password: string }
  | {
      auth_type: 'oauth2';
      token_url: string;
      client_id: string;
      client_secret: string;
      scope?: string;
    };

/** How one tool is called, whichever format the manual used. */
export type UtcpCall =
  | {
      type: 'http' | 'sse' | 'streamable_http';
      method: string;
      url: string;
      contentType: string;
      headers: Record<string, string>;
      bodyField?: string;
      headerFields: string[];
      auth?: UtcpAuth;
    }
  | { type: 'cli'; command: string; workingDir?: string; env: Record<string, string> }
  | { type: 'mcp'; servers: Record<string, Record<string, unknown>> }
  | { type: 'text'; filePath: string };

export type UtcpCallType = UtcpCall['type'];

export interface UtcpToolSpec {
  name: string;
  description: string;
  inputs: JsonSchema;
  tags: string[];
  call: UtcpCall;
}

export interface SkippedUtcpTool {
  tool: string;
  reason: string;
}

export interface ParsedManual {
  /** `1.x` (`utcp_version`, `tool_call_template`) or `0.1` (`version`, `tool_provider`). */
  format: '1.x' | '0.1';
  version: string;
  tools: UtcpToolSpec[];
  skipped: SkippedUtcpTool[];
}

const MAX_TOOLS = 10_000;
const TYPE_ALIASES: Record<string, UtcpCallType> = {
  http: 'http',
  sse: 'sse',
  streamable_http: 'streamable_http',
  http_stream: 'streamable_http',
  cli: 'cli',
  mcp: 'mcp',
  text: 'text',
};

type Raw = Record<string, unknown>;
const isObject = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined;

/**
 * Read a UTCP manual in either format into one shape. A manual that is not a manual is a
 * ConfigurationError; a tool that cannot be read is skipped with its reason, and the rest load.
 */
export function parseUtcpManual(manual: unknown, where: string): ParsedManual {
  if (!isObject(manual))
    throw new ConfigurationError(`${where}: a UTCP manual must be a JSON object.`);
  const format =
    typeof manual.utcp_version === 'string'
      ? '1.x'
      : typeof manual.version === 'string'
        ? '0.1'
        : undefined;
  if (!format) {
    throw new ConfigurationError(
      `${where}: not a UTCP manual: it needs "utcp_version" (UTCP 1.x) or "version" (UTCP 0.1) and "tools".`,
    );
  }
  const version = String(format === '1.x' ? manual.utcp_version : manual.version);
  const major = Number.parseInt(version, 10);
  if (format === '1.x' && major !== 1) {
    throw new ConfigurationError(
      `${where}: UTCP version "${version}" is not supported; this reader takes 1.x (and 0.1 manuals).`,
    );
  }
  if (!Array.isArray(manual.tools))
    throw new ConfigurationError(`${where}: "tools" must be a list.`);
  if (manual.tools.length > MAX_TOOLS) {
    throw new ConfigurationError(
      `${where}: ${manual.tools.length} tools is more than the ${MAX_TOOLS} one manual may hold.`,
    );
  }
  const tools: UtcpToolSpec[] = [];
  const skipped: SkippedUtcpTool[] = [];
  manual.tools.forEach((raw, index) => {
    const name = isObject(raw) && text(raw.name) ? String(raw.name) : `tools[${index}]`;
    try {
      tools.push(readTool(raw, format));
    } catch (error) {
      skipped.push({ tool: name, reason: (error as Error).message });
    }
  });
  return { format, version, tools, skipped };
}

function readTool(raw: unknown, format: '1.x' | '0.1'): UtcpToolSpec {
  if (!isObject(raw)) throw new Error('a tool must be an object');
  const name = text(raw.name);
  if (!name) throw new Error('"name" is required');
  const templateKey = format === '1.x' ? 'tool_call_template' : 'tool_provider';
  const template = raw[templateKey];
  if (!isObject(template)) throw new Error(`"${templateKey}" is required`);
  const inputs = raw.inputs === undefined ? { type: 'object', properties: {} } : raw.inputs;
  if (!isObject(inputs)) throw new Error('"inputs" must be a JSON Schema object');
  const tags = Array.isArray(raw.tags)
    ? raw.tags.filter((tag): tag is string => typeof tag === 'string')
    : [];
  return {
    name,
    description: typeof raw.description === 'string' ? raw.description : '',
    inputs: inputs as JsonSchema,
    tags,
    call: readCall(template, format),
  };
}

/** One call template (1.x) or tool provider (0.1) in the common shape. */
export function readCall(template: Raw, format: '1.x' | '0.1'): UtcpCall {
  const typeKey = format === '1.x' ? 'call_template_type' : 'provider_type';
  const declared = text(template[typeKey]);
  if (!declared) throw new Error(`"${typeKey}" is required`);
  const type = TYPE_ALIASES[declared];
  if (!type)
    throw new Error(
      `call type "${declared}" is not supported (supported: ${Object.keys(TYPE_ALIASES).join(', ')})`,
    );
  if (type === 'cli') {
    const commands = template.commands;
    let command = text(template.command_name);
    if (Array.isArray(commands)) {
      if (commands.length !== 1 || !isObject(commands[0]) || !text(commands[0].command)) {
        throw new Error(
          'a cli template must hold exactly one command (command sequences run through a shell, which Arsenal never uses)',
        );
      }
      command = String(commands[0].command);
    }
    if (!command) throw new Error('a cli template needs "commands" (1.x) or "command_name" (0.1)');
    return {
      type,
      command,
      ...(text(template.working_dir) ? { workingDir: String(template.working_dir) } : {}),
      env: stringRecord(template.env_vars, 'env_vars'),
    };
  }
  if (type === 'mcp') {
    const config = template.config;
    if (!isObject(config) || !isObject(config.mcpServers))
      throw new Error('an mcp template needs "config.mcpServers"');
    const servers: Record<string, Raw> = {};
    for (const [name, server] of Object.entries(config.mcpServers)) {
      if (!isObject(server)) throw new Error(`mcpServers.${name} must be an object`);
      servers[name] = server;
    }
    return { type, servers };
  }
  if (type === 'text') {
    const filePath = text(template.file_path);
    if (!filePath) throw new Error('a text template needs "file_path"');
    return { type, filePath };
  }
  const url = text(template.url);
  if (!url) throw new Error('"url" is required');
  const auth =
    template.auth === undefined || template.auth === null ? undefined : readAuth(template.auth);
  const headerFields = Array.isArray(template.header_fields)
    ? template.header_fields.filter((field): field is string => typeof field === 'string')
    : [];
  return {
    type,
    method: (text(template.http_method) ?? 'GET').toUpperCase(),
    url,
    contentType: text(template.content_type) ?? 'application/json',
    headers: stringRecord(template.headers, 'headers'),
    ...(text(template.body_field) ? { bodyField: String(template.body_field) } : {}),
    headerFields,
    ...(auth ? { auth } : {}),
  };
}

function readAuth(raw: unknown): UtcpAuth {
  if (!isObject(raw)) throw new Error('"auth" must be an object');
  const need = (key: string) => {
    const value = text(raw[key]);
    if (!value) throw new Error(`${String(raw.auth_type)} auth needs "${key}"`);
    return value;
  };
  switch (raw.auth_type) {
    case 'api_key': {
      const location = raw.location ?? 'header';
      if (location !== 'header' && location !== 'query' && location !== 'cookie')
        throw new Error(
          `api_key auth: location "${String(location)}" must be header, query or cookie`,
        );
      return {
        auth_type: 'api_key',
        api_key: need('api_key'),
        var_name: text(raw.var_name) ?? 'X-Api-Key',
        location,
      };
    }
    case 'basic':
      return { auth_type: 'basic', username: need('username'), password: need('password') };
    case 'oauth2':
      return {
        auth_type: 'oauth2',
        token_url: need('token_url'),
        client_id: need('client_id'),
        client_secret: need('client_secret'),
        ...(text(raw.scope) ? { scope: String(raw.scope) } : {}),
      };
    default:
      throw new Error(
        `auth type "${String(raw.auth_type)}" is not supported (api_key, basic, oauth2)`,
      );
  }
}

function stringRecord(value: unknown, key: string): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new Error(`"${key}" must be an object of strings`);
  const out: Record<string, string> = {};
  for (const [name, item] of Object.entries(value)) {
    if (typeof item !== 'string') throw new Error(`"${key}.${name}" must be a string`);
    out[name] = item;
  }
  return out;
}
