export { canonicalJson } from './canonical-json.js';
export { randomHex, randomUuid } from './random-id.js';
export { seededRandom } from './seeded-random.js';
export { sha256Hex } from './sha256.js';
