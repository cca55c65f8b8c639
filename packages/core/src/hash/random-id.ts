/** The two lowercase hex digits of each byte value, so hex is built by lookup, not formatting. */
export const HEX_PAIRS: readonly string[] = Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, '0'),
);

type RandomSource = {
  getRandomValues?: (array: Uint8Array) => Uint8Array;
  randomUUID?: () => string;
};

/**
 * Fill `bytes` from the platform's crypto, or from Math.random on a runtime without it (not fit
 * for secrets). getRandomValues takes at most 65,536 bytes per call.
 */
export function randomBytesInto(bytes: Uint8Array): Uint8Array {
  const source = (globalThis as { crypto?: RandomSource }).crypto;
  if (source?.getRandomValues) {
    for (let start = 0; start < bytes.length; start += 65_536) {
      source.getRandomValues(bytes.subarray(start, start + 65_536));
    }
  } else {
    for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  }
  return bytes;
}

/**
 * `byteCount` random bytes as lowercase hex, from the platform's crypto (present in Node, Deno,
 * Bun and every browser context, secure or not). Only a runtime without it falls back to
 * Math.random, which is not fit for secrets.
 */
export function randomHex(byteCount: number): string {
  const bytes = randomBytesInto(new Uint8Array(byteCount));
  let hex = '';
  for (const byte of bytes) hex += HEX_PAIRS[byte]!;
  return hex;
}

/** A random RFC 4122 version-4 UUID. */
export function randomUuid(): string {
  // The platform's randomUUID draws from a pooled entropy buffer: every tool call takes a few
  // ids, and one getRandomValues call per id costs more than the rest of the id.
  const source = (globalThis as { crypto?: RandomSource }).crypto;
  if (source?.randomUUID) return source.randomUUID();
  const hex = randomHex(16);
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
}
