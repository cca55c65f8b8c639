import { describe, expect, it } from 'vitest';
import type { Executor } from '../ports/executor.js';
import type { ToolSource, ToolSourceChange } from '../ports/tool-source.js';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import type { ToolDefinition } from '../tool/tool-definition.js';
import { createArsenal } from './arsenal.js';

const def = (name: string, description = `The ${name.replace(/_/g, ' ')} tool of the source.`) =>
  createToolDefinition({ name, namespace: 'remote', description, source: 'mcp_server' });

function fakeSource(initial: ToolDefinition[]) {
  let listener: ((change: ToolSourceChange) => void) | undefined;
  let loads = 0;
  const executor: Executor = {
    kind: 'fake',
    canExecute: (tool) => tool.namespace === 'remote',
    execute: async (request) => `ran ${request.tool.name}`,
  };
  const source: ToolSource = {
    id: 'remote',
    executor,
    load: async () => {
      loads++;
      return initial;
    },
    watch: (next) => {
      listener = next;
      return () => {
        listener = undefined;
      };
    },
  };
  return {
    source,
    emit: (tools: ToolDefinition[]) => listener?.({ tools }),
    loads: () => loads,
    watching: () => listener !== undefined,
  };
}

describe('Arsenal.addSource', () => {
  it('registers the source tools bound to its executor', async () => {
    const arsenal = createArsenal();
    const { source } = fakeSource([def('list_files'), def('read_file')]);
    const handle = await arsenal.addSource(source);
    expect(handle.summary.added).toBe(2);
    expect(handle.tools().sort()).toEqual(['remote.list_files:1.0.0', 'remote.read_file:1.0.0']);
    const result = await arsenal.execute({ tool: 'remote.read_file', arguments: {} });
    expect(result).toMatchObject({ status: 'success', result: 'ran read_file' });
  });

  it('follows changes: adds, updates and removes what the source no longer lists', async () => {
    const arsenal = createArsenal();
    const fake = fakeSource([def('list_files'), def('read_file')]);
    const handle = await arsenal.addSource(fake.source);
    fake.emit([def('read_file', 'Read a file from the remote disk, as text.'), def('write_file')]);
    await handle.stop();
    expect(arsenal.registry.get('remote.list_files')).toBeUndefined();
    expect(arsenal.registry.get('remote.read_file')?.description).toBe(
      'Read a file from the remote disk, as text.',
    );
    expect(arsenal.registry.get('remote.write_file')).toBeDefined();
    expect((await arsenal.retrieve('list files')).tools.map((t) => t.tool.name)).not.toContain(
      'list_files',
    );
    expect(fake.watching()).toBe(false);
  });

  it('can remove every tool of the source when it stops', async () => {
    const arsenal = createArsenal();
    const fake = fakeSource([def('list_files')]);
    const handle = await arsenal.addSource(fake.source);
    await handle.stop({ unregister: true });
    expect(arsenal.registry.count()).toBe(0);
  });

  it('reports a failed re-sync without breaking the watch', async () => {
    const arsenal = createArsenal();
    const errors: string[] = [];
    const fake = fakeSource([def('list_files')]);
    const handle = await arsenal.addSource(fake.source, {
      onSyncError: (error) => errors.push(error.message),
    });
    fake.emit(null as unknown as ToolDefinition[]);
    fake.emit([def('list_files'), def('stat_file')]);
    await handle.stop();
    expect(errors).toHaveLength(1);
    expect(arsenal.registry.get('remote.stat_file')).toBeDefined();
  });
});
