import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ListeningProcess, startListeningProcess } from './processes.js';

// At the package root, so the same relative path works from src/ (tests) and dist/ (consumers).
const SERVER = fileURLToPath(new URL('../pglite-server.mjs', import.meta.url));

/** A real Postgres (PGlite over the wire protocol) in a child process. */
export interface TestPostgres {
  /** `postgres://postgres:postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  readonly port: number;
  /** Stops the server, keeping its data directory. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  restart(): Promise<void>;
  /** Stops it and deletes its data. */
  dispose(): Promise<void>;
}

export interface TestPostgresOptions {
  /** Postgres extensions to load: `vector` (pgvector). Default none. */
  extensions?: readonly 'vector'[];
}

/**
 * Start a real Postgres for a test: PGlite served over the wire protocol on a free port, with
 * its data in a temporary folder. Works without Docker or a system Postgres.
 *
 * @example
 * const postgres = await startTestPostgres();
 * const pool = new pg.Pool({ connectionString: postgres.url });
 * afterAll(() => postgres.dispose());
 */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const dataDir = await mkdtemp(join(tmpdir(), 'arsenal-postgres-'));
  const env = { PGLITE_DATA_DIR: dataDir, PGLITE_EXTENSIONS: (options.extensions ?? []).join(',') };
  // PGlite unpacks and initialises a data directory first: slow on a busy machine.
  const wait = { attempts: 1200, intervalMs: 250 };
  let server: ListeningProcess | undefined;
  try {
    server = await startListeningProcess(SERVER, [], { env, ...wait });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const port = server.port;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async restart() {
      await server?.stop();
      server = await startListeningProcess(SERVER, [], { env, port, ...wait });
    },
    async dispose() {
      await server?.stop();
      server = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let tables = 0;
/** A table name no other test (or test process) uses. */
export function uniqueTable(prefix = 't'): string {
  tables += 1;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${tables}`;
}
