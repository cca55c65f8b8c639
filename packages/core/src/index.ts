export * from './errors/index.js';
export * from './events/index.js';
export * from './hash/index.js';
export * from './ports/index.js';
export * from './schema/index.js';
export * from './tool/index.js';
export * from './retrieval/index.js';
