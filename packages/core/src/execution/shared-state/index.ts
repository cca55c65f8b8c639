export type { SharedStateOptions } from './state-sync.js';
