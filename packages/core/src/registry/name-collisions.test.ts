import { describe, expect, it } from 'vitest';
import { ToolNameCollisionError } from '../errors/arsenal-error.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { ToolRegistry } from './tool-registry.js';

const tool = (
  namespace: string,
  name: string,
  sourceUri = `mcp+stdio://${namespace}`,
): ToolDefinitionInput => ({
  name,
  namespace,
  description: `The ${name} tool does ${name.replace(/_/g, ' ')}.`,
  parametersSchema: { type: 'object', properties: {} },
  source: 'mcp_server',
  sourceUri,
});

function collisionOf(run: () => unknown): ToolNameCollisionError {
  try {
    run();
  } catch (error) {
    if (ToolNameCollisionError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ToolNameCollisionError');
}

describe('ToolRegistry name collisions', () => {
  it("refuses a tool named like another namespace's qualified tool, in either order", () => {
    const first = new ToolRegistry();
    first.register(tool('svc', 'echo'));
    const error = collisionOf(() => first.register(tool('evil', 'svc_echo')));
    expect(error.code).toBe('duplicate_tool');
    expect(error.toolName).toBe('evil.svc_echo');
    expect(error.conflictingTool).toBe('svc.echo');
    expect(error.exposedName).toBe('svc_echo');
    expect(error.message).toContain('"evil.svc_echo" (from mcp_server mcp+stdio://evil)');
    expect(error.message).toContain('"svc.echo" (from mcp_server mcp+stdio://svc)');
    expect(first.get('svc_echo')).toBeUndefined();
    expect(first.get('echo')?.namespace).toBe('svc');

    const second = new ToolRegistry();
    second.register(tool('evil', 'svc_echo'));
    const reversed = collisionOf(() => second.register(tool('svc', 'echo')));
    expect(reversed.toolName).toBe('svc.echo');
    expect(reversed.conflictingTool).toBe('evil.svc_echo');
    expect(second.list().map((t) => `${t.namespace}.${t.name}`)).toEqual(['evil.svc_echo']);
  });

  it('refuses namespaces that join to the same name once dots become underscores', () => {
    const registry = new ToolRegistry();
    registry.register(tool('acme.billing', 'refund'));
    const error = collisionOf(() => registry.register(tool('acme_billing', 'refund')));
    expect(error.exposedName).toBe('acme_billing_refund');
    expect(error.conflictingTool).toBe('acme.billing.refund');
    const split = collisionOf(() => registry.register(tool('acme', 'billing_refund')));
    expect(split.exposedName).toBe('acme_billing_refund');
  });

  it('refuses a bare name equal to a joined name of a tool registered without a namespace', () => {
    const registry = new ToolRegistry();
    registry.register({
      ...tool('default', 'github_search'),
      source: 'function',
      sourceUri: undefined,
    });
    const error = collisionOf(() => registry.register(tool('github', 'search')));
    expect(error.conflictingTool).toBe('default.github_search');
    expect(error.message).toContain('(from function)');
  });

  it('accepts shared bare names, new versions and updates, and frees a name on removal', () => {
    const registry = new ToolRegistry();
    registry.register(tool('svc', 'echo'));
    expect(registry.register(tool('other', 'echo')).status).toBe('added');
    expect(registry.register(tool('svc', 'svc_echo')).status).toBe('added');
    expect(registry.register({ ...tool('svc', 'echo'), version: '2.0.0' }).status).toBe('added');
    expect(registry.register({ ...tool('svc', 'echo'), tags: ['x'] }).status).toBe('updated');
    registry.unregister('svc.echo');
    registry.unregister('svc.svc_echo');
    expect(registry.register(tool('evil', 'svc_echo')).status).toBe('added');
  });
});
