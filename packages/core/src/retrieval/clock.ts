/** Milliseconds from a monotonic clock where the platform has one. */
export function now(): number {
  return globalThis.performance?.now() ?? Date.now();
}
