export type { OllamaEmbedderOptions } from './ollama-embedder.js';
export { createOllamaEmbedder, OllamaEmbedder } from './ollama-embedder.js';
