import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { connect, createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
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

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function portAccepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
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
  const port = await freePort();
  const child = spawn(process.execPath, [serverEntry('server-everything'), mode], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) break;
    if (await portAccepts(port)) {
      const path = mode === 'sse' ? '/sse' : '/mcp';
      return { url: `http://127.0.0.1:${port}${path}`, child, stop };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stop();
  throw new Error(`server-everything (${mode}) did not start on port ${port}: ${stderr}`);
}
