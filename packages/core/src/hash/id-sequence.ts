import { randomHex } from './random-id.js';

const BLOCK = 0x10000;

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
  let prefix = '';
  let counter = BLOCK;
  return () => {
    if (counter === BLOCK) {
      do prefix = randomHex((hexLength - 4) / 2);
      while (/^0+$/.test(prefix));
      counter = 0;
    }
    return prefix + (BLOCK + counter++).toString(16).slice(1);
  };
}

/** Like createIdSequence, shaped as an RFC 4122 version-4 UUID (random bits in the prefix). */
export function createUuidSequence(): () => string {
  const next = createIdSequence(32);
  return () => {
    const hex = next();
    const variant = ((Number.parseInt(hex[15]!, 16) & 0x3) | 0x8).toString(16);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(12, 15)}-${variant}${hex.slice(16, 19)}-${hex.slice(20)}`;
  };
}
