import { describe, expect, it } from 'vitest';
import { StderrRingBuffer } from './stderr-ring-buffer.js';

describe('StderrRingBuffer', () => {
  it('splits chunks into lines across chunk boundaries and forwards each line', () => {
    const seen: string[] = [];
    const buffer = new StderrRingBuffer(10, (line) => seen.push(line));
    buffer.write('first li');
    buffer.write('ne\r\nsecond line\nthi');
    expect(buffer.lines()).toEqual(['first line', 'second line']);
    buffer.flush();
    expect(buffer.lines()).toEqual(['first line', 'second line', 'thi']);
    expect(seen).toEqual(['first line', 'second line', 'thi']);
  });

  it('keeps only the last lines', () => {
    const buffer = new StderrRingBuffer(3);
    buffer.write('1\n2\n3\n4\n5\n');
    expect(buffer.lines()).toEqual(['3', '4', '5']);
  });

  it('bounds a line that never ends', () => {
    const buffer = new StderrRingBuffer(3);
    buffer.write('x'.repeat(10_000));
    expect(buffer.lines()).toHaveLength(1);
    expect(buffer.lines()[0]!.length).toBeLessThanOrEqual(4_001);
  });

  it('ignores a throwing listener', () => {
    const buffer = new StderrRingBuffer(3, () => {
      throw new Error('boom');
    });
    buffer.write('fine\n');
    expect(buffer.lines()).toEqual(['fine']);
  });
});
