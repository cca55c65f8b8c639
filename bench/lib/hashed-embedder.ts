// The deterministic embedder lives in the testkit, shared with the stores' tests.
export { createHashedEmbedder, hashedVector } from '@arsenal/testkit';
