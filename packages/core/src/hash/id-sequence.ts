import { HEX_PAIRS, randomHex } from './random-id.js';

const BLOCK = 0x10000;

/**
 * Ids from a per-block prefix and a counter: `format` turns a fresh random hex prefix into the
 * text every id of the block starts with, the counter's 4 hex digits end it.
 */
function counterSequence(prefixHexLength: number, format: (hex: string) => string): () => string {
  let prefix = '';
  let counter = BLOCK;
  return () => {
    if (counter === BLOCK) {
      let hex: string;
      do hex = randomHex(prefixHexLength / 2);
      while (/^0+$/.test(hex));
      prefix = format(hex);
      counter = 0;
    }
    // The counter's 4 hex digits from two lookups: no number formatting or slicing per id (ids
    // are made three times per tool call).
    const value = counter++;
    return prefix + HEX_PAIRS[value >> 8]! + HEX_PAIRS[value & 0xff]!;
  };
}

/**
 * Unique ids at the cost of a counter: a random prefix drawn from the platform's crypto once
 * per 65,536 ids, followed by a 4-digit hex counter. Ids never repeat within a process and
 * cannot be guessed across processes or blocks; use randomUuid for ids that grant something
 * (confirmations), where every id must be unguessable on its own.
 */
export function createIdSequence(hexLength: number): () => string {
  if (!Number.isInteger(hexLength) || hexLength < 12 || hexLength % 2 !== 0) {
    throw new RangeError(
      `An id sequence needs an even hexLength of at least 12, got ${hexLength}.`,
    );
  }
  return counterSequence(hexLength - 4, (hex) => hex);
}

/**
 * Like createIdSequence, shaped as an RFC 4122 version-4 UUID (random bits in the prefix),
 * each id after `label` (`call_` gives `call_<uuid>`).
 */
export function createUuidSequence(label = ''): () => string {
  // The counter is the UUID's last 4 digits: the rest is formatted once per block.
  return counterSequence(28, (hex) => {
    const variant = ((Number.parseInt(hex[15]!, 16) & 0x3) | 0x8).toString(16);
    return `${label}${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(12, 15)}-${variant}${hex.slice(16, 19)}-${hex.slice(20, 28)}`;
  });
}
