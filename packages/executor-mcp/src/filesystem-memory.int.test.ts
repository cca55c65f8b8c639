import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ToolDefinition } from '@arsenal/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpToolSource, type McpToolSource } from './index.js';
import { callTool, findTool, rejectionOf } from './test-support/call-tool.js';
import { stdioServer } from './test-support/reference-servers.js';

describe('server-filesystem scoped to a temporary directory', () => {
  let directory: string;
  let source: McpToolSource;
  let tools: ToolDefinition[];

  beforeAll(async () => {
    directory = realpathSync(mkdtempSync(join(tmpdir(), 'arsenal-mcp-fs-')));
    source = createMcpToolSource({
      name: 'filesystem',
      transport: stdioServer('server-filesystem', [directory]),
    });
    tools = await source.load();
  });

  afterAll(async () => {
    await source.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('maps destructive tools to requiring confirmation', () => {
    expect(findTool(tools, 'write_file').requiresConfirmation).toBe(true);
    expect(findTool(tools, 'read_text_file').requiresConfirmation).toBe(false);
    expect(findTool(tools, 'read_text_file').capabilities).toContain('read_data');
  });

  it('writes a file, then reads it back', async () => {
    const path = join(directory, 'note.txt');
    await callTool(source, tools, 'write_file', { path, content: 'remember the milk' });
    expect(readFileSync(path, 'utf8')).toBe('remember the milk');
    const read = await callTool(source, tools, 'read_text_file', { path });
    expect(read.content[0]).toMatchObject({ type: 'text', text: 'remember the milk' });
    expect(read.structuredContent).toEqual({ content: 'remember the milk' });
  });

  it('reports a path outside the allowed directory as a tool failure', async () => {
    const error = await rejectionOf(
      callTool(source, tools, 'read_text_file', { path: join(tmpdir(), 'elsewhere.txt') }),
    );
    expect(error).toMatchObject({ code: 'execution_failed', retryable: false });
    expect((error as Error).message).toMatch(/denied|outside|not allowed/i);
  });
});

describe('server-memory', () => {
  let directory: string;
  let source: McpToolSource;
  let tools: ToolDefinition[];

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'arsenal-mcp-memory-'));
    source = createMcpToolSource({
      name: 'memory',
      transport: stdioServer('server-memory', [], {
        MEMORY_FILE_PATH: join(directory, 'memory.jsonl'),
      }),
    });
    tools = await source.load();
  });

  afterAll(async () => {
    await source.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('creates entities, then reads them back from the graph', async () => {
    await callTool(source, tools, 'create_entities', {
      entities: [
        { name: 'Ada', entityType: 'person', observations: ['wrote the first program'] },
        { name: 'Analytical Engine', entityType: 'machine', observations: [] },
      ],
    });
    await callTool(source, tools, 'create_relations', {
      relations: [{ from: 'Ada', to: 'Analytical Engine', relationType: 'programmed' }],
    });
    const graph = await callTool(source, tools, 'read_graph');
    const structured = graph.structuredContent as {
      entities: { name: string }[];
      relations: { relationType: string }[];
    };
    expect(structured.entities.map((entity) => entity.name).sort()).toEqual([
      'Ada',
      'Analytical Engine',
    ]);
    expect(structured.relations[0]?.relationType).toBe('programmed');
  });
});
