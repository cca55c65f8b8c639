import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@arsenal/testkit';

// Real servers for the vector-store benchmarks: `chroma run` from the chromadb package and
// Postgres + pgvector as PGlite over the wire protocol (the script the pgvector tests use).

const packages = fileURLToPath(new URL('../../packages/', import.meta.url));

export interface BenchServer {
  url: string;
  stop(): Promise<void>;
}

export async function startChroma(): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-chroma-'));
  const port = await freePort();
  const cli = join(packages, 'store-chroma/node_modules/chromadb/dist/cli.mjs');
  const child = spawn(
    process.execPath,
    [cli, 'run', '--path', dir, '--host', '127.0.0.1', '--port', String(port)],
    {
      stdio: 'ignore',
    },
  );
  await waitForPort(port, child);
  return { url: `http://127.0.0.1:${port}`, stop: () => stop(child, dir) };
}

export async function startPostgres(): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  const port = await freePort();
  const script = join(packages, 'testkit/pglite-server.mjs');
  const child = spawn(process.execPath, [script], {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), PGLITE_DATA_DIR: dir, PGLITE_EXTENSIONS: 'vector' },
  });
  await waitForPort(port, child);
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    stop: () => stop(child, dir),
  };
}

async function waitForPort(port: number, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 1200; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`nothing listened on port ${port}`);
}

async function stop(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
