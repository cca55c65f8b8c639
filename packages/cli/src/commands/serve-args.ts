import { SERVE_MODES, type ServeMode } from '@arsenal/mcp-server';
import {
  type CommandSpec,
  type ParsedCommandArgs,
  stringListOption,
  stringOption,
} from '../args.js';
import { CliError } from '../cli-error.js';

// `arsenal serve`: its flags and how they are read.

export const serveSpec: CommandSpec = {
  name: 'serve',
  summary: 'Serve the tools as an MCP server (stdio or Streamable HTTP).',
  usage: 'arsenal serve [options]',
  positionals: [],
  options: {
    config: {
      type: 'string',
      short: 'c',
      valueName: 'file',
      description:
        'arsenal.yaml to serve. Default: the demo catalog plus the everything, filesystem and memory reference MCP servers.',
    },
    mode: {
      type: 'string',
      short: 'm',
      valueName: 'mode',
      description: 'static, dynamic or hybrid. Default: serve.mode of the config, else dynamic.',
    },
    http: {
      type: 'string',
      valueName: '[host]:port',
      description: 'Serve Streamable HTTP instead of stdio: ":3333", "127.0.0.1:8080".',
    },
    stateless: { type: 'boolean', description: 'HTTP without sessions (no elicitation).' },
    rest: {
      type: 'boolean',
      description: 'Also serve the REST API under /api of the HTTP server (implies --http).',
    },
    console: {
      type: 'boolean',
      description: 'Also serve the web console under /console (implies --rest and --http).',
    },
    dev: {
      type: 'boolean',
      description:
        'Local development: serve the console (implies --console) and let anonymous callers call tools from it. Loopback and no serve.auth only.',
    },
    a2a: {
      type: 'string',
      valueName: '[host]:port',
      description: 'Serve an A2A agent (Agent Card + JSON-RPC) instead of MCP: ":4444".',
    },
    pin: {
      type: 'string',
      multiple: true,
      valueName: 'tool',
      description: 'A tool to list directly in hybrid mode (repeatable, globs allowed).',
    },
  },
  examples: [
    'arsenal serve',
    'arsenal serve --config arsenal.yaml --mode dynamic --http :3333',
    'arsenal serve --mode hybrid --pin "everything.*"',
    'arsenal serve --config arsenal.yaml --a2a :4444',
    'arsenal serve --config arsenal.yaml --http :3333 --rest',
    'arsenal serve --config arsenal.yaml --http :3333 --console',
    'arsenal serve --dev',
  ],
  notes: [
    'Over stdio, stdout carries the protocol: messages go to stderr.',
    'Over HTTP the server binds 127.0.0.1 unless told otherwise; configure serve.auth.tokens before binding anything else.',
    'serve.console or serve.rest in the config selects HTTP too, on serve.host and serve.port (127.0.0.1:3333 by default).',
  ],
};

export interface ServeArgs {
  config?: string;
  mode?: ServeMode;
  http?: { host?: string; port: number };
  stateless: boolean;
  /** Also serve the REST API on the HTTP server. */
  rest?: boolean;
  /** Also serve the web console (and the REST API it reads). */
  console?: boolean;
  /** Dev mode: the console, and anonymous (loopback, unauthenticated) callers may call tools. */
  dev?: boolean;
  pinned: string[];
  a2a?: { host?: string; port: number };
}

export function toServeArgs(parsed: ParsedCommandArgs): ServeArgs {
  const mode = stringOption(parsed.values, 'mode');
  if (mode !== undefined && !SERVE_MODES.includes(mode as ServeMode)) {
    throw new CliError(
      `--mode must be one of ${SERVE_MODES.join(', ')}, got "${mode}"`,
      'run `arsenal serve --help`',
    );
  }
  const http = stringOption(parsed.values, 'http');
  const a2a = stringOption(parsed.values, 'a2a');
  return {
    ...(a2a === undefined ? {} : { a2a: parseListenAddress(a2a, '--a2a') }),
    config: stringOption(parsed.values, 'config'),
    mode: mode as ServeMode | undefined,
    http: http === undefined ? undefined : parseListenAddress(http),
    stateless: parsed.values.stateless === true,
    ...(parsed.values.rest === true ? { rest: true } : {}),
    ...(parsed.values.console === true || parsed.values.dev === true ? { console: true } : {}),
    ...(parsed.values.dev === true ? { dev: true } : {}),
    pinned: stringListOption(parsed.values, 'pin'),
  };
}

/** `:3333`, `3333`, `host:3333` or `[::1]:3333`. */
export function parseListenAddress(text: string, flag = '--http'): { host?: string; port: number } {
  const match = /^(?:(\[[^\]]+\]|[^:]*):)?(\d{1,5})$/.exec(text.trim());
  const port = Number(match?.[2]);
  if (!match || port > 65_535) {
    throw new CliError(
      `${flag} must be [host]:port, got "${text}"`,
      `for example ${flag} :3333 or ${flag} 127.0.0.1:8080`,
    );
  }
  const host = match[1]?.replace(/^\[|\]$/g, '');
  return host ? { host, port } : { port };
}
