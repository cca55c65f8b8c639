import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { summarisePng } from './png-test-support.js';

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  // The decoder does not check CRCs; zeros keep the fixture short.
  return Buffer.concat([length, Buffer.from(type, 'latin1'), body, Buffer.alloc(4)]);
}

/** An RGB PNG whose scanlines use the given filter type (0 none, 1 sub, 2 up). */
function png(width: number, height: number, pixel: (x: number, y: number) => number[], filter = 0) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(filter);
    for (let x = 0; x < width; x++) {
      const current = pixel(x, y);
      const reference =
        filter === 1 && x > 0
          ? pixel(x - 1, y)
          : filter === 2 && y > 0
            ? pixel(x, y - 1)
            : [0, 0, 0];
      rows.push(...current.map((value, index) => (value - (reference[index] ?? 0)) & 0xff));
    }
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('the screenshot check', () => {
  it('sees a blank page as one colour with no ink', () => {
    const blank = summarisePng(png(8, 6, () => [255, 255, 255]));
    expect(blank).toEqual({ width: 8, height: 6, colours: 1, inkShare: 0 });
  });

  it('sees drawn pixels, whichever filter the encoder chose', () => {
    const drawn = (x: number, y: number) => (x < 4 && y < 2 ? [10, 20, 200] : [255, 255, 255]);
    for (const filter of [0, 1, 2]) {
      const summary = summarisePng(png(8, 8, drawn, filter));
      expect(summary.colours, `filter ${filter}`).toBe(2);
      expect(summary.inkShare, `filter ${filter}`).toBeCloseTo(2 / 16);
    }
  });

  it('refuses what is not a PNG', () => {
    expect(() => summarisePng(Buffer.from('GIF89a'))).toThrow(/not a PNG/);
  });
});
