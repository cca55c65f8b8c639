import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { freePort } from './processes.js';

/** The `redis-server` binary on PATH (Debian package `redis-server`), or undefined. */
export function findRedisServer(): string | undefined {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  const path = found.stdout?.trim();
  return found.status === 0 && path ? path : undefined;
}

/** A redis-server a test started: its URL, and how to stop and start it again on the same port. */
export interface RedisServerProcess {
  port: number;
  url: string;
  /** Stop the server (SIGTERM), waiting until it has exited. */
  stop(): Promise<void>;
  /** Start it again on the same port (an empty server: it never saves). */
  start(): Promise<void>;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    let reply = '';
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      reply += chunk.toString();
      if (reply.includes('\r\n')) {
        socket.destroy();
        resolve(reply.startsWith('+PONG'));
      }
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Start a throwaway `redis-server` on 127.0.0.1 and a free port, without persistence. Resolves
 * once it answers PING; rejects with its output if it exits first.
 *
 * @example
 * const redis = await startRedisServer();
 * const store = createRedisStateStore({ url: redis.url });
 */
export async function startRedisServer(
  options: { binary?: string; port?: number } = {},
): Promise<RedisServerProcess> {
  const binary = options.binary ?? findRedisServer();
  if (!binary) {
    throw new Error('redis-server is not installed (Debian: apt-get install -y redis-server).');
  }
  const port = options.port ?? (await freePort());
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async () => {
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    const started = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    child = started;
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    exited = new Promise((resolve) => started.once('exit', () => resolve()));
    for (let attempt = 0; attempt < 600; attempt++) {
      if (started.exitCode !== null) break;
      if (await answersPing(port)) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await stop();
    throw new Error(`redis-server did not start on port ${port}: ${output}`);
  };
  const stop = async () => {
    const running = child;
    if (running && running.exitCode === null && running.signalCode === null) {
      running.kill('SIGTERM');
    }
    await exited;
  };
  await start();
  return { port, url: `redis://127.0.0.1:${port}`, stop, start };
}
