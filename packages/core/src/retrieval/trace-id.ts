import { HEX_PAIRS, randomBytesInto } from '../hash/random-id.js';

/** Random bytes drawn 4 KiB at a time: one getRandomValues call per 256 trace ids, not per id. */
const pool = new Uint8Array(4096);
let next = pool.length;

/** The character codes of each byte's two hex digits: byte b at 2b and 2b + 1. */
const HEX_CODES = new Uint8Array(512);
for (let byte = 0; byte < 256; byte++) {
  HEX_CODES[2 * byte] = HEX_PAIRS[byte]!.charCodeAt(0);
  HEX_CODES[2 * byte + 1] = HEX_PAIRS[byte]!.charCodeAt(1);
}
/** The 32 character codes of the id being made, reused from id to id. */
const codes: number[] = new Array<number>(32).fill(48);

/**
 * A random 32-hex-digit id (the W3C trace-id shape): every digit random, never all zeros, so
 * samplers that read the id's randomness see 128 random bits.
 *
 * The id is made in one piece from its character codes, not by appending 16 pairs: appending
 * makes a chain of 16 string pieces that every later reader (the exporters check and hash every
 * event's trace id) walks or flattens first, and that the garbage collector traces while the
 * id is kept (the outcome memory keeps recent ones).
 */
export function newTraceId(): string {
  for (;;) {
    if (next + 16 > pool.length) {
      randomBytesInto(pool);
      next = 0;
    }
    let any = 0;
    for (let i = 0; i < 16; i++) {
      const byte = pool[next + i]!;
      any |= byte;
      codes[2 * i] = HEX_CODES[2 * byte]!;
      codes[2 * i + 1] = HEX_CODES[2 * byte + 1]!;
    }
    next += 16;
    if (any !== 0) return String.fromCharCode.apply(null, codes);
  }
}
