import { spawn } from 'node:child_process';

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
 * output the whole group gets SIGTERM, then SIGKILL after the grace period, so children it
 * forked (and their children) do not outlive the call.
 */
export function runProcess(run: ProcessRun): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    let stopped: ProcessOutcome['stopped'];
    let killTimer: NodeJS.Timeout | undefined;
    const stdout = new CappedBuffer(run.maxOutputBytes);
    const stderr = new CappedBuffer(run.maxOutputBytes);
    const child = spawn(run.command, [...run.argv], {
      cwd: run.cwd,
      env: run.env,
      detached: true,
      shell: false,
      stdio: ['pipe', 'pipe', 'pipe'],
      windowsHide: true,
    });
    const killGroup = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group is already gone.
      }
    };
    const stop = (why: NonNullable<ProcessOutcome['stopped']>) => {
      if (stopped) return;
      stopped = why;
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), run.killGraceMs);
      killTimer.unref();
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

    let spawnError: NodeJS.ErrnoException | undefined;
    child.once('error', (error: NodeJS.ErrnoException) => {
      spawnError = error;
    });
    child.once('close', (exitCode, exitSignal) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      // The leader is gone; children it left in the group may not be. A tool call owns its
      // processes: sweep the group so nothing outlives the call.
      killGroup('SIGKILL');
      if (killTimer) clearTimeout(killTimer);
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
