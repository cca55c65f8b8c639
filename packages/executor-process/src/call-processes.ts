import { randomUUID } from 'node:crypto';
import { closeSync, openSync, readdirSync, readFileSync, readlinkSync, readSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { setTimeout as sleep, setImmediate as yieldToEventLoop } from 'node:timers/promises';

/** The environment variable that marks every process a call started, detached ones included. */
export const CALL_MARKER_VARIABLE = 'ARSENAL_CALL_ID';

/** How often `kill` looks whether the processes it killed are gone. */
const DEATH_POLL_MS = 5;

/** Processes whose files are read between two turns of the event loop. */
const SLICE = 256;

/**
 * The processes of one call. The program runs in a process group of its own, but a descendant can
 * leave the group (`setsid`, a daemon's double fork) and be reparented away from it. Every process
 * of the call inherits a marker variable, so on Linux the call's processes are found in `/proc` by
 * their environment wherever they went, by the call's output they hold open (a child that cleared
 * its environment and detached still writes to the call's stdout), and their remaining children
 * by parent id.
 *
 * The lookup reads only `/proc/<pid>/stat` of every process on the machine: a process of the call
 * was forked after the program, so processes that started before it are left out, and only the
 * few left have their environment and open files read. (End of file on the output does not prove
 * that no process holds it: a socket's writer can shut its side down and keep it open.)
 */
export class CallProcesses {
  readonly marker = randomUUID();
  #leader: number | undefined;
  /** When the program started, in clock ticks since boot (field 22 of `/proc/<pid>/stat`). */
  #leaderStart: number | undefined;
  /** The program's end of its stdout and stderr, as /proc names them (`pipe:[123]`). */
  readonly #outputs = new Set<string>();

  /** The variable to add to the program's environment. */
  get variable(): Record<string, string> {
    return { [CALL_MARKER_VARIABLE]: this.marker };
  }

  started(pid: number | undefined): void {
    this.#leader = pid;
    if (pid === undefined) return;
    // Read before the program can be reaped: the event loop has not run since it was spawned.
    try {
      this.#leaderStart = statOf(readFileSync(`/proc/${pid}/stat`, 'latin1'))?.startTime;
    } catch {
      // not Linux: the process group is all there is
    }
    for (const fd of [1, 2]) {
      try {
        this.#outputs.add(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        // not Linux, or already gone
      }
    }
  }

  /**
   * Send `signal` to the group and to every process of the call found by marker or ancestry;
   * returns the processes it was sent to.
   */
  async signal(signal: NodeJS.Signals): Promise<number[]> {
    const leader = this.#leader;
    if (leader === undefined) return [];
    try {
      process.kill(-leader, signal);
    } catch {
      // The group is already gone.
    }
    const signalled: number[] = [];
    for (const pid of await this.#members(leader)) {
      try {
        process.kill(pid, signal);
        signalled.push(pid);
      } catch {
        // Exited meanwhile.
      }
    }
    return signalled;
  }

  /**
   * SIGKILL every process of the call, then wait until they have died, for at most `withinMs`: a
   * killed process goes on running until the kernel next schedules it, which on a busy machine is
   * not at once, and a call that returns leaves nothing of its own running.
   */
  async kill(withinMs: number): Promise<void> {
    let left = await this.signal('SIGKILL');
    const deadline = Date.now() + withinMs;
    const buffer = Buffer.alloc(1024);
    while (left.length > 0) {
      left = left.filter((pid) => isRunning(pid, buffer));
      if (left.length === 0 || Date.now() >= deadline) return;
      await sleep(DEATH_POLL_MS);
    }
  }

  async #members(leader: number): Promise<number[]> {
    let entries: string[];
    try {
      entries = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
    } catch {
      return []; // No /proc (not Linux): the process group is all there is.
    }
    const started = this.#leaderStart;
    const needle = Buffer.from(`\0${CALL_MARKER_VARIABLE}=${this.marker}\0`, 'latin1');
    const marked = new Set<number>([leader]);
    const children = new Map<number, number[]>();
    const buffer = Buffer.alloc(1024);
    for (let from = 0; from < entries.length; from += SLICE) {
      if (from > 0) await yieldToEventLoop();
      for (const entry of entries.slice(from, from + SLICE)) {
        const pid = Number(entry);
        if (pid === process.pid) continue;
        const stat = statOf(readSmall(`/proc/${entry}/stat`, buffer));
        // Gone, or older than the program: not one of its descendants.
        if (!stat || (started !== undefined && stat.startTime < started)) continue;
        const siblings = children.get(stat.parent);
        if (siblings) siblings.push(pid);
        else children.set(stat.parent, [pid]);
        if (pid === leader || hasMarker(entry, needle) || this.#holdsOutput(entry)) marked.add(pid);
      }
    }
    // Children that dropped the marker (a cleared environment) still descend from marked ones.
    const members = new Set<number>();
    const pending = [...marked];
    for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
      if (members.has(pid)) continue;
      members.add(pid);
      pending.push(...(children.get(pid) ?? []));
    }
    members.delete(process.pid);
    return [...members];
  }

  #holdsOutput(pid: string): boolean {
    if (this.#outputs.size === 0) return false;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      return false; // gone, or another user's
    }
    for (const fd of fds) {
      try {
        if (this.#outputs.has(readlinkSync(`/proc/${pid}/fd/${fd}`))) return true;
      } catch {
        // closed meanwhile
      }
    }
    return false;
  }
}

/** The fields of `/proc/<pid>/stat` the lookup needs; undefined when the text is not one. */
export function statOf(text: string): { parent: number; startTime: number } | undefined {
  // The fields after the command name (which may hold spaces and parentheses), from field 3 on.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const parent = Number(fields[1]);
  const startTime = Number(fields[19]);
  if (!text.includes(')') || !Number.isInteger(parent) || !Number.isInteger(startTime))
    return undefined;
  return { parent, startTime };
}

/**
 * Whether a process still runs: false once it is gone or a zombie (dead, waiting for its parent to
 * collect it), and false where there is no /proc to tell.
 */
export function isRunning(pid: number, buffer: Buffer): boolean {
  const text = readSmall(`/proc/${pid}/stat`, buffer);
  if (!text.includes(')')) return false;
  const state = text.charAt(text.lastIndexOf(')') + 2);
  return state !== 'Z' && state !== 'X' && state !== 'x';
}

/** A small /proc file read into `buffer` (one read, no allocation but the string); '' if gone. */
function readSmall(path: string, buffer: Buffer): string {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    return buffer.toString('latin1', 0, readSync(fd, buffer, 0, buffer.length, 0));
  } catch {
    return '';
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** Whether the process's environment holds `needle` (`\0NAME=value\0`) as a whole entry. */
function hasMarker(pid: string, needle: Buffer): boolean {
  let environ: Buffer;
  try {
    environ = readFileSync(`/proc/${pid}/environ`);
  } catch {
    return false; // gone, or another user's
  }
  // The first entry has no NUL before it, and the last may have none after it.
  const entry = needle.subarray(1, -1);
  const first = environ.subarray(0, entry.length + 1);
  const last = environ.subarray(-entry.length - 1);
  return (
    environ.includes(needle) ||
    first.equals(needle.subarray(1)) ||
    last.equals(needle.subarray(0, -1)) ||
    environ.equals(entry)
  );
}
