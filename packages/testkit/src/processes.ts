import { type ChildProcess, spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';

/** A port on 127.0.0.1 that was free a moment ago. */
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

/** A child process a test started, and how to end it (waiting until it has exited). */
export interface ListeningProcess {
  port: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Start `node <entry> ...args` with `PORT` set to a free port, and resolve once it listens there.
 * Rejects with the process's stderr if it exits first, or if it has not listened within
 * `timeoutMs` (default 3 minutes: a ceiling for a machine at a load of 10, not a wait).
 *
 * With `ready`, the process must also write that text to stderr once it listens: a port that
 * accepts connections before then may be another process's, which took the port while this one
 * was starting (a server that initialises for minutes before it listens leaves that long a
 * window). When the process then exits because its port is taken (`EADDRINUSE`) and no `port`
 * was asked for, it is started again on another free port, up to three times.
 */
export async function startListeningProcess(
  entry: string,
  args: readonly string[] = [],
  options: {
    /** Give up when nothing listens after this long. Default 180000. */
    timeoutMs?: number;
    /** Pause between two looks at the port. Default 50. */
    intervalMs?: number;
    env?: NodeJS.ProcessEnv;
    /** Listen on this port instead of a free one (to restart a server where clients expect it). */
    port?: number;
    /** Text the process writes to stderr once it listens. */
    ready?: string;
  } = {},
): Promise<ListeningProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(entry, args, options);
    } catch (error) {
      const taken = error instanceof PortTakenError;
      if (!taken || options.port !== undefined || attempt >= 3) throw error;
    }
  }
}

/** The process exited because another one listens on its port. */
class PortTakenError extends Error {}

async function startOnce(
  entry: string,
  args: readonly string[],
  options: Parameters<typeof startListeningProcess>[2] & object,
): Promise<ListeningProcess> {
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [entry, ...args], {
    env: { ...process.env, ...options.env, PORT: String(port) },
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
  const deadline = Date.now() + (options.timeoutMs ?? 180_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const announced = options.ready === undefined || stderr.includes(options.ready);
    if (announced && (await portAccepts(port))) return { port, child, stop };
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 50));
  }
  await stop();
  const why =
    child.exitCode === null
      ? `within ${options.timeoutMs ?? 180_000} ms`
      : `(exit ${child.exitCode})`;
  const message = `${entry} ${args.join(' ')} did not listen on port ${port} ${why}: ${stderr}`;
  throw stderr.includes('EADDRINUSE') ? new PortTakenError(message) : new Error(message);
}
