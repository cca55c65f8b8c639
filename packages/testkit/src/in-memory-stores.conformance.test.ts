import { createInMemoryHistoryStore, createInMemoryStateStore } from '@arsenal/core';
import { describeHistoryStoreConformance } from './history-store-conformance.js';
import { describeStateStoreConformance } from './state-store-conformance.js';

describeStateStoreConformance({
  name: 'InMemoryStateStore',
  create: () => createInMemoryStateStore(),
});
describeHistoryStoreConformance({
  name: 'InMemoryHistoryStore',
  create: () => createInMemoryHistoryStore(),
});
