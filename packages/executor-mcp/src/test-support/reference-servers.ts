import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startListeningProcess } from '@arsenal/testkit';
import type { McpStdioTransportOptions } from '../options.js';

const require = createRequire(import.meta.url);

export type ReferenceServer = 'server-everything' | 'server-filesystem' | 'server-memory';

/** The entry script of a reference server's bin, resolved from node_modules (never npx). */
export function serverEntry(server: ReferenceServer): string {
  const manifestPath = require.resolve(`@modelcontextprotocol/${server}/package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : Object.values(manifest.bin)[0];
  if (!bin) throw new Error(`@modelcontextprotocol/${server} declares no bin`);
  return join(dirname(manifestPath), bin);
}

/** Run a reference server over stdio with the current Node. */
export function stdioServer(
  server: ReferenceServer,
  args: readonly string[] = [],
  env?: Record<string, string>,
): McpStdioTransportOptions {
  return { type: 'stdio', command: process.execPath, args: [serverEntry(server), ...args], env };
}

/** A fixture script from test/fixtures, run with the current Node. */
export function fixtureServer(
  name: string,
  env?: Record<string, string>,
): McpStdioTransportOptions {
  const path = fileURLToPath(new URL(`../../test/fixtures/${name}`, import.meta.url));
  return { type: 'stdio', command: process.execPath, args: [path], env };
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Start server-everything in one of its HTTP modes on a free port and wait until it listens. */
export async function startEverythingOverHttp(
  mode: 'streamableHttp' | 'sse',
): Promise<ServerProcess> {
  const server = await startListeningProcess(serverEntry('server-everything'), [mode], {
    intervalMs: 100,
  });
  const path = mode === 'sse' ? '/sse' : '/mcp';
  return { url: `http://127.0.0.1:${server.port}${path}`, child: server.child, stop: server.stop };
}
