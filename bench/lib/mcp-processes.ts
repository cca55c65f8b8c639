import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { referenceServerEntry } from './reference-servers.js';

/** The built `arsenal` CLI. */
export const ARSENAL_CLI = fileURLToPath(
  new URL('../../packages/cli/dist/bin.js', import.meta.url),
);

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
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

/** server-everything in its Streamable HTTP mode on a free port, once it listens. */
export async function startEverythingHttp(): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [referenceServerEntry('server-everything'), 'streamableHttp'],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'ignore', 'ignore'],
    },
  );
  const stop = stopper(child);
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) break;
    if (await portAccepts(port)) return { url: `http://127.0.0.1:${port}/mcp`, child, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`server-everything (streamableHttp) did not listen on port ${port}`);
}

/**
 * A process that serves Streamable HTTP and announces `at http://.../mcp` on stderr (what
 * `arsenal serve --http` prints), once announced.
 */
export function spawnAnnouncedHttpServer(args: readonly string[]): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const stop = stopper(child);
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      const url = /at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url) resolve({ url, child, stop });
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${stderr}`)));
  });
}
