// Fast 53-bit fingerprints: two 32-bit multiply-xor lanes, mixed at the end, exact as a
// JavaScript number. Not a cryptographic hash: they tell whether a value is the one seen
// before, as cheaply as possible, where a collision costs at most a skipped shortcut.

// The two lanes in a typed array: a 32-bit value kept in a module variable is boxed as a heap
// number whenever it leaves the small-integer range (half of them), a few allocations per value
// mixed.
const lanes = new Int32Array(2);

function start(seed: number): void {
  lanes[0] = 0x811c9dc5 ^ seed;
  lanes[1] = 0x6b43a9b5 ^ Math.imul(seed, 0x9e3779b1);
}

function mix(code: number): void {
  lanes[0] = Math.imul(lanes[0]! ^ code, 0x01000193);
  lanes[1] = Math.imul(lanes[1]! ^ code, 0x5bd1e995);
}

function mixText(text: string): void {
  // The lanes in locals for the loop: memory is slower to update per character.
  // Two UTF-16 code units per step (each below 2^16, so a pair is one 32-bit word).
  const length = text.length;
  let a = Math.imul(lanes[0]! ^ length, 0x01000193);
  let b = Math.imul(lanes[1]! ^ length, 0x5bd1e995);
  let i = 0;
  for (; i + 1 < length; i += 2) {
    const pair = text.charCodeAt(i) | (text.charCodeAt(i + 1) << 16);
    a = Math.imul(a ^ pair, 0x01000193);
    b = Math.imul(b ^ pair, 0x5bd1e995);
  }
  if (i < length) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
  }
  lanes[0] = a;
  lanes[1] = b;
}

function finish(): number {
  let a = lanes[0]!;
  let b = lanes[1]!;
  a = Math.imul(a ^ (a >>> 15), 0x2c1b3c6d) ^ Math.imul(b ^ (b >>> 13), 0x297a2d39);
  b = Math.imul(b ^ (b >>> 16), 0x85ebca6b) ^ Math.imul(a ^ (a >>> 13), 0xc2b2ae35);
  a ^= a >>> 16;
  // 32 bits of one lane above 21 of the other: every value is a safe integer.
  return (b >>> 0) * 0x200000 + (a >>> 11);
}

/**
 * The fingerprint of a text; a different `seed` (a 32-bit integer) gives unrelated ones.
 *
 * @example fingerprint53('get_weather') === fingerprint53('get_weather') // true
 */
export function fingerprint53(text: string, seed = 0): number {
  start(seed);
  mixText(text);
  return finish();
}

const numberView = new Float64Array(1);
const numberWords = new Int32Array(numberView.buffer);
// Type markers, outside the range of UTF-16 code units so that no text can stand for them.
const NULL = 0x10001;
const FALSE = 0x10002;
const TRUE = 0x10003;
const NUMBER = 0x10004;
const STRING = 0x10005;
const ARRAY = 0x10006;
const OBJECT = 0x10007;
const END = 0x10008;
const MAX_DEPTH = 64;
/** Values read at most: a value made of parts shared by reference is read as JSON writes it. */
const MAX_VALUES = 200_000;
let remaining = 0;

/**
 * The fingerprint of a JSON value as JSON.stringify would write it (members that are undefined
 * or functions skipped, toJSON applied, non-finite numbers as null), read in place: no text is
 * built. Undefined when JSON.stringify would fail, or the value is deeper than 64 levels or
 * holds more than 200,000 values (parts shared by reference counted each time they appear).
 */
export function jsonFingerprint53(value: unknown, seed = 0): number | undefined {
  start(seed);
  remaining = MAX_VALUES;
  // Checked once per value: someone may have given the shared prototypes a toJSON.
  plainToJSON = 'toJSON' in Object.prototype;
  plainEnumerable = false;
  for (const _ in Object.prototype) {
    plainEnumerable = true;
    break;
  }
  arrayToJSON = 'toJSON' in Array.prototype;
  try {
    return mixValue(value, 0) ? finish() : undefined;
  } catch {
    return undefined; // a toJSON or a getter that threw
  }
}

/**
 * Whether an object may answer `toJSON`: anything but a plain object or array, a plain one that
 * has its own, or any when the shared prototypes were given one. Looking a missing `toJSON` up
 * on every object of a description was most of the fingerprint's cost.
 */
function mayHaveToJSON(value: object): boolean {
  const prototype = Object.getPrototypeOf(value);
  if (prototype === Object.prototype) return plainToJSON || Object.hasOwn(value, 'toJSON');
  if (prototype === Array.prototype) return arrayToJSON || Object.hasOwn(value, 'toJSON');
  return true;
}

let plainToJSON = false;
let plainEnumerable = false;
let arrayToJSON = false;

function mixValue(input: unknown, depth: number): boolean {
  if (--remaining < 0) return false;
  let value = input;
  if (typeof value === 'object' && value !== null && mayHaveToJSON(value)) {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') value = toJSON.call(value);
  }
  switch (typeof value) {
    case 'string':
      mix(STRING);
      mixText(value);
      return true;
    case 'number':
      if (!Number.isFinite(value)) mix(NULL);
      else {
        mix(NUMBER);
        numberView[0] = value === 0 ? 0 : value;
        mix(numberWords[0]!);
        mix(numberWords[1]!);
      }
      return true;
    case 'boolean':
      mix(value ? TRUE : FALSE);
      return true;
    case 'object':
      break;
    case 'bigint':
      return false;
    default:
      // undefined, functions and symbols: written as null where JSON writes anything.
      mix(NULL);
      return true;
  }
  if (value === null) {
    mix(NULL);
    return true;
  }
  if (depth >= MAX_DEPTH) return false;
  if (Array.isArray(value)) {
    mix(ARRAY);
    for (let i = 0; i < value.length; i++) if (!mixValue(value[i], depth + 1)) return false;
    mix(END);
    return true;
  }
  mix(OBJECT);
  const record = value as Record<string, unknown>;
  // A plain object's for-in lists only its own keys unless the shared prototype was given
  // enumerable ones (checked once per fingerprint).
  const ownOnly = !plainEnumerable && Object.getPrototypeOf(record) === Object.prototype;
  for (const key in record) {
    if (!ownOnly && !Object.hasOwn(record, key)) continue;
    const member = record[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol')
      continue;
    mixText(key);
    if (!mixValue(member, depth + 1)) return false;
  }
  mix(END);
  return true;
}
