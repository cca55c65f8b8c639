import { StringDecoder } from 'node:string_decoder';
import { InvalidArgumentError } from '@arsenal/core';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { trackChildProcess } from './child-process-reaper.js';
import type { McpTransportOptions } from './options.js';
import type { UpstreamRequestRelations } from './request-relations.js';
import { useServerLineReader } from './server-line-reader.js';
import type { StderrRingBuffer } from './stderr-ring-buffer.js';

function toUrl(url: string | URL, serverName: string): URL {
  try {
    return new URL(url);
  } catch (error) {
    throw new InvalidArgumentError(
      `MCP server "${serverName}": "${String(url)}" is not a valid URL; write it like http://127.0.0.1:3000/mcp.`,
      { cause: error },
    );
  }
}

/** Check transport options up front, so a typo fails at construction, not on first call. */
export function validateTransportOptions(options: McpTransportOptions, serverName: string): void {
  if (options.type === 'stdio') {
    if (typeof options.command !== 'string' || options.command.length === 0) {
      throw new InvalidArgumentError(
        `MCP server "${serverName}": transport.command is required for stdio (the executable to spawn).`,
      );
    }
    return;
  }
  if (options.type === 'http' || options.type === 'sse') {
    toUrl(options.url, serverName);
    return;
  }
  throw new InvalidArgumentError(
    `MCP server "${serverName}": unknown transport type "${String((options as { type?: unknown }).type)}"; use "stdio", "http" or "sse".`,
  );
}

/**
 * Where the tools come from, for `ToolDefinition.sourceUri`. Arguments, credentials and query
 * strings are left out: they may hold secrets and the URI is shown to models and in audits.
 */
export function sourceUriOf(options: McpTransportOptions): string {
  if (options.type === 'stdio') return `mcp+stdio://${encodeURI(options.command)}`;
  const url = new URL(options.url);
  return `${url.protocol}//${url.host}${url.pathname}`;
}

/**
 * A fresh SDK transport (with `relations`, a Streamable HTTP one notes which call each server
 * request serves). For stdio the child's stderr is piped into `stderr`, never into the
 * protocol stream, and the child is spawned only when the client starts the transport.
 */
export function createTransport(
  options: McpTransportOptions,
  serverName: string,
  stderr: StderrRingBuffer,
  relations?: UpstreamRequestRelations,
): Transport {
  switch (options.type) {
    case 'stdio': {
      const transport = new StdioClientTransport({
        command: options.command,
        args: options.args ? [...options.args] : [],
        env: options.env,
        cwd: options.cwd,
        stderr: 'pipe',
      });
      useServerLineReader(transport);
      const decoder = new StringDecoder('utf8');
      transport.stderr?.on('data', (chunk: Buffer | string) => {
        stderr.write(typeof chunk === 'string' ? chunk : decoder.write(chunk));
      });
      transport.stderr?.on('end', () => {
        stderr.write(decoder.end());
        stderr.flush();
      });
      return transport;
    }
    case 'http':
      return new StreamableHTTPClientTransport(toUrl(options.url, serverName), {
        requestInit: { headers: { ...options.headers } },
        // Which POST's stream a server request arrives on says which call it serves.
        ...(relations ? { fetch: relations.observingFetch() } : {}),
      });
    case 'sse':
      return new SSEClientTransport(toUrl(options.url, serverName), {
        requestInit: { headers: { ...options.headers } },
      });
  }
}

/** The pid of a stdio transport's child, once started. */
export function pidOf(transport: Transport): number | undefined {
  return transport instanceof StdioClientTransport ? (transport.pid ?? undefined) : undefined;
}

/**
 * Tracks the child a transport spawns from the moment it is spawned, not after the handshake: a
 * parent that exits mid-handshake must still take the child with it. Returns the release.
 */
export function trackChildOnStart(transport: Transport): () => void {
  let release = () => {};
  const start = transport.start.bind(transport);
  transport.start = async () => {
    await start();
    const pid = pidOf(transport);
    if (pid !== undefined) release = trackChildProcess(pid);
  };
  return () => release();
}
