import { describe, expect, it } from 'vitest';
import { createToolDefinition } from '../tool/create-tool-definition.js';
import type { ToolDefinitionInput } from '../tool/tool-definition.js';
import { unmatchedPolicyPatterns } from './policy-coverage.js';
import { createSecurityPolicy, UPSTREAM_NAME_METADATA_KEY } from './security-policy.js';

const def = (name: string, extra: Partial<ToolDefinitionInput> = {}) =>
  createToolDefinition({
    name,
    description: `The ${name} tool, for the policy coverage tests.`,
    parametersSchema: { type: 'object' },
    ...extra,
  });

const getEnv = def('get_env', {
  namespace: 'everything',
  metadata: { [UPSTREAM_NAME_METADATA_KEY]: 'get-env' },
});
const echo = def('echo', { namespace: 'everything', capabilities: ['read_data'] });

describe('policy rules and upstream names', () => {
  it('denies a renamed tool by its upstream name as well as its Arsenal name', () => {
    for (const pattern of ['everything.get-env', 'get-env', 'everything.get_env', 'get-*']) {
      const policy = createSecurityPolicy({ deny: { tools: [pattern] } });
      const decision = policy.evaluate({ tool: getEnv, arguments: {} });
      expect(decision.effect, pattern).toBe('deny');
      expect(decision.reason).toContain(pattern);
      expect(policy.evaluate({ tool: echo, arguments: {} }).effect, pattern).toBe('allow');
    }
  });

  it('allows a renamed tool listed by its upstream name', () => {
    const policy = createSecurityPolicy({ allow: { tools: ['everything.get-env'] } });
    expect(policy.evaluate({ tool: getEnv, arguments: {} }).effect).toBe('allow');
    expect(policy.evaluate({ tool: echo, arguments: {} }).effect).toBe('deny');
  });
});

describe('unmatchedPolicyPatterns', () => {
  it('reports patterns that match no tool, with "did you mean"', () => {
    const unmatched = unmatchedPolicyPatterns(
      {
        deny: { tools: ['everything.get-env', 'everything.get_evn', 'nothing_*'] },
        allow: { namespaces: ['everythin'] },
        requireConfirmation: { capabilities: ['read_dta', 'read_*'] },
      },
      [getEnv, echo],
    );
    expect(unmatched.map((entry) => `${entry.rule}.${entry.field}:${entry.pattern}`)).toEqual([
      'allow.namespaces:everythin',
      'deny.tools:everything.get_evn',
      'deny.tools:nothing_*',
      'requireConfirmation.capabilities:read_dta',
    ]);
    const typo = unmatched.find((entry) => entry.pattern === 'everything.get_evn');
    expect(typo?.suggestions[0]).toBe('everything.get_env');
    expect(typo?.message).toMatch(
      /^policy\.deny\.tools: "everything\.get_evn" matches no registered tool\. Did you mean "everything\.get_env"/,
    );
    expect(unmatched[0]?.message).toContain('Did you mean "everything"?');
    expect(unmatched.find((entry) => entry.pattern === 'nothing_*')?.message).toContain(
      'arsenal list',
    );
  });

  it('reports nothing when every pattern matches', () => {
    expect(
      unmatchedPolicyPatterns({ deny: { tools: ['get-env'], namespaces: ['every*'] } }, [getEnv]),
    ).toEqual([]);
  });
});
