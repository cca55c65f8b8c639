import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ListeningProcess, startListeningProcess } from './processes.js';

// At the package root, so the same relative path works from src/ (tests) and dist/ (consumers).
const SERVER = fileURLToPath(new URL('../pglite-server.mjs', import.meta.url));
/** What the server writes to stderr once it listens (pglite-server.mjs). */
const PGLITE_READY = 'pglite-server: listening';

/** PGlite's server, as a PostgreSQL server: on a port, stopped and started again with its data. */
export interface PgliteServer {
  readonly port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

const running = new Set<ListeningProcess>();
let exitHookInstalled = false;
function track(server: ListeningProcess): ListeningProcess {
  running.add(server);
  server.child.once('exit', () => running.delete(server));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // A test process that ends without dispose() (a test that timed out) must not leave servers behind.
    process.once('exit', () => {
      for (const each of running) each.child.kill('SIGKILL');
    });
  }
  return server;
}

/** PGlite served over the wire protocol by a child process, its data in a temporary folder. */
export async function startPgliteServer(extensions: readonly string[]): Promise<PgliteServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'arsenal-pglite-'));
  const env = { PGLITE_DATA_DIR: dataDir, PGLITE_EXTENSIONS: extensions.join(',') };
  // PGlite unpacks and initialises a data directory before it listens: minutes at a load of 10.
  // It says when it listens: until then, the port may answer for another process that took it.
  const wait = { timeoutMs: 600_000, ready: PGLITE_READY };
  let server: ListeningProcess | undefined;
  try {
    server = track(await startListeningProcess(SERVER, [], { env, ...wait }));
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = server.port;
  return {
    port,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async start() {
      await server?.stop();
      server = track(await startListeningProcess(SERVER, [], { env, port, ...wait }));
    },
    async dispose() {
      await server?.stop();
      server = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
