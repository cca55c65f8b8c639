import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The built `arsenal-mcp` bin (the test script builds it first). */
export const BIN = fileURLToPath(new URL('../../dist/bin.js', import.meta.url));

export interface SpawnedHttpServer {
  url: string;
  child: ChildProcess;
  stderr(): string;
  stop(): Promise<void>;
}

/** Start `arsenal-mcp --http 127.0.0.1:0 ...` and wait for the line announcing its URL. */
export function spawnHttpServer(
  args: readonly string[],
  env: NodeJS.ProcessEnv = {},
): Promise<SpawnedHttpServer> {
  const child = spawn(process.execPath, [BIN, '--http', '127.0.0.1:0', ...args], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, ...env },
  });
  let stderr = '';
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      stderr += chunk;
      const url = /at (http:\/\/\S+\/mcp)/.exec(stderr)?.[1];
      if (url) resolve({ url, child, stderr: () => stderr, stop });
    });
    child.once('exit', (code) => reject(new Error(`arsenal-mcp exited with ${code}:\n${stderr}`)));
    child.once('error', reject);
  });
}
