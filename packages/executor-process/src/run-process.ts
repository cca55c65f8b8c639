import { spawn } from 'node:child_process';
import { CallProcesses } from './call-processes.js';

export interface ProcessRun {
  command: string;
  argv: readonly string[];
  cwd?: string;
  env: Record<string, string>;
  stdin?: string;
  timeoutMs: number;
  /** Time between SIGTERM and SIGKILL of the process group. */
  killGraceMs: number;
  /** Bytes kept of stdout and of stderr each; more ends the run. */
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** Bytes the program can read on file descriptor 3 (the sandbox's seccomp program). */
  extraInput?: Uint8Array;
  /** Run as this user and group (a sandbox drops root this way). */
  uid?: number;
  gid?: number;
}

export interface ProcessOutcome {
  exitCode: number | null;
  /** The signal that ended the process, if any. */
  exitSignal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Why Arsenal ended the run early, if it did. */
  stopped?: 'timeout' | 'cancelled' | 'output_limit';
  /** The program could not be started at all (ENOENT, EACCES). */
  spawnError?: NodeJS.ErrnoException;
}

/** How long the end of a call waits for the processes it killed to die (a busy machine is slow). */
const LEFTOVER_DEATH_MS = 2_000;
/**
 * Run one program in a process group of its own and wait for it. On timeout, cancel or too much
 * output the call's processes get SIGTERM, then SIGKILL after the grace period; when the program
 * exits, those still holding its output get the grace period, then SIGKILL; when the call ends,
 * every one left gets SIGKILL. The call's processes are its group plus, on Linux, every process
 * that carries the call's marker, holds its output or descends from one, so children that left
 * the group (`setsid`, a daemon) do not outlive the call either. Output still held open by a
 * process that escaped even that is abandoned after the grace period: the call returns at its
 * own timeout (plus the grace periods), never at the engine's.
 */
export function runProcess(run: ProcessRun): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    let stopped: ProcessOutcome['stopped'];
    let exited = false;
    const timers: NodeJS.Timeout[] = [];
    const later = (ms: number, action: () => void) => {
      const timer = setTimeout(action, ms);
      timer.unref();
      timers.push(timer);
    };
    const stdout = new CappedBuffer(run.maxOutputBytes);
    const stderr = new CappedBuffer(run.maxOutputBytes);
    const processes = new CallProcesses();
    const child = spawn(run.command, [...run.argv], {
      cwd: run.cwd,
      env: { ...run.env, ...processes.variable },
      detached: true,
      shell: false,
      stdio: run.extraInput ? ['pipe', 'pipe', 'pipe', 'pipe'] : ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
      ...(run.uid !== undefined ? { uid: run.uid } : {}),
      ...(run.gid !== undefined ? { gid: run.gid } : {}),
    });
    processes.started(child.pid);
    const abandonOutput = () => {
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const stop = (why: NonNullable<ProcessOutcome['stopped']>) => {
      // A program that finished is not timed out by a straggler holding its output open.
      if (stopped || (exited && why === 'timeout')) return;
      stopped = why;
      void processes.signal('SIGTERM');
      later(run.killGraceMs, () => void processes.signal('SIGKILL'));
    };
    const timer = setTimeout(() => stop('timeout'), run.timeoutMs);
    const onAbort = () => stop('cancelled');
    if (run.signal?.aborted) onAbort();
    else run.signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.on('data', (chunk: Buffer) => {
      if (!stdout.add(chunk)) stop('output_limit');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (!stderr.add(chunk)) stop('output_limit');
    });
    // A program that exits without reading its stdin makes our write fail with EPIPE: harmless.
    child.stdin.on('error', () => {});
    child.stdin.end(run.stdin ?? '');
    const extra = child.stdio[3];
    if (run.extraInput && extra && 'end' in extra) {
      extra.on('error', () => {});
      extra.end(run.extraInput);
    }

    let spawnError: NodeJS.ErrnoException | undefined;
    child.once('error', (error: NodeJS.ErrnoException) => {
      spawnError = error;
    });
    child.once('exit', () => {
      exited = true;
      // The program is done; processes it left holding its output may not be. Those still
      // writing get the grace period to finish (none when the call was stopped), then a tool call
      // owns its processes: they are killed, and output a process beyond reach holds open is
      // abandoned, so the call never waits on it.
      const settle = () =>
        void processes.signal('SIGKILL').then(() => later(run.killGraceMs, abandonOutput));
      if (stopped) settle();
      else later(run.killGraceMs, settle);
    });
    child.once('close', async (exitCode, exitSignal) => {
      clearTimeout(timer);
      for (const pending of timers) clearTimeout(pending);
      run.signal?.removeEventListener('abort', onAbort);
      // Nothing the call started outlives it, including detached processes that let go of its
      // output (`setsid daemon >/dev/null &`).
      await processes.kill(LEFTOVER_DEATH_MS);
      resolve({
        exitCode,
        exitSignal,
        stdout: stdout.text(),
        stderr: stderr.text(),
        ...(stopped ? { stopped } : {}),
        ...(spawnError ? { spawnError } : {}),
      });
    });
  });
}

/** Keeps at most `limit` bytes; `add` says whether the chunk fitted. */
class CappedBuffer {
  readonly #chunks: Buffer[] = [];
  #size = 0;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): boolean {
    const room = this.limit - this.#size;
    if (room <= 0) return chunk.length === 0;
    this.#chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    this.#size += Math.min(chunk.length, room);
    return chunk.length <= room;
  }

  text(): string {
    return Buffer.concat(this.#chunks).toString('utf8');
  }
}
