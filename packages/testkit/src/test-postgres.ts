import { startPgliteServer } from './test-postgres-pglite.js';
import {
  findPostgresServer,
  missingExtensions,
  type PostgresInstallation,
  startPostgresCluster,
} from './test-postgres-server.js';

export type { PostgresInstallation } from './test-postgres-server.js';
export { findPostgresServer } from './test-postgres-server.js';

/** What serves a `TestPostgres`: a PostgreSQL server, or PGlite over the wire protocol. */
export type TestPostgresEngine = 'postgresql' | 'pglite';

/** A real Postgres for a test, in a child process, on 127.0.0.1 and a free port. */
export interface TestPostgres {
  /** `postgres://postgres:postgres@127.0.0.1:<port>/postgres` */
  readonly url: string;
  readonly port: number;
  /** Which engine serves it (see `startTestPostgres`). */
  readonly engine: TestPostgresEngine;
  /** What it is, e.g. `PostgreSQL 15.18 (Debian 15.18-0+deb12u1)` or `PGlite (PostgreSQL compiled to WebAssembly, ...)`. */
  readonly description: string;
  /** Stops the server (open connections are cut), keeping its data directory. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  restart(): Promise<void>;
  /** Stops it and deletes its data. */
  dispose(): Promise<void>;
}

export interface TestPostgresOptions {
  /**
   * Postgres extensions the tests create: `vector` (pgvector). A PostgreSQL server that lacks one
   * gives way to PGlite, which ships pgvector. Default none.
   */
  extensions?: readonly 'vector'[];
  /** Serve with this engine only. Default: a PostgreSQL server when installed, else PGlite. */
  engine?: TestPostgresEngine;
}

const LOG_PREFIX = '[startTestPostgres]';
const PGLITE =
  'PGlite (PostgreSQL compiled to WebAssembly, one backend shared by every connection)';

function serverName(installation: PostgresInstallation): string {
  // `postgres (PostgreSQL) 15.18 (Debian ...)` -> `PostgreSQL 15.18 (Debian ...)`
  return installation.version.replace(/^postgres \(PostgreSQL\)/, 'PostgreSQL');
}

/** Why the PostgreSQL server cannot serve these options, or undefined when it can. */
function whyNotServer(
  installation: PostgresInstallation | undefined,
  extensions: readonly string[],
): string | undefined {
  if (!installation) {
    return 'no PostgreSQL server is installed (Debian: apt-get install -y postgresql; or set ARSENAL_POSTGRES_BIN to the folder holding initdb and postgres)';
  }
  const missing = missingExtensions(installation, extensions);
  if (missing.length > 0) {
    return `${serverName(installation)} has no ${missing.join(', ')} extension installed (no ${missing.map((name) => `${name}.control`).join(', ')} in ${installation.extensionDir})`;
  }
  return undefined;
}

/**
 * Start a real Postgres for a test, with its data in a temporary folder, torn down by `dispose()`:
 *
 * - a PostgreSQL server (Debian: `apt-get install postgresql`) when one is installed: `initdb`
 *   into the folder (as the `postgres` OS user when running as root), trust authentication,
 *   fsync off;
 * - otherwise PGlite served over the wire protocol, with the reason printed. With
 *   `ARSENAL_REQUIRE_POSTGRES=1` a missing server fails instead, except where the server lacks a
 *   requested extension (pgvector is not packaged everywhere; PGlite ships it).
 *
 * Either way it prints what it started, so a test log says which Postgres it ran against.
 *
 * @example
 * const postgres = await startTestPostgres();
 * const pool = new pg.Pool({ connectionString: postgres.url });
 * afterAll(() => postgres.dispose());
 */
export async function startTestPostgres(options: TestPostgresOptions = {}): Promise<TestPostgres> {
  const extensions = options.extensions ?? [];
  let reason: string | undefined;
  if (options.engine !== 'pglite') {
    const installation = findPostgresServer();
    reason = whyNotServer(installation, extensions);
    if (installation && reason === undefined) {
      const cluster = await startPostgresCluster(installation);
      const description = serverName(installation);
      console.info(`${LOG_PREFIX} ${description} server on 127.0.0.1:${cluster.port}`);
      return served(cluster, 'postgresql', description);
    }
    const required = process.env.ARSENAL_REQUIRE_POSTGRES === '1';
    if (options.engine === 'postgresql' || (required && !installation)) {
      throw new Error(
        `${LOG_PREFIX} a PostgreSQL server is required${required ? ' (ARSENAL_REQUIRE_POSTGRES=1)' : ''}, but ${reason}.`,
      );
    }
  } else {
    reason = 'the test asked for PGlite';
  }
  const server = await startPgliteServer(extensions);
  console.info(
    `${LOG_PREFIX} ${PGLITE} on 127.0.0.1:${server.port}; not a server because ${reason}`,
  );
  return served(server, 'pglite', PGLITE);
}

function served(
  server: {
    readonly port: number;
    stop(): Promise<void>;
    start(): Promise<void>;
    dispose(): Promise<void>;
  },
  engine: TestPostgresEngine,
  description: string,
): TestPostgres {
  const port = server.port;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/postgres`,
    port,
    engine,
    description,
    stop: () => server.stop(),
    async restart() {
      await server.stop();
      await server.start();
    },
    dispose: () => server.dispose(),
  };
}

let tables = 0;
/** A table name no other test (or test process) uses. */
export function uniqueTable(prefix = 't'): string {
  tables += 1;
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${tables}`;
}
