import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';
import { ConfigurationError } from '@arsenal/core';

export interface SandboxOptions {
  /** Let the program reach the network. Default false. */
  network?: boolean;
  /** Host folders the program may write to (bound read-write at the same path). */
  writable?: readonly string[];
  /** Path of the `bwrap` binary; default found on PATH. */
  bwrapPath?: string;
}

let cachedBwrap: string | null | undefined;

/** Where `bwrap` is, or undefined when bubblewrap is not installed. */
export function findBubblewrap(pathVariable = process.env.PATH ?? ''): string | undefined {
  if (cachedBwrap !== undefined && pathVariable === process.env.PATH)
    return cachedBwrap ?? undefined;
  let found: string | undefined;
  for (const dir of pathVariable.split(delimiter)) {
    if (!dir) continue;
    try {
      accessSync(join(dir, 'bwrap'), constants.X_OK);
      found = join(dir, 'bwrap');
      break;
    } catch {
      // not here
    }
  }
  if (pathVariable === process.env.PATH) cachedBwrap = found ?? null;
  return found;
}

/**
 * The command and argv that run `command argv` inside bubblewrap: the host root read-only, a
 * private writable /tmp, fresh /dev and /proc, every namespace unshared (network too unless
 * allowed), a new session (no terminal injection), and death with its parent.
 */
export function sandboxed(
  toolName: string,
  command: string,
  argv: readonly string[],
  options: SandboxOptions & { cwd?: string; env: Record<string, string> },
): { command: string; argv: string[]; env: Record<string, string> } {
  const bwrap = options.bwrapPath ?? findBubblewrap();
  if (!bwrap) {
    throw new ConfigurationError(
      `Tool "${toolName}" asks for a sandbox, but bubblewrap (bwrap) is not installed here. Install it (Debian/Ubuntu: apt-get install bubblewrap) or set sandbox: false to run it unsandboxed on purpose.`,
    );
  }
  const wrapper = [
    '--ro-bind',
    '/',
    '/',
    '--dev',
    '/dev',
    '--proc',
    '/proc',
    '--tmpfs',
    '/tmp',
    '--unshare-all',
    ...(options.network ? ['--share-net'] : []),
    '--die-with-parent',
    '--new-session',
    '--clearenv',
  ];
  for (const dir of options.writable ?? []) wrapper.push('--bind', dir, dir);
  for (const [key, value] of Object.entries(options.env)) wrapper.push('--setenv', key, value);
  if (options.cwd) wrapper.push('--chdir', options.cwd);
  wrapper.push('--', command, ...argv);
  // bwrap itself needs no environment: the program gets exactly the allowed one via --setenv.
  return { command: bwrap, argv: wrapper, env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } };
}
