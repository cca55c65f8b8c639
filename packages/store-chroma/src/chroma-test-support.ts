import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort, type ListeningProcess, startListeningProcess } from '@arsenal/testkit';

/** The `chroma` command line that the chromadb package ships (it runs the real server). */
function chromaCli(): string {
  const entry = createRequire(import.meta.url).resolve('chromadb');
  // `chromadb` resolves to dist/cjs/chromadb.cjs or dist/chromadb.mjs; the CLI sits in dist/.
  const dist = entry.includes(`${'/'}cjs${'/'}`) ? dirname(dirname(entry)) : dirname(entry);
  return join(dist, 'cli.mjs');
}

/** A real Chroma server (`chroma run`) in a child process, persisting to a temporary folder. */
export interface TestChroma {
  readonly url: string;
  /** Stops the server, keeping its data. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  restart(): Promise<void>;
  /** Stops it and deletes its data. */
  dispose(): Promise<void>;
}

export async function startTestChroma(): Promise<TestChroma> {
  const dataDir = await mkdtemp(join(tmpdir(), 'arsenal-chroma-'));
  const port = await freePort();
  const start = () =>
    startListeningProcess(
      chromaCli(),
      ['run', '--path', dataDir, '--host', '127.0.0.1', '--port', String(port)],
      { port, timeoutMs: 300_000, intervalMs: 250 },
    );
  let server: ListeningProcess | undefined = await start();
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async restart() {
      await server?.stop();
      server = await start();
    },
    async dispose() {
      await server?.stop();
      server = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let collections = 0;
/** A collection name no other test uses. */
export function uniqueCollection(): string {
  collections += 1;
  return `t-${process.pid}-${Date.now().toString(36)}-${collections}`;
}
