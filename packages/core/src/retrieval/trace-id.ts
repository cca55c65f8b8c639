import { HEX_PAIRS, randomBytesInto } from '../hash/random-id.js';

/** Random bytes drawn 4 KiB at a time: one getRandomValues call per 256 trace ids, not per id. */
const pool = new Uint8Array(4096);
let next = pool.length;

/**
 * A random 32-hex-digit id (the W3C trace-id shape): every digit random, never all zeros, so
 * samplers that read the id's randomness see 128 random bits.
 */
export function newTraceId(): string {
  for (;;) {
    if (next + 16 > pool.length) {
      randomBytesInto(pool);
      next = 0;
    }
    let hex = '';
    let any = 0;
    for (let i = next; i < next + 16; i++) {
      const byte = pool[i]!;
      any |= byte;
      hex += HEX_PAIRS[byte]!;
    }
    next += 16;
    if (any !== 0) return hex;
  }
}
