import { describe, expect, it } from 'vitest';
import { ToolDefinitionError } from '../errors/arsenal-error.js';
import { defineTool } from '../tool/define-tool.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { type RegistryChange, ToolRegistry } from './tool-registry.js';

const tool = (name: string, extra: Partial<ToolDefinitionInput> = {}): ToolDefinitionInput => ({
  name,
  description: `The ${name} tool does ${name.replace(/_/g, ' ')}.`,
  parametersSchema: { type: 'object', properties: {} },
  ...extra,
});

describe('ToolRegistry', () => {
  it('is idempotent by content hash and reports changes', () => {
    const registry = new ToolRegistry();
    const changes: RegistryChange['type'][] = [];
    registry.onChange((change) => changes.push(change.type));
    expect(registry.register(tool('send_email')).status).toBe('added');
    expect(registry.register(tool('send_email')).status).toBe('unchanged');
    expect(registry.register(tool('send_email', { tags: ['mail'] })).status).toBe('updated');
    expect(changes).toEqual(['added', 'updated']);
    expect(registry.count()).toBe(1);
  });

  it('keeps several versions side by side and resolves the latest', () => {
    const registry = new ToolRegistry();
    registry.register(tool('search_docs', { version: '1.2.0' }));
    registry.register(tool('search_docs', { version: '1.10.0' }));
    registry.register(tool('search_docs', { version: '2.0.0-beta.1' }));
    expect(registry.count()).toBe(3);
    expect(registry.get('search_docs')?.version).toBe('2.0.0-beta.1');
    expect(registry.get('search_docs:1.2.0')?.version).toBe('1.2.0');
    expect(registry.get('default.search_docs:1.10.0')?.version).toBe('1.10.0');
    expect(registry.list().map((t) => t.version)).toEqual(['2.0.0-beta.1']);
    expect(registry.list({ allVersions: true }).map((t) => t.version)).toEqual([
      '1.2.0',
      '1.10.0',
      '2.0.0-beta.1',
    ]);
    registry.unregister('search_docs:2.0.0-beta.1');
    expect(registry.get('search_docs')?.version).toBe('1.10.0');
    expect(registry.unregister('search_docs')).toHaveLength(2);
    expect(registry.count()).toBe(0);
  });

  it('tells the newest version as versions come and go', () => {
    const registry = new ToolRegistry();
    const latest = () =>
      registry
        .list({ allVersions: true })
        .filter((t) => registry.isLatest(t))
        .map((t) => `${t.name}@${t.version}`);
    const one = registry.register(tool('search_docs', { version: '1.0.0' })).tool;
    registry.register(tool('send_email'));
    expect(latest()).toEqual(['search_docs@1.0.0', 'send_email@1.0.0']);
    registry.register(tool('search_docs', { version: '2.0.0' }));
    registry.register(tool('search_docs', { version: '3.0.0' }));
    expect(latest()).toEqual(['search_docs@3.0.0', 'send_email@1.0.0']);
    expect(registry.isLatest(one)).toBe(false);
    registry.unregister('search_docs:3.0.0');
    expect(latest()).toEqual(['search_docs@2.0.0', 'send_email@1.0.0']);
    registry.unregister('search_docs:2.0.0');
    // One version left: it is the newest again.
    expect(registry.isLatest(one)).toBe(true);
    registry.register(tool('search_docs', { version: '0.9.0' }));
    expect(latest()).toEqual(['search_docs@1.0.0', 'send_email@1.0.0']);
    registry.unregister('search_docs:1.0.0');
    registry.unregister('search_docs:0.9.0');
    // A definition no longer registered is nobody's newest version.
    expect(registry.isLatest(one)).toBe(false);
    expect(latest()).toEqual(['send_email@1.0.0']);
  });

  it('refuses to guess a bare name that exists in several namespaces', () => {
    const registry = new ToolRegistry();
    registry.register(tool('create_issue', { namespace: 'github' }));
    registry.register(tool('create_issue', { namespace: 'jira' }));
    expect(registry.get('create_issue')).toBeUndefined();
    expect(registry.get('jira.create_issue')?.namespace).toBe('jira');
  });

  it('keeps bare names resolving as tools come and go after the first lookup', () => {
    const registry = new ToolRegistry();
    registry.register(tool('create_issue', { namespace: 'github' }));
    expect(registry.get('create_issue')?.namespace).toBe('github');
    registry.register(tool('create_issue', { namespace: 'jira' }));
    registry.register(tool('close_issue', { namespace: 'jira' }));
    expect(registry.get('create_issue')).toBeUndefined();
    expect(registry.get('close_issue')?.namespace).toBe('jira');
    expect(registry.unregister('github.create_issue')).toHaveLength(1);
    expect(registry.get('create_issue')?.namespace).toBe('jira');
    expect(registry.unregister('create_issue')).toHaveLength(1);
    expect(registry.get('create_issue')).toBeUndefined();
    expect(registry.suggest('close_isue')).toEqual(['close_issue']);
  });

  it('resolves aliases and suggests close names', () => {
    const registry = new ToolRegistry();
    registry.register(tool('send_email'));
    registry.alias('mail', 'send_email');
    expect(registry.get('mail')?.name).toBe('send_email');
    expect(registry.suggest('send_emial')).toEqual(['send_email']);
    expect(() => registry.alias('x', 'nope')).toThrow(/no such tool/);
  });

  it('lists with namespace, source and tag filters and pagination', () => {
    const registry = new ToolRegistry();
    for (const name of ['a_tool', 'b_tool', 'c_tool', 'd_tool'])
      registry.register(tool(name, { tags: name < 'c' ? ['early'] : [] }));
    registry.register(tool('e_tool', { namespace: 'other', source: 'mcp_server' }));
    expect(registry.list({ tag: 'early' }).map((t) => t.name)).toEqual(['a_tool', 'b_tool']);
    expect(registry.list({ namespace: 'other' }).map((t) => t.name)).toEqual(['e_tool']);
    expect(registry.list({ source: 'mcp_server' }).map((t) => t.name)).toEqual(['e_tool']);
    expect(registry.list({ offset: 1, limit: 2 }).map((t) => t.name)).toEqual(['b_tool', 'c_tool']);
    expect(registry.count({ namespace: 'default' })).toBe(4);
    expect(() => registry.list({ offset: -1 })).toThrow(/offset/);
  });

  it('deprecates a tool and keeps its executor', () => {
    const registry = new ToolRegistry();
    registry.register(
      defineTool({
        name: 'old_tool',
        description: 'An old tool that still works.',
        input: { type: 'object' },
        handler: () => 1,
      }),
    );
    const deprecated = registry.deprecate('old_tool', 'Use new_tool.', 'new_tool');
    expect(deprecated.deprecated).toBe(true);
    expect(deprecated.supersededBy).toBe('new_tool');
    expect(registry.resolve('old_tool')?.executor?.kind).toBe('function');
  });

  it('binds an executor to function tools', async () => {
    const registry = new ToolRegistry();
    registry.register(
      defineTool({
        name: 'double_it',
        description: 'Double the number given.',
        input: { type: 'object', properties: { n: { type: 'number' } } },
        handler: ({ n }) => (n ?? 0) * 2,
      }),
    );
    const resolved = registry.resolve('double_it')!;
    expect(resolved.executor!.canExecute(resolved.definition)).toBe(true);
    const result = await resolved.executor!.execute({
      tool: resolved.definition,
      arguments: { n: 21 },
      context: {} as never,
    });
    expect(result).toBe(42);
  });

  it('throws ToolDefinitionError for invalid input and registers nothing', () => {
    const registry = new ToolRegistry();
    expect(() => registry.register(tool('Bad Name'))).toThrow(ToolDefinitionError);
    expect(registry.count()).toBe(0);
  });
});
