import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ListeningProcess, startListeningProcess } from '@arsenal/testkit';

const SERVER = fileURLToPath(new URL('./pglite-server-test-support.mjs', import.meta.url));

/** A real Postgres with pgvector (PGlite over the wire protocol) in a child process. */
export interface TestPostgres {
  readonly url: string;
  /** Stops the server, keeping its data directory. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  restart(): Promise<void>;
  /** Stops it and deletes its data. */
  dispose(): Promise<void>;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const dataDir = await mkdtemp(join(tmpdir(), 'arsenal-pgvector-'));
  let server: ListeningProcess | undefined = await startListeningProcess(SERVER, [], {
    env: { PGLITE_DATA_DIR: dataDir },
    attempts: 1200,
    intervalMs: 250,
  });
  const port = server.port;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    async stop() {
      await server?.stop();
      server = undefined;
    },
    async restart() {
      await server?.stop();
      server = await startListeningProcess(SERVER, [], {
        env: { PGLITE_DATA_DIR: dataDir },
        port,
        attempts: 1200,
        intervalMs: 250,
      });
    },
    async dispose() {
      await server?.stop();
      server = undefined;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

let tables = 0;
/** A table name no other test uses. */
export function uniqueTable(): string {
  tables += 1;
  return `t_${process.pid}_${Date.now().toString(36)}_${tables}`;
}
