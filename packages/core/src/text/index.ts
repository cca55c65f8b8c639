export { lexiconTerms } from './lexicon.js';
export { stem } from './stemmer.js';
export { STOP_WORDS } from './stop-words.js';
export type { AnalyzeOptions } from './tokenize.js';
export { analyze, splitIdentifier } from './tokenize.js';
