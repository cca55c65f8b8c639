export { canonicalJson } from './canonical-json.js';
export { sha256Hex } from './sha256.js';
