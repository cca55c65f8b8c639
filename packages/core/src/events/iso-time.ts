let lastMs = Number.NaN;
let lastText = '';

/**
 * `new Date(ms).toISOString()`, remembered for the last millisecond asked: a call's queued,
 * started and completed times and its events mostly fall in the same millisecond.
 */
export function isoTime(ms: number): string {
  if (ms !== lastMs) {
    lastText = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastText;
}
