import { randomUUID } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';

/** The environment variable that marks every process a call started, detached ones included. */
export const CALL_MARKER_VARIABLE = 'ARSENAL_CALL_ID';

/**
 * The processes of one call. The program runs in a process group of its own, but a descendant can
 * leave the group (`setsid`, a daemon's double fork) and be reparented away from it. Every process
 * of the call inherits a marker variable, so on Linux the call's processes are found in `/proc` by
 * their environment wherever they went, by the call's output they hold open (a child that cleared
 * its environment and detached still writes to the call's stdout), and their remaining children
 * by parent id.
 */
export class CallProcesses {
  readonly marker = randomUUID();
  #leader: number | undefined;

  /** The variable to add to the program's environment. */
  get variable(): Record<string, string> {
    return { [CALL_MARKER_VARIABLE]: this.marker };
  }

  readonly #outputs = new Set<string>();

  started(pid: number | undefined): void {
    this.#leader = pid;
    if (pid === undefined) return;
    // The program's end of its stdout and stderr, as /proc names them (`socket:[123]`).
    for (const fd of [1, 2]) {
      try {
        this.#outputs.add(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        // not Linux, or already gone
      }
    }
  }

  /** Send `signal` to the group and to every process of the call found by marker or ancestry. */
  async signal(signal: NodeJS.Signals): Promise<void> {
    const leader = this.#leader;
    if (leader === undefined) return;
    try {
      process.kill(-leader, signal);
    } catch {
      // The group is already gone.
    }
    for (const pid of await this.#members(leader)) {
      try {
        process.kill(pid, signal);
      } catch {
        // Exited meanwhile.
      }
    }
  }

  async #members(leader: number): Promise<number[]> {
    let entries: string[];
    try {
      entries = (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry));
    } catch {
      return []; // No /proc (not Linux): the process group is all there is.
    }
    const needle = `${CALL_MARKER_VARIABLE}=${this.marker}`;
    const marked = new Set<number>([leader]);
    const parents = new Map<number, number>();
    await Promise.all(
      entries.map(async (entry) => {
        const pid = Number(entry);
        if (pid === process.pid) return;
        const [environ, stat] = await Promise.all([
          readFile(`/proc/${entry}/environ`, 'latin1').catch(() => ''),
          readFile(`/proc/${entry}/stat`, 'latin1').catch(() => ''),
        ]);
        if (environ.split('\0').includes(needle) || (await this.#holdsOutput(entry)))
          marked.add(pid);
        // The fields after the command name (which may hold spaces and parentheses).
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        if (Number.isInteger(ppid)) parents.set(pid, ppid);
      }),
    );
    // Children that dropped the marker (a cleared environment) still descend from marked ones.
    const members = new Set(marked);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, ppid] of parents) {
        if (!members.has(pid) && members.has(ppid)) {
          members.add(pid);
          grew = true;
        }
      }
    }
    members.delete(process.pid);
    return [...members];
  }

  async #holdsOutput(pid: string): Promise<boolean> {
    if (this.#outputs.size === 0) return false;
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (this.#outputs.has(target)) return true;
    }
    return false;
  }
}
