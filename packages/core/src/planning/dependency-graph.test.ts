import { describe, expect, it } from 'vitest';
import { createArsenal } from '../arsenal/arsenal.js';
import { ArsenalError } from '../errors/arsenal-error.js';
import { toDot, toMermaid } from './graph-export.js';
import { validatePlan } from './plan-validation.js';
import { createPlanning } from './planning.js';

const tool = (
  name: string,
  dependencies: {
    tool: string;
    kind: 'requires' | 'suggests' | 'conflicts';
    reason?: string;
  }[] = [],
) => ({
  name,
  description: `The ${name.replace(/_/g, ' ')} tool of the test catalog.`,
  dependencies,
});

async function catalog() {
  const arsenal = createArsenal();
  await arsenal.register([
    tool('login'),
    tool('create_ticket', [{ tool: 'login', kind: 'requires', reason: 'needs a "session"' }]),
    tool('close_ticket', [
      { tool: 'create_ticket', kind: 'suggests' },
      { tool: 'delete_ticket', kind: 'conflicts', reason: 'one or the other' },
    ]),
    tool('delete_ticket'),
    tool('audit', [{ tool: 'missing_tool', kind: 'requires' }]),
  ]);
  return { arsenal, planning: createPlanning(arsenal) };
}

describe('dependency graph', () => {
  it('is built from the tools, orders requirements first and keeps unresolved names apart', async () => {
    const { planning } = await catalog();
    const graph = planning.graph;
    expect(graph.nodes).toHaveLength(5);
    expect(graph.edges.map((edge) => `${edge.from} ${edge.kind} ${edge.to}`).sort()).toEqual([
      'default.close_ticket:1.0.0 conflicts default.delete_ticket:1.0.0',
      'default.close_ticket:1.0.0 suggests default.create_ticket:1.0.0',
      'default.create_ticket:1.0.0 requires default.login:1.0.0',
    ]);
    expect(graph.unresolved).toEqual([
      { from: 'default.audit:1.0.0', to: 'missing_tool', kind: 'requires' },
    ]);
    expect(graph.order(['default.create_ticket:1.0.0'])).toEqual([
      'default.login:1.0.0',
      'default.create_ticket:1.0.0',
    ]);
    expect(
      graph.conflicts('default.delete_ticket:1.0.0', 'default.close_ticket:1.0.0')?.reason,
    ).toBe('one or the other');
  });

  it('names a cycle and refuses to order it', async () => {
    const { planning } = await catalog();
    planning.declare({ from: 'login', to: 'create_ticket', kind: 'requires' });
    const graph = planning.graph;
    expect(graph.cycles()).toEqual([
      ['default.create_ticket:1.0.0', 'default.login:1.0.0', 'default.create_ticket:1.0.0'],
    ]);
    let thrown: unknown;
    try {
      graph.order();
    } catch (error) {
      thrown = error;
    }
    expect(ArsenalError.isInstance(thrown) && thrown.code).toBe('dependency_cycle');
    expect((thrown as Error).message).toContain(
      'default.create_ticket:1.0.0 → default.login:1.0.0 → default.create_ticket:1.0.0',
    );
    expect(() => planning.declare({ from: 'login', to: 'login', kind: 'requires' })).toThrow(
      /cannot depend on itself/,
    );
  });

  it('versions every change and says what changed', async () => {
    const { arsenal, planning } = await catalog();
    const first = planning.graph.version;
    expect(planning.graph.version).toBe(first);
    planning.declare({ from: 'audit', to: 'login', kind: 'suggests', reason: 'config' });
    expect(planning.graph.version).toBe(first + 1);
    expect(planning.graph.changes.at(-1)?.added).toEqual([
      {
        from: 'default.audit:1.0.0',
        to: 'default.login:1.0.0',
        kind: 'suggests',
        reason: 'config',
        origin: 'declared',
      },
    ]);
    await arsenal.unregister('login');
    const after = planning.graph;
    expect(after.version).toBe(first + 2);
    expect(
      after.changes
        .at(-1)
        ?.removed.map((edge) => edge.kind)
        .sort(),
    ).toEqual(['requires', 'suggests']);
    planning.close();
  });

  it('exports JSON, Mermaid and DOT with hostile names and reasons escaped', async () => {
    const { planning } = await catalog();
    const graph = planning.graph;
    const json = JSON.parse(JSON.stringify(graph));
    expect(json.edges).toHaveLength(3);
    const mermaid = toMermaid(graph);
    expect(mermaid.startsWith('flowchart LR\n')).toBe(true);
    expect(mermaid).toMatch(/t\d+ -->\|"requires: needs a #quot;session#quot;"\| t\d+/);
    expect(mermaid).toMatch(/--x\|"conflicts: one or the other"\|/);
    const dot = toDot(graph);
    expect(dot).toContain(
      '"default.create_ticket:1.0.0" -> "default.login:1.0.0" [label="requires: needs a \\"session\\"", style=solid];',
    );
    expect(dot.trim().endsWith('}')).toBe(true);
  });
});

describe('plan validation', () => {
  it('reports every problem with its step: ids, cycles, unknown parameters, conflicts, requirements', async () => {
    const { arsenal, planning } = await catalog();
    await arsenal.register([
      {
        name: 'strict_tool',
        description: 'A tool that takes exactly one integer parameter.',
        parametersSchema: {
          type: 'object',
          properties: { count: { type: 'integer' } },
          required: ['count'],
          additionalProperties: false,
        },
      },
    ]);
    const host = { tool: (name: string) => arsenal.registry.get(name), graph: planning.graph };
    const validation = validatePlan(
      {
        input: { count: 'three' },
        steps: [
          { id: 'input', tool: 'login' },
          { id: 'a', tool: 'close_ticket', after: ['b'] },
          { id: 'b', tool: 'delete_ticket', after: ['a'] },
          { id: 'b', tool: 'login' },
          {
            id: 'c',
            tool: 'strict_tool',
            inputs: { count: 'input#/count' },
            arguments: { extra: 1 },
          },
          { id: 'd', tool: 'create_ticket', fallbacks: ['no_such_tool'] },
          { id: 'e', tool: 'strict_tool', inputs: { count: 'input#/missing' }, after: ['ghost'] },
          { id: 'f', tool: 'strict_tool', inputs: { count: 'not a pointer#x' } },
        ],
      },
      host,
    );
    expect(validation.valid).toBe(false);
    const found = validation.issues.map((issue) => `${issue.step ?? '-'} ${issue.code}`);
    expect(found).toEqual(
      expect.arrayContaining([
        '- invalid_step_id',
        'b duplicate_step',
        'a step_cycle',
        'c incompatible_value',
        'c unknown_parameter',
        'd unknown_tool',
        'd missing_requirement',
        'e missing_value',
        'e unknown_source',
        'f unknown_source',
      ]),
    );
    expect(validation.issues.find((issue) => issue.code === 'missing_requirement')?.severity).toBe(
      'warning',
    );
    expect(validatePlan({ steps: [] }, host).issues[0]?.code).toBe('empty_plan');
  });

  it('finds conflicting tools in one plan', async () => {
    const { planning } = await catalog();
    const validation = planning.validate({
      steps: [
        { id: 'close', tool: 'close_ticket' },
        { id: 'delete', tool: 'delete_ticket', after: ['close'] },
      ],
    });
    expect(validation.issues).toEqual([
      expect.objectContaining({ step: 'delete', code: 'conflicting_tools', severity: 'error' }),
    ]);
    expect(validation.order).toEqual(['close', 'delete']);
  });
});
