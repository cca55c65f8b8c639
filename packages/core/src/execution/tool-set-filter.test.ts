import { describe, expect, it } from 'vitest';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import { filterToolSet } from './tool-set-filter.js';

const def = (name: string, metadata: Record<string, unknown> = {}) =>
  createToolDefinition({
    name,
    description: `The ${name} tool, for the tool-set filter tests.`,
    parametersSchema: { type: 'object' },
    metadata,
  });

describe('filterToolSet', () => {
  const web = def('web_search', { promptGuidance: 'Cite every source you use.' });
  const research = def('deep_research', { exclusive: true, takesControl: true });
  const docs = def('internal_search');

  it('offers everything with tool_choice auto when nothing is filtered', () => {
    const set = filterToolSet([web, docs]);
    expect(set.tools.map((tool) => tool.name)).toEqual(['web_search', 'internal_search']);
    expect(set.toolChoice).toBe('auto');
    expect(set.promptGuidance).toEqual([
      { tool: 'web_search', guidance: 'Cite every source you use.' },
    ]);
  });

  it('offers only the exclusive tool when one is present', () => {
    const set = filterToolSet([web, research, docs]);
    expect(set.tools).toEqual([research]);
    expect(set.exclusive).toBe('deep_research');
    expect(set.handOffTools).toEqual(['deep_research']);
    expect(set.excluded.map((entry) => entry.reason)).toEqual(['exclusive', 'exclusive']);
  });

  it('removes admin-disabled tools first, even an exclusive one', () => {
    const set = filterToolSet([web, research, docs], { disabled: ['deep_*'] });
    expect(set.tools.map((tool) => tool.name)).toEqual(['web_search', 'internal_search']);
    expect(set.exclusive).toBeUndefined();
  });

  it('narrows to user-forced tools in the OpenAI tool_choice shape', () => {
    const one = filterToolSet([web, docs], { forced: ['internal_search'] });
    expect(one.tools).toEqual([docs]);
    expect(one.toolChoice).toEqual({ type: 'function', function: { name: 'internal_search' } });
    const two = filterToolSet([web, docs], { forced: ['web_search', 'internal_search'] });
    expect(two.forced).toHaveLength(2);
    expect(two.toolChoice).toBe('required');
  });
});
