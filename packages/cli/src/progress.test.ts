import { describe, expect, it } from 'vitest';
import { createMemoryWriter } from './io.js';
import { createProgressReporter, PROGRESS_THRESHOLD } from './progress.js';

describe('createProgressReporter', () => {
  it('draws a bar on a terminal for large catalogs and clears it at the end', () => {
    const stderr = createMemoryWriter({ isTTY: true });
    const progress = createProgressReporter(stderr, 'Indexing', 1000);
    progress.update(500, 1000);
    progress.update(1000, 1000);
    progress.finish();
    expect(stderr.text).toContain(' 50% 500/1,000');
    expect(stderr.text).toContain('100% 1,000/1,000');
    expect(stderr.text.endsWith('\r\x1b[2K')).toBe(true);
  });

  it('stays silent when stderr is not a terminal', () => {
    const stderr = createMemoryWriter({ isTTY: false });
    const progress = createProgressReporter(stderr, 'Indexing', 10_000);
    progress.update(5000, 10_000);
    progress.finish();
    expect(stderr.text).toBe('');
  });

  it('stays silent for small catalogs', () => {
    const stderr = createMemoryWriter({ isTTY: true });
    const progress = createProgressReporter(stderr, 'Indexing', PROGRESS_THRESHOLD - 1);
    progress.update(1, PROGRESS_THRESHOLD - 1);
    progress.finish();
    expect(stderr.text).toBe('');
  });
});
