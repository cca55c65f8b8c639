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

/**
 * Run one program in a process group of its own and wait for it. On timeout, cancel or too much
 * output the call's processes get SIGTERM, then SIGKILL after the grace period; when the program
 * exits they get SIGKILL. The call's processes are its group plus, on Linux, every process that
 * carries the call's marker or descends from one, so children that left the group (`setsid`, a
 * daemon) do not outlive the call either. Output still held open by a process that escaped even
 * that is abandoned after the grace period: the call returns at its own timeout, never later.
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
      later(run.killGraceMs, () => {
        void processes.signal('SIGKILL');
        if (exited) abandonOutput();
      });
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
      // The leader is gone; processes it left behind may not be. A tool call owns its
      // processes: sweep them so nothing outlives the call, then stop waiting for output that a
      // process beyond reach may hold open.
      void processes.signal('SIGKILL').then(() => later(run.killGraceMs, abandonOutput));
    });
    child.once('close', (exitCode, exitSignal) => {
      clearTimeout(timer);
      for (const pending of timers) clearTimeout(pending);
      run.signal?.removeEventListener('abort', onAbort);
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
