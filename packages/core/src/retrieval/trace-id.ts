import { randomHex } from '../hash/random-id.js';

/** A random 32-hex-digit id (the W3C trace-id shape). */
export function newTraceId(): string {
  return randomHex(16);
}
