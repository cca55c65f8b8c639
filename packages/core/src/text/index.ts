export { STOP_WORDS } from './stop-words.js';
export { stem } from './stemmer.js';
export { analyze, splitIdentifier } from './tokenize.js';
export type { AnalyzeOptions } from './tokenize.js';
