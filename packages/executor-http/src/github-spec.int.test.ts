import { createRequire } from 'node:module';
import { createArsenal } from '@arsenal/core';
import { describe, expect, it } from 'vitest';
import { createOpenApiToolSource } from './openapi-tool-source.js';

const require = createRequire(import.meta.url);
const specPath = require.resolve('@octokit/openapi/generated/api.github.com.json');

describe("GitHub's REST description (@octokit/openapi)", () => {
  it('imports every operation as a valid tool, with no errors', async () => {
    const skipped: string[] = [];
    const source = createOpenApiToolSource({
      name: 'github',
      spec: specPath,
      onSkippedOperation: (operation) =>
        skipped.push(`${operation.method} ${operation.path}: ${operation.reason}`),
    });
    const tools = await source.load();
    expect(skipped).toEqual([]);
    expect(tools.length).toBeGreaterThan(900);
    const names = new Set(tools.map((tool) => tool.name));
    expect(names.size).toBe(tools.length);
    expect(tools.every((tool) => tool.name.length <= 64)).toBe(true);
    const getRepo = tools.find((tool) => tool.metadata.operationId === 'repos/get');
    expect(getRepo?.name).toBe('repos_get');
    expect(getRepo?.parametersSchema.required).toEqual(['owner', 'repo']);
    expect(getRepo?.annotations?.readOnlyHint).toBe(true);
    const createIssue = tools.find((tool) => tool.metadata.operationId === 'issues/create');
    expect(Object.keys(createIssue?.parametersSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['owner', 'repo', 'title', 'body', 'labels']),
    );
    expect(tools.some((tool) => tool.deprecated)).toBe(true);
    expect(tools.every((tool) => tool.tags.length > 0)).toBe(true);
  });

  it('registers into an Arsenal without failures and is retrievable', async () => {
    const arsenal = createArsenal();
    const handle = await arsenal.addSource(
      createOpenApiToolSource({ name: 'github', spec: specPath }),
    );
    expect(handle.summary.failed).toEqual([]);
    const { tools } = await arsenal.retrieve({
      query: 'create an issue in a repository',
      limit: 5,
    });
    expect(tools.map((scored) => scored.tool.name)).toContain('issues_create');
    await handle.stop();
    await arsenal.close();
  });
});
