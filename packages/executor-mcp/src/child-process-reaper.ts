/**
 * Kills tracked child processes when the parent exits, so a server spawned over stdio never
 * outlives the program that started it. The `exit` listener is installed while at least one
 * child is tracked and removed when the last one is released.
 */
const trackedPids = new Set<number>();

function killTrackedChildren(): void {
  for (const pid of trackedPids) {
    try {
      // Only synchronous work is possible in an `exit` handler: a signal is all we can send.
      process.kill(pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  trackedPids.clear();
}

/** Track a child; the returned function stops tracking it (call it once the child is closed). */
export function trackChildProcess(pid: number): () => void {
  if (trackedPids.size === 0) process.on('exit', killTrackedChildren);
  trackedPids.add(pid);
  return () => {
    trackedPids.delete(pid);
    if (trackedPids.size === 0) process.off('exit', killTrackedChildren);
  };
}

/** The pids tracked right now (diagnostics and tests). */
export function trackedChildProcesses(): number[] {
  return [...trackedPids];
}

/** The `exit` listener itself, exposed so tests can check it is installed and that it kills. */
export const exitListener: () => void = killTrackedChildren;
