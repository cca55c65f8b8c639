import { createInMemoryVectorStore } from '@arsenal/core';
import { describeVectorStoreConformance } from './vector-store-conformance.js';

// Core's reference store runs the suite here: core cannot depend on testkit without a cycle.
describeVectorStoreConformance({
  name: 'InMemoryVectorStore',
  create: () => createInMemoryVectorStore(),
});

describeVectorStoreConformance({
  name: 'InMemoryVectorStore with configured dimensions',
  create: () => createInMemoryVectorStore({ dimensions: 384, initialCapacity: 2 }),
});
