import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { freePort } from './processes.js';

/** A PostgreSQL server installation: where its programs are, and what it is. */
export interface PostgresInstallation {
  /** The folder holding `initdb` and `postgres`. */
  readonly binDir: string;
  /** `postgres --version`, e.g. `postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)`. */
  readonly version: string;
  /** The folder holding its extensions' `.control` files. */
  readonly extensionDir: string;
}

function hasServer(binDir: string): boolean {
  return existsSync(join(binDir, 'initdb')) && existsSync(join(binDir, 'postgres'));
}

function candidateBinDirs(): string[] {
  const dirs: string[] = [];
  const configured = process.env.ARSENAL_POSTGRES_BIN;
  if (configured) dirs.push(configured);
  // Debian and Ubuntu keep each major version apart and off PATH; the newest wins.
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) dirs.push(join(debian, version, 'bin'));
  }
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = onPath.status === 0 ? onPath.stdout.trim() : '';
  if (initdb) dirs.push(dirname(initdb));
  return dirs;
}

/**
 * The PostgreSQL server programs on this machine: `$ARSENAL_POSTGRES_BIN`, else the newest
 * `/usr/lib/postgresql/<major>/bin` (Debian: `apt-get install postgresql`), else `initdb` on PATH.
 */
export function findPostgresServer(): PostgresInstallation | undefined {
  for (const binDir of candidateBinDirs()) {
    if (!hasServer(binDir)) continue;
    const version = spawnSync(join(binDir, 'postgres'), ['--version'], { encoding: 'utf8' });
    if (version.status !== 0) continue;
    const sharedir = spawnSync(join(binDir, 'pg_config'), ['--sharedir'], { encoding: 'utf8' });
    const share = sharedir.status === 0 ? sharedir.stdout.trim() : join(binDir, '..', 'share');
    return {
      binDir,
      version: version.stdout.trim(),
      extensionDir: join(share, 'extension'),
    };
  }
  return undefined;
}

/** Whether the installation can `CREATE EXTENSION` each of these. */
export function missingExtensions(
  installation: PostgresInstallation,
  extensions: readonly string[],
): string[] {
  return extensions.filter(
    (name) => !existsSync(join(installation.extensionDir, `${name}.control`)),
  );
}

interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root: under root, the cluster belongs to `postgres` (else `nobody`). */
function clusterOwner(): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const users = readFileSync('/etc/passwd', 'utf8').split('\n');
  for (const wanted of ['postgres', 'nobody']) {
    const line = users.find((entry) => entry.startsWith(`${wanted}:`));
    const fields = line?.split(':');
    if (fields && fields.length >= 4) {
      return { name: wanted, uid: Number(fields[2]), gid: Number(fields[3]) };
    }
  }
  throw new Error(
    'PostgreSQL cannot run as root and this machine has no "postgres" or "nobody" user to run it as: add one (useradd --system postgres) or run the tests as another user.',
  );
}

function run(
  program: string,
  args: readonly string[],
  owner: OsUser | undefined,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { ...process.env, LC_ALL: 'C' },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function stopAllOnExit(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // A test process that ends without dispose() must not leave servers behind.
  process.once('exit', () => {
    for (const child of running) child.kill('SIGQUIT');
  });
}

const READY = 'database system is ready to accept connections';

/** A PostgreSQL cluster in a temporary folder, served on 127.0.0.1. */
export interface PostgresCluster {
  readonly port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  dispose(): Promise<void>;
}

/**
 * initdb a throwaway cluster (trust authentication, user `postgres`, no fsync) and start it on a
 * free port. Resolves once the server logs that it accepts connections; rejects with its output
 * if it exits first.
 */
export async function startPostgresCluster(
  installation: PostgresInstallation,
): Promise<PostgresCluster> {
  const owner = clusterOwner();
  const root = await mkdtemp(join(tmpdir(), 'arsenal-postgres-'));
  const data = join(root, 'data');
  try {
    if (owner) await chown(root, owner.uid, owner.gid);
    const initdb = await run(
      join(installation.binDir, 'initdb'),
      ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--no-locale', '-E', 'UTF8'],
      owner,
    );
    if (initdb.code !== 0) {
      throw new Error(
        `initdb failed (exit ${initdb.code}${owner ? `, as OS user ${owner.name}` : ''}): ${initdb.output}`,
      );
    }
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  let port = await freePort();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();

  const launch = (): Promise<{ ready: boolean; output: string }> => {
    const args = [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      // Throwaway data: durability buys nothing and costs seconds on a busy disk.
      '-c',
      'fsync=off',
      '-c',
      'synchronous_commit=off',
      '-c',
      'full_page_writes=off',
      '-c',
      'shared_buffers=16MB',
      '-c',
      'max_connections=100',
    ];
    const started = spawn(join(installation.binDir, 'postgres'), args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
      env: { ...process.env, LC_ALL: 'C' },
    });
    child = started;
    running.add(started);
    stopAllOnExit();
    exited = new Promise((resolve) =>
      started.once('exit', () => {
        running.delete(started);
        resolve();
      }),
    );
    return new Promise((resolve) => {
      let output = '';
      const onOutput = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(READY)) {
          started.stdout?.off('data', onOutput);
          started.stderr?.off('data', onOutput);
          // Keep draining: a full pipe would block the server.
          started.stdout?.resume();
          started.stderr?.resume();
          resolve({ ready: true, output });
        }
      };
      started.stdout?.on('data', onOutput);
      started.stderr?.on('data', onOutput);
      started.once('exit', () => resolve({ ready: false, output }));
    });
  };

  const start = async (): Promise<void> => {
    // The free port can be taken between asking and binding; only a first start may move.
    const firstStart = child === undefined;
    for (let attempt = 1; ; attempt++) {
      const { ready, output } = await launch();
      if (ready) return;
      const portTaken = /could not bind|Address already in use/.test(output);
      if (firstStart && portTaken && attempt < 5) {
        port = await freePort();
        continue;
      }
      throw new Error(`PostgreSQL did not start on port ${port}: ${output}`);
    }
  };

  const stop = async (): Promise<void> => {
    const current = child;
    // SIGINT is a fast shutdown: open connections are cut, as when a server goes down.
    if (current && current.exitCode === null && current.signalCode === null) {
      current.kill('SIGINT');
    }
    await exited;
  };

  try {
    await start();
  } catch (error) {
    await stop();
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return {
    get port() {
      return port;
    },
    stop,
    start,
    async dispose() {
      await stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
