import type { Writer } from './io.js';

/** Catalogs smaller than this index too fast for a progress bar to help. */
export const PROGRESS_THRESHOLD = 500;
const BAR_WIDTH = 28;

export interface ProgressReporter {
  update(done: number, total: number): void;
  /** Clear the bar so what follows starts on a clean line. */
  finish(): void;
}

const SILENT: ProgressReporter = { update() {}, finish() {} };

/**
 * A progress bar redrawn in place on `stderr`. Only drawn on a terminal and for large
 * catalogs: piped or logged output stays free of control characters.
 */
export function createProgressReporter(
  stderr: Writer,
  label: string,
  total: number,
): ProgressReporter {
  if (!stderr.isTTY || total < PROGRESS_THRESHOLD) return SILENT;
  let lastPercent = -1;
  let drawn = false;
  return {
    update(done, currentTotal) {
      const safeTotal = Math.max(1, currentTotal);
      const percent = Math.min(100, Math.floor((done / safeTotal) * 100));
      if (percent === lastPercent) return;
      lastPercent = percent;
      const filled = Math.round((percent / 100) * BAR_WIDTH);
      const bar = `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
      const counts = `${done.toLocaleString('en-US')}/${currentTotal.toLocaleString('en-US')}`;
      stderr.write(`\r\x1b[2K${label} ${bar} ${String(percent).padStart(3)}% ${counts}`);
      drawn = true;
    },
    finish() {
      if (drawn) stderr.write('\r\x1b[2K');
    },
  };
}
