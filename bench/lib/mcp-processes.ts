import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { startListeningProcess } from '@arsenal/testkit';
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

/** server-everything in its Streamable HTTP mode on a free port, once it listens. */
export async function startEverythingHttp(): Promise<ServerProcess> {
  const server = await startListeningProcess(referenceServerEntry('server-everything'), [
    'streamableHttp',
  ]);
  return { url: `http://127.0.0.1:${server.port}/mcp`, child: server.child, stop: server.stop };
}

/**
 * A process that serves Streamable HTTP and announces `at http://.../mcp` on stderr (what
 * `arsenal serve --http` prints), once announced.
 */
export function spawnAnnouncedHttpServer(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<ServerProcess> {
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
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
