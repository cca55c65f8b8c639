import { fileURLToPath } from 'node:url';
import { loadAdapter, parseConfig } from '@arsenal/config';
import type { VectorStore } from '@arsenal/core';
import { planarVector } from '@arsenal/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as entry from './index.js';
import { type QdrantFake, startQdrantFake } from './qdrant-fake-test-support.js';

let fake: QdrantFake;
beforeAll(async () => {
  fake = await startQdrantFake();
});
afterAll(async () => {
  await fake?.close();
});

describe('arsenal.yaml: vectorStore: { use: "@arsenal/store-qdrant" }', () => {
  it('the package default export is the factory the config loader calls', () => {
    expect(entry.default).toBe(entry.createQdrantVectorStore);
  });

  it('loads the store by package name with the options from the file', async () => {
    const packageDir = fileURLToPath(new URL('..', import.meta.url));
    const config = parseConfig(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: arsenal.yaml substitutes ${VAR}
      'vectorStore:\n  use: "@arsenal/store-qdrant"\n  options:\n    url: ${QDRANT_TEST_URL}\n    collection: from_yaml\n',
      { baseDir: packageDir, env: { QDRANT_TEST_URL: fake.url } },
    );
    const store = await loadAdapter<VectorStore>(config.vectorStore!, packageDir, 'vectorStore');
    await store.upsert([{ id: 'send_email', vector: planarVector(8, 0) }]);
    expect(await store.count()).toBe(1);
    expect(fake.requests).toContain('PUT /collections/{name}');
  });

  it('a bad option in the file is a configuration error naming the key', async () => {
    const packageDir = fileURLToPath(new URL('..', import.meta.url));
    const config = parseConfig(
      'vectorStore:\n  use: "@arsenal/store-qdrant"\n  options: { collection: "a/b" }\n',
      { baseDir: packageDir, env: {} },
    );
    await expect(loadAdapter(config.vectorStore!, packageDir, 'vectorStore')).rejects.toThrow(
      /vectorStore: the factory of "@arsenal\/store-qdrant" refused its options/,
    );
  });
});
