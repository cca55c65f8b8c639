import { accessSync, constants, existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve, sep } from 'node:path';
import { ConfigurationError } from '@arsenal/core';
import { linkRefusingFilter } from './link-filter.js';

export interface SandboxOptions {
  /** Let the program reach the network. Default false. */
  network?: boolean;
  /** Host folders the program may write to (bound read-write at the same path). */
  writable?: readonly string[];
  /** Host folders the program may read (bound read-only at the same path): data, interpreters. */
  readable?: readonly string[];
  /**
   * The host user and group the sandbox runs as. Default: when Arsenal runs as root, `nobody`
   * (65534:65534); otherwise Arsenal's own user. Never 0.
   */
  runAs?: { uid: number; gid: number };
  /** Path of the `bwrap` binary; default found on PATH. */
  bwrapPath?: string;
}

/** The system folders every sandbox sees read-only: programs and their libraries. */
export const SYSTEM_FOLDERS: readonly string[] = [
  '/usr',
  '/bin',
  '/sbin',
  '/lib',
  '/lib32',
  '/lib64',
  '/libx32',
];

/**
 * The files of /etc a program may need (dynamic linker, time zone, TLS roots, user and host
 * names, Debian's alternatives). Nothing else of /etc: no shadow files, no service configuration.
 */
export const SYSTEM_FILES: readonly string[] = [
  '/etc/alternatives',
  '/etc/ld.so.cache',
  '/etc/ld.so.conf',
  '/etc/ld.so.conf.d',
  '/etc/localtime',
  '/etc/timezone',
  '/etc/ssl/certs',
  '/etc/ca-certificates',
  '/etc/passwd',
  '/etc/group',
  '/etc/nsswitch.conf',
  '/etc/hosts',
  '/etc/host.conf',
  '/etc/gai.conf',
  '/etc/protocols',
  '/etc/services',
  '/etc/mime.types',
  '/etc/magic',
];

/** Files never shown inside a folder bound into a sandbox (covered: opening one is refused). */
const SECRET_FILE =
  /^(\.env(\..*)?|arsenal\.(ya?ml|json)|\.npmrc|\.netrc|\.pgpass|\.git-credentials)$/;

/** An Arsenal config file: the folder holding one is the server's, never bound. */
const CONFIG_FILE = /^arsenal\.(ya?ml|json)$/;

/** Folders that would expose the host's secrets wholesale; never bound. */
const REFUSED_FOLDERS = new Set(['/', '/etc', '/root', '/home', '/proc', '/sys', '/dev', '/run']);

const NOBODY = 65534;

let cachedBwrap: string | null | undefined;

/** Where `bwrap` is, or undefined when bubblewrap is not installed. */
export function findBubblewrap(pathVariable = process.env.PATH ?? ''): string | undefined {
  if (cachedBwrap !== undefined && pathVariable === process.env.PATH)
    return cachedBwrap ?? undefined;
  const found = findOnPath('bwrap', pathVariable);
  if (pathVariable === process.env.PATH) cachedBwrap = found ?? null;
  return found;
}

function findOnPath(program: string, pathVariable: string): string | undefined {
  for (const dir of pathVariable.split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, program), constants.X_OK);
      return join(dir, program);
    } catch {
      // not here
    }
  }
  return undefined;
}

function within(path: string, folder: string): boolean {
  return path === folder || path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}

/** A sandboxed run: what to spawn, as whom, and the seccomp program bwrap reads on fd 3. */
export interface SandboxedRun {
  command: string;
  argv: string[];
  env: Record<string, string>;
  uid?: number;
  gid?: number;
  /** Bytes for file descriptor 3 of bwrap (its `--seccomp 3`). */
  extraInput: Uint8Array;
}

/**
 * The command and argv that run `command argv` inside bubblewrap, with least privilege: an
 * unprivileged user (never root), only the system folders programs need read-only, the program
 * itself, the tool's working directory (read-only unless writable) and its configured folders,
 * a private writable /tmp, fresh /dev and /proc, every namespace unshared (network too unless
 * allowed), a new session, death with its parent, and no way to create links. Secret files
 * (`.env`, `arsenal.yaml`, ...) in a bound folder are masked.
 */
export function sandboxed(
  toolName: string,
  command: string,
  argv: readonly string[],
  options: SandboxOptions & { cwd?: string; env: Record<string, string> },
): SandboxedRun {
  const bwrap = options.bwrapPath ?? findBubblewrap();
  if (!bwrap) {
    throw new ConfigurationError(
      `Tool "${toolName}" asks for a sandbox, but bubblewrap (bwrap) is not installed here. Install it (Debian/Ubuntu: apt-get install bubblewrap) or set sandbox: false to run it unsandboxed on purpose.`,
    );
  }
  const user = sandboxUser(toolName, options.runAs);
  const wrapper: string[] = [];
  for (const folder of SYSTEM_FOLDERS) bindSystemPath(wrapper, folder);
  for (const file of SYSTEM_FILES) wrapper.push('--ro-bind-try', file, file);
  if (options.network) wrapper.push('--ro-bind-try', '/etc/resolv.conf', '/etc/resolv.conf');
  wrapper.push('--dev', '/dev', '--proc', '/proc', '--tmpfs', '/tmp');

  const writable = (options.writable ?? []).map((dir) => checkedFolder(toolName, 'writable', dir));
  const readable = (options.readable ?? []).map((dir) => checkedFolder(toolName, 'readable', dir));
  const cwd =
    options.cwd === undefined ? undefined : checkedFolder(toolName, 'cwd', resolve(options.cwd));
  const bound = [...SYSTEM_FOLDERS, ...writable, ...readable];
  const folders: [string, string][] = [];
  for (const dir of readable) folders.push(['--ro-bind', dir]);
  if (cwd && !bound.some((folder) => within(cwd, folder))) {
    folders.push(['--ro-bind', cwd]);
    bound.push(cwd);
  }
  for (const dir of writable) folders.push(['--bind', dir]);
  // Outer folders first, so a folder nested in another keeps its own access (read-only or not).
  folders.sort(([, a], [, b]) => a.length - b.length);
  for (const [how, dir] of folders) wrapper.push(how, dir, dir);
  for (const [, dir] of folders) maskSecrets(wrapper, dir);
  const program = programPath(command, options.env.PATH ?? '');
  if (program && !bound.some((folder) => within(program, folder))) {
    wrapper.push('--ro-bind', program, program);
  }

  wrapper.push('--unshare-all', ...(options.network ? ['--share-net'] : []));
  wrapper.push('--die-with-parent', '--new-session', '--clearenv', '--seccomp', '3');
  const env = { ...options.env };
  // The host's home is not in the sandbox; a HOME pointing there would only produce errors.
  if (env.HOME !== undefined && !bound.some((folder) => within(env.HOME as string, folder)))
    env.HOME = '/tmp';
  for (const [key, value] of Object.entries(env)) wrapper.push('--setenv', key, value);
  wrapper.push('--chdir', cwd ?? '/tmp');
  wrapper.push('--', command, ...argv);
  return {
    command: bwrap,
    argv: wrapper,
    // bwrap itself needs no environment: the program gets exactly the allowed one via --setenv.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    ...user,
    extraInput: linkRefusingFilter(),
  };
}

function sandboxUser(
  toolName: string,
  runAs: SandboxOptions['runAs'],
): { uid?: number; gid?: number } {
  if (runAs !== undefined) {
    const { uid, gid } = runAs;
    if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid <= 0 || gid <= 0) {
      throw new ConfigurationError(
        `Tool "${toolName}": sandbox.runAs must name an unprivileged user and group (positive integers), got ${JSON.stringify(runAs)}; a sandbox never runs as root.`,
      );
    }
    return { uid, gid };
  }
  // Root outside would be root inside: every root-only file (/etc/shadow) readable. Drop it.
  return process.getuid?.() === 0 ? { uid: NOBODY, gid: NOBODY } : {};
}

function checkedFolder(toolName: string, kind: string, dir: string): string {
  if (!isAbsolute(dir)) {
    throw new ConfigurationError(
      `Tool "${toolName}": sandbox ${kind} folder "${dir}" must be an absolute path.`,
    );
  }
  const path = resolve(dir);
  if (REFUSED_FOLDERS.has(path)) {
    throw new ConfigurationError(
      `Tool "${toolName}": the sandbox will not bind "${path}" (${kind}); it holds the host's secrets. Name the folder the tool needs instead.`,
    );
  }
  if (within(process.cwd(), path)) {
    throw new ConfigurationError(
      `Tool "${toolName}": the sandbox will not bind "${path}" (${kind}): it holds the server's working folder (${process.cwd()}), with its configuration and secrets. Give the tool a folder of its own instead.`,
    );
  }
  let names: string[] = [];
  try {
    names = readdirSync(path);
  } catch {
    // bwrap reports a folder it cannot bind, with its own words
  }
  const config = names.find((name) => CONFIG_FILE.test(name));
  if (config) {
    throw new ConfigurationError(
      `Tool "${toolName}": the sandbox will not bind "${path}" (${kind}): it holds ${config}, so it is the server's config folder, with its secrets. Give the tool a subfolder (for example ./project) instead.`,
    );
  }
  return path;
}

/** /bin, /lib... are symlinks into /usr on merged-/usr systems: recreate them as such. */
function bindSystemPath(wrapper: string[], path: string): void {
  let stat: ReturnType<typeof lstatSync>;
  try {
    stat = lstatSync(path);
  } catch {
    return;
  }
  if (stat.isSymbolicLink()) wrapper.push('--symlink', readlinkSync(path), path);
  else wrapper.push('--ro-bind', path, path);
}

function maskSecrets(wrapper: string[], dir: string): void {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return; // bwrap will report a folder it cannot bind
  }
  for (const name of names) {
    const path = join(dir, name);
    if (!SECRET_FILE.test(name)) continue;
    try {
      if (lstatSync(path).isDirectory()) wrapper.push('--tmpfs', path);
      else wrapper.push('--ro-bind', '/dev/null', path);
    } catch {
      // gone meanwhile
    }
  }
}

/** The program's file on the host: an absolute path, or found on the tool's PATH. */
function programPath(command: string, pathVariable: string): string | undefined {
  if (isAbsolute(command)) return existsSync(command) ? command : undefined;
  if (command.includes('/')) return undefined;
  return findOnPath(command, pathVariable);
}
